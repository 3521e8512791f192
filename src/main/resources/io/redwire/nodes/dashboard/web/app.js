// Redwire's dashboard client, its layout: pages -> groups -> widgets as ui-base describes them, each widget drawn by
// the component its module registered (widgets/*.js), themed from the page's ui-theme. Widgets without a group (a
// notification, a page-wide template, ui-event, ui-control) are drawn once for the page, outside the groups.
(function () {
  'use strict';
  const { createApp, computed, ref, watch } = Vue;
  const { base, store, kinds, connect, controlled, navigate } = RW;
  const byOrder = (a, b) => (Number(a.order) || 0) - (Number(b.order) || 0);
  const isTrue = (v) => v !== false && v !== 'false';
  const WIDE = 960; // from this width the side navigation stays open beside the page, as Dashboard 2.0's does

  const App = {
    setup() {
      // ui-page and ui-link entries, as listed in the navigation
      const entries = computed(() => store.layout ? store.layout.pages
        .filter((p) => isTrue(controlled('pages', p.id, 'visible') ?? p.visible)).slice().sort(byOrder) : []);
      const pages = computed(() => entries.value.filter((p) => p.type !== 'ui-link'));
      const page = computed(() => pages.value.find((p) => p.path === store.path || p.path === '/' + store.path.replace(/^\//, ''))
        || pages.value[0]);
      const look = computed(() => (store.layout && store.layout.look) || {});
      const navStyle = computed(() => look.value.navigationStyle || 'default');
      const navOpen = ref(window.innerWidth >= WIDE);
      // on a narrow screen (a phone) or "temporary" style the navigation lies over the page and closes after a pick
      const overlay = computed(() => navStyle.value === 'temporary' || store.width < WIDE);
      const showNav = computed(() => navStyle.value !== 'none' && entries.value.length > 0
        && (navStyle.value === 'fixed' || navOpen.value));
      const flex = computed(() => page.value && page.value.layout === 'flex');
      const cols = computed(() => {
        const bps = (page.value && page.value.breakpoints || []).slice().sort((a, b) => a.px - b.px);
        let n = 12;
        bps.forEach((bp) => { if (store.width >= bp.px) { n = bp.cols; } });
        return n;
      });
      const groups = computed(() => !page.value ? [] : store.layout.groups
        .filter((g) => g.page === page.value.id && isTrue(controlled('groups', g.id, 'visible') ?? g.visible))
        .slice().sort(byOrder));
      // a widget of a group that acts on every page (a Dashboard 1 ui_audio with "always") lives outside it
      const widgetsOf = (g) => store.layout.widgets.filter((w) => w.group === g.id && !w.everyPage).slice().sort(byOrder);
      // the page's widgets that live outside groups: those of the whole dashboard, and those of this page
      const siteWidgets = computed(() => !store.layout ? [] : store.layout.widgets
        .filter((w) => (!w.group || w.everyPage) && kinds[w.type] && (!w.page || (page.value && w.page === page.value.id))));
      const groupWidth = (g) => flex.value ? (Number(g.width) || 6) : Math.min(Number(g.width) || cols.value, cols.value);
      const groupStyle = (g) => {
        const w = groupWidth(g);
        const inner = { gridTemplateColumns: 'repeat(' + w + ', minmax(0, 1fr))' };
        // a flex page (Dashboard 1's, and 2.0's flex layout) gives a group a fixed width: w grid units
        return Object.assign(inner, flex.value ? { width: 'calc(' + w + ' * var(--rw-unit))' } : { gridColumn: 'span ' + w });
      };
      const widgetStyle = (g, w) => {
        const gw = groupWidth(g);
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
      const title = computed(() => {
        const site = store.layout ? store.layout.name : 'Dashboard';
        const name = page.value ? page.value.name : site;
        return { dashboard: site, dashpage: site + ' — ' + name, none: '' }[look.value.headerContent] ?? name;
      });
      // a Dashboard 1 ui_link opening in a frame: shown in the page's place until a page is opened
      const framed = ref(null);
      watch(() => store.path, () => { framed.value = null; });
      const go = (p, e) => {
        if (p.type === 'ui-link' && p.target !== 'iframe') { return; }
        e.preventDefault();
        if (p.type === 'ui-link') { framed.value = p; } else { framed.value = null; navigate(p); }
        if (overlay.value && navStyle.value !== 'fixed') { navOpen.value = false; }
      };
      // a Dashboard 1 ui_link's newtab opens a new browser tab; thistab (and Dashboard 2.0's) this one
      const linkTarget = (p) => p.type === 'ui-link' && p.target === 'newtab' ? '_blank' : null;
      const current = (p) => framed.value ? p.id === framed.value.id : page.value && p.id === page.value.id;
      window.addEventListener('resize', () => { store.width = window.innerWidth; });
      watch(() => store.width >= WIDE, (wide) => { navOpen.value = wide; });
      const setVars = (vars) => Object.entries(vars).forEach(([k, v]) => {
        if (v) { document.documentElement.style.setProperty(k, v); } else { document.documentElement.style.removeProperty(k); }
      });
      watch(page, (p) => {
        store.page = p || null;
        // the page's ui-theme, else the dashboard's own (a Dashboard 1 ui_base's)
        const t = (p && p.theme) || (store.layout && store.layout.theme) || {};
        const c = t.colors || {};
        const z = t.sizes || {};
        setVars({ '--rw-primary': c.primary, '--rw-page': c.bgPage, '--rw-card': c.groupBg, '--rw-outline': c.groupOutline,
          '--rw-surface': c.surface, '--rw-gap': z.groupGap, '--rw-pad': z.pagePadding, '--rw-radius': z.groupBorderRadius,
          '--rw-widget-gap': z.widgetGap, '--rw-row': z.rowHeight });
        // Dashboard 1 titles the browser tab with the site's name
        document.title = look.value.siteTitle && store.layout ? store.layout.name : p ? p.name : document.title;
      }, { immediate: true });
      return { store, entries, page, look, navStyle, navOpen, overlay, showNav, flex, cols, groups, widgetsOf,
        siteWidgets, groupStyle, widgetStyle, widgetClass, groupDisabled, title, href, go, kinds, base, framed,
        linkTarget, current };
    },
    template: `
      <header class="rw-bar" v-if="look.titleBarStyle !== 'hidden'" :class="{ 'rw-bar-fixed': look.titleBarStyle === 'fixed' }">
        <button type="button" class="rw-menu" v-if="navStyle !== 'none' && navStyle !== 'fixed' && entries.length"
                aria-label="Pages" :aria-expanded="String(navOpen)" @click="navOpen = !navOpen">&#9776;</button>
        <h1>{{ title }}</h1></header>
      <div class="rw-offline" v-if="!store.online" role="status">Disconnected, reconnecting…</div>
      <div class="rw-body" :class="{ 'rw-overlaid': overlay }">
        <nav class="rw-nav" v-if="showNav" aria-label="Pages">
          <a v-for="p in entries" :key="p.id" :href="href(p)" :data-nav-id="p.id" :target="linkTarget(p)"
             :rel="linkTarget(p) ? 'noopener' : null"
             :class="{ 'rw-current': current(p), 'rw-disabled': p.disabled === true || p.disabled === 'true' }"
             @click="go(p, $event)">{{ p.name }}<small v-if="look.showPathInSidebar && p.type !== 'ui-link'">{{ p.path }}</small></a></nav>
        <div class="rw-scrim" v-if="showNav && overlay && navStyle !== 'fixed'" @click="navOpen = false"></div>
      <iframe v-if="framed" class="rw-frame" :src="framed.path" :title="framed.name" :data-frame-id="framed.id"></iframe>
      <main class="rw-page" v-else-if="page" :class="{ 'rw-flex': flex }" :data-page-id="page.id"
            :style="flex ? {} : { gridTemplateColumns: 'repeat(' + cols + ', minmax(0, 1fr))' }">
        <section v-for="g in groups" :key="g.id" class="rw-group" :class="[g.className, { 'rw-disabled': groupDisabled(g) }]"
                 :data-group-id="g.id" :style="groupStyle(g)" :inert="groupDisabled(g) || null">
          <h2 v-if="g.showTitle !== false">{{ g.name }}</h2>
          <div v-for="w in widgetsOf(g)" :key="w.id" :class="widgetClass(w)" :data-widget-id="w.id" :data-type="w.type"
               :style="widgetStyle(g, w)">
            <component v-if="kinds[w.type]" :is="kinds[w.type].name" :w="w"></component>
          </div>
        </section>
      </main>
      </div>
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
