// Redwire's dashboard client, its layout: pages -> groups -> widgets as ui-base describes them, each widget drawn by
// the component its module registered (widgets/*.js), themed from the page's ui-theme.
(function () {
  'use strict';
  const { createApp, computed, ref, watch } = Vue;
  const { base, store, kinds, connect } = RW;
  const byOrder = (a, b) => (a.order ?? 0) - (b.order ?? 0);

  const App = {
    setup() {
      const pages = computed(() => store.layout ? store.layout.pages.filter((p) => p.visible !== false && p.visible !== 'false').slice().sort(byOrder) : []);
      const path = ref(location.pathname.slice(base.length - 1) || '/');
      const page = computed(() => pages.value.find((p) => p.path === path.value || p.path === '/' + path.value.replace(/^\//, ''))
        || pages.value[0]);
      const cols = computed(() => {
        const bps = (page.value && page.value.breakpoints || []).slice().sort((a, b) => a.px - b.px);
        let n = 12;
        bps.forEach((bp) => { if (store.width >= bp.px) { n = bp.cols; } });
        return n;
      });
      const groups = computed(() => !page.value ? [] : store.layout.groups
        .filter((g) => g.page === page.value.id && g.visible !== false).slice().sort(byOrder));
      const widgetsOf = (g) => store.layout.widgets.filter((w) => w.group === g.id).slice()
        .sort(byOrder);
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
        return ['rw-widget', kinds[w.type] ? kinds[w.type].cssClass : '', w.type === 'ui-text' ? 'rw-' + (st.layout || w.layout || 'row-spread') : '',
          w.className || '', st.class || '', st.visible === false ? 'rw-hidden' : ''];
      };
      const go = (p, e) => { e.preventDefault(); history.pushState(null, '', base + p.path.replace(/^\//, '')); path.value = p.path; };
      window.addEventListener('popstate', () => { path.value = location.pathname.slice(base.length - 1) || '/'; });
      window.addEventListener('resize', () => { store.width = window.innerWidth; });
      watch(page, (p) => {
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
      });
      return { store, pages, page, cols, groups, widgetsOf, groupStyle, widgetStyle, widgetClass, go, kinds, base };
    },
    template: `
      <header class="rw-bar"><h1>{{ page ? page.name : (store.layout ? store.layout.name : 'Dashboard') }}</h1>
        <nav class="rw-nav" v-if="pages.length > 1">
          <a v-for="p in pages" :key="p.id" :href="base + p.path.replace(/^\\//, '')" :class="{ 'rw-current': page && p.id === page.id }"
             @click="go(p, $event)">{{ p.name }}</a></nav></header>
      <div class="rw-offline" v-if="!store.online">Disconnected, reconnecting…</div>
      <main class="rw-page" v-if="page" :style="{ gridTemplateColumns: 'repeat(' + cols + ', minmax(0, 1fr))' }">
        <section v-for="g in groups" :key="g.id" class="rw-group" :class="g.className" :data-group-id="g.id" :style="groupStyle(g)">
          <h2 v-if="g.showTitle !== false">{{ g.name }}</h2>
          <div v-for="w in widgetsOf(g)" :key="w.id" :class="widgetClass(w)" :data-widget-id="w.id" :data-type="w.type"
               :style="widgetStyle(g, w)">
            <component v-if="kinds[w.type]" :is="kinds[w.type].name" :w="w"></component>
          </div>
        </section>
      </main>`
  };

  const app = createApp(App);
  Object.values(kinds).forEach((k) => app.component(k.name, k.component));
  app.mount('#app');
  connect();
})();
