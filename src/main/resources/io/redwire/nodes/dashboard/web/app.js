// Redwire's dashboard client, its layout: pages -> groups -> widgets as ui-base describes them, each widget drawn by
// the component its module registered (widgets/*.js), themed from the page's ui-theme. Widgets without a group (a
// notification, a page-wide template, ui-event, ui-control) are drawn once for the page, outside the groups.
(function () {
  'use strict';
  const { createApp, computed, watch } = Vue;
  const { base, store, kinds, connect, controlled, navigate } = RW;
  const byOrder = (a, b) => (a.order ?? 0) - (b.order ?? 0);
  const isTrue = (v) => v !== false && v !== 'false';

  const App = {
    setup() {
      // ui-page and ui-link entries, as listed in the navigation
      const entries = computed(() => store.layout ? store.layout.pages
        .filter((p) => isTrue(controlled('pages', p.id, 'visible') ?? p.visible)).slice().sort(byOrder) : []);
      const pages = computed(() => entries.value.filter((p) => p.type !== 'ui-link'));
      const page = computed(() => pages.value.find((p) => p.path === store.path || p.path === '/' + store.path.replace(/^\//, ''))
        || pages.value[0]);
      const cols = computed(() => {
        const bps = (page.value && page.value.breakpoints || []).slice().sort((a, b) => a.px - b.px);
        let n = 12;
        bps.forEach((bp) => { if (store.width >= bp.px) { n = bp.cols; } });
        return n;
      });
      const groups = computed(() => !page.value ? [] : store.layout.groups
        .filter((g) => g.page === page.value.id && isTrue(controlled('groups', g.id, 'visible') ?? g.visible))
        .slice().sort(byOrder));
      const widgetsOf = (g) => store.layout.widgets.filter((w) => w.group === g.id).slice().sort(byOrder);
      // the page's widgets that live outside groups: those of the whole dashboard, and those of this page
      const siteWidgets = computed(() => !store.layout ? [] : store.layout.widgets
        .filter((w) => !w.group && kinds[w.type] && (!w.page || (page.value && w.page === page.value.id))));
      const groupStyle = (g) => {
        const w = Math.min(Number(g.width) || cols.value, cols.value);
        return { gridColumn: 'span ' + w, gridTemplateColumns: 'repeat(' + w + ', minmax(0, 1fr))' };
      };
      const widgetStyle = (g, w) => {
        const gw = Math.min(Number(g.width) || cols.value, cols.value);
        const ww = Math.min(Number(w.width) || gw, gw);
        const h = Number(w.height) || (w.type === 'ui-chart' ? 8 : 1);
        return { gridColumn: 'span ' + ww, minHeight: 'calc(' + h + ' * var(--rw-row))' };
      };
      const widgetClass = (w) => {
        const st = store.states[w.id] || {};
        const hidden = st.visible === false || controlled('widgets', w.id, 'visible') === false;
        return ['rw-widget', kinds[w.type] ? kinds[w.type].cssClass : '', w.type === 'ui-text' ? 'rw-' + (st.layout || w.layout || 'row-spread') : '',
          w.className || '', st.class || '', hidden ? 'rw-hidden' : ''];
      };
      const groupDisabled = (g) => (controlled('groups', g.id, 'disabled') ?? g.disabled) === true;
      const href = (p) => p.type === 'ui-link' ? p.path : base + p.path.replace(/^\//, '');
      const go = (p, e) => {
        if (p.type === 'ui-link') { return; }
        e.preventDefault();
        navigate(p);
      };
      window.addEventListener('resize', () => { store.width = window.innerWidth; });
      watch(page, (p) => {
        store.page = p || null;
        const t = p && p.theme;
        const root = document.documentElement.style;
        if (t && t.colors) {
          root.setProperty('--rw-primary', t.colors.primary || '');
          root.setProperty('--rw-page', t.colors.bgPage || '');
          root.setProperty('--rw-card', t.colors.groupBg || '');
          root.setProperty('--rw-outline', t.colors.groupOutline || '');
        }
        if (t && t.sizes) {
          root.setProperty('--rw-gap', t.sizes.groupGap || '');
          root.setProperty('--rw-pad', t.sizes.pagePadding || '');
          root.setProperty('--rw-radius', t.sizes.groupBorderRadius || '');
        }
        document.title = p ? p.name : document.title;
      }, { immediate: true });
      return { store, entries, page, cols, groups, widgetsOf, siteWidgets, groupStyle, widgetStyle, widgetClass,
        groupDisabled, href, go, kinds, base };
    },
    template: `
      <header class="rw-bar"><h1>{{ page ? page.name : (store.layout ? store.layout.name : 'Dashboard') }}</h1>
        <nav class="rw-nav" v-if="entries.length > 1">
          <a v-for="p in entries" :key="p.id" :href="href(p)" :data-nav-id="p.id"
             :class="{ 'rw-current': page && p.id === page.id, 'rw-disabled': p.disabled === true || p.disabled === 'true' }"
             @click="go(p, $event)">{{ p.name }}</a></nav></header>
      <div class="rw-offline" v-if="!store.online">Disconnected, reconnecting…</div>
      <main class="rw-page" v-if="page" :style="{ gridTemplateColumns: 'repeat(' + cols + ', minmax(0, 1fr))' }">
        <section v-for="g in groups" :key="g.id" class="rw-group" :class="[g.className, { 'rw-disabled': groupDisabled(g) }]"
                 :data-group-id="g.id" :style="groupStyle(g)" :inert="groupDisabled(g) || null">
          <h2 v-if="g.showTitle !== false">{{ g.name }}</h2>
          <div v-for="w in widgetsOf(g)" :key="w.id" :class="widgetClass(w)" :data-widget-id="w.id" :data-type="w.type"
               :style="widgetStyle(g, w)">
            <component v-if="kinds[w.type]" :is="kinds[w.type].name" :w="w"></component>
          </div>
        </section>
      </main>
      <div class="rw-site">
        <div v-for="w in siteWidgets" :key="w.id" :class="widgetClass(w)" :data-widget-id="w.id" :data-type="w.type">
          <component :is="kinds[w.type].name" :w="w"></component>
        </div>
      </div>`
  };

  const app = createApp(App);
  Object.values(kinds).forEach((k) => app.component(k.name, k.component));
  app.mount('#app');
  connect();
})();
