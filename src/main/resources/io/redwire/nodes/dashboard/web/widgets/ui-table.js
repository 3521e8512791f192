// The ui-table widget of Redwire's dashboard client: the rows the node keeps (msg.payload), searchable, paged by
// maxrows; a click on a row sends it (action "row_click"), ticking rows sends them ("multi_select"). A table no
// wider than its mobile breakpoint shows each row as a card, each cell under its column's title, as Dashboard 2.0
// 1.31's does: the table's own width against md / lg (768 / 1024 px) or px; 1.31's page knows no width for sm, the
// default its editor labels "< 576px" (it has xs: 576), so a table left at sm never switches there, nor here.
(function () {
  'use strict';
  const { ref, computed, watch, onMounted, onBeforeUnmount } = Vue;
  const BREAKPOINTS = { xs: 576, md: 768, lg: 1024 };

  // the widest the table may be and show cards, or -1 for never
  function cardsUpTo(w) {
    const type = w.mobileBreakpointType || 'defaults';
    if (type === 'px') { return Number(w.mobileBreakpoint); }
    return type === 'defaults' ? (BREAKPOINTS[w.mobileBreakpoint || 'sm'] ?? -1) : -1;
  }
  const { action, shown, widgetComponent } = RW;

  const UiTable = widgetComponent(
    '<span class="rw-label" v-if="prop(\'label\')">{{ prop("label") }}</span>' +
      '<input v-if="prop(\'showSearch\') !== false" type="search" class="rw-search" v-model="search" placeholder="Search" aria-label="Search">' +
      '<div ref="box"><table class="rw-table" :class="{ \'rw-table-cards\': cards }"><thead><tr><th v-if="checkbox"></th><th v-for="c in columns" :key="c.key">{{ c.title }}</th></tr></thead>' +
      '<tbody><tr v-for="(r, i) in shownRows" :key="i" :class="{ \'rw-selectable\': click, \'rw-selected\': picked === r }" @click="rowClick(r)">' +
      '<td v-if="checkbox"><input type="checkbox" :checked="ticked.includes(r)" @click.stop="tick(r)"></td>' +
      '<td v-for="c in columns" :key="c.key"><span v-if="cards" class="rw-cell-title">{{ c.title }}</span>{{ cell(r, c.key) }}</td></tr></tbody></table></div>' +
      '<div v-if="pages > 1" class="rw-pager"><button v-for="n in pages" :key="n" type="button" :class="{ \'rw-chosen\': n === page }" @click="page = n">{{ n }}</button></div>',
    (props, { prop, msg }) => {
      const rows = computed(() => {
        const p = msg.value && msg.value.payload;
        return Array.isArray(p) ? p.filter((r) => r && typeof r === 'object') : (p && typeof p === 'object' ? [p] : []);
      });
      const search = ref('');
      const page = ref(1);
      const picked = ref(null);
      const ticked = ref([]);
      const columns = computed(() => {
        if (prop('autocols') === false && (props.w.columns || []).length) {
          return props.w.columns.map((c) => ({ key: c.key, title: c.title || c.label || c.key }));
        }
        const keys = [];
        rows.value.forEach((r) => Object.keys(r).forEach((k) => { if (!keys.includes(k)) { keys.push(k); } }));
        return keys.map((k) => ({ key: k, title: k }));
      });
      const cell = (r, k) => shown(k.split('.').reduce((v, p) => v == null ? v : v[p], r));
      const filtered = computed(() => !search.value ? rows.value : rows.value.filter((r) =>
        columns.value.some((c) => cell(r, c.key).toLowerCase().includes(search.value.toLowerCase()))));
      const max = computed(() => Number(prop('maxrows')) || 0);
      const pages = computed(() => max.value ? Math.ceil(filtered.value.length / max.value) : 1);
      const shownRows = computed(() => max.value ? filtered.value.slice((page.value - 1) * max.value, page.value * max.value) : filtered.value);
      watch(rows, () => { ticked.value = ticked.value.filter((r) => rows.value.includes(r)); });
      const box = ref(null);
      const cards = ref(false);
      let observer = null;
      onMounted(() => {
        const upTo = cardsUpTo(props.w);
        if (!(upTo >= 0)) { return; }
        observer = new ResizeObserver(() => { cards.value = box.value.clientWidth <= upTo; });
        observer.observe(box.value);
      });
      onBeforeUnmount(() => { if (observer) { observer.disconnect(); } });
      return {
        box, cards, search, page, pages, picked, ticked, columns, shownRows, cell,
        click: computed(() => prop('selectionType') === 'click'),
        checkbox: computed(() => prop('selectionType') === 'checkbox'),
        rowClick(r) {
          if (prop('selectionType') !== 'click') { return; }
          picked.value = picked.value === r ? null : r;
          action(props.w.id, { payload: r, action: 'row_click' });
        },
        tick(r) {
          ticked.value = ticked.value.includes(r) ? ticked.value.filter((x) => x !== r) : ticked.value.concat([r]);
          action(props.w.id, { payload: ticked.value, action: 'multi_select' });
        }
      };
    });

  RW.register('ui-table', 'UiTable', UiTable, 'rw-table-widget');
})();
