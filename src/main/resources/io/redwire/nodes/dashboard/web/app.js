// Redwire's dashboard client, its layout: pages -> groups -> widgets as ui-base describes them, each widget drawn by
// the component its module registered (widgets/*.js), themed from the page's ui-theme. Widgets without a group (a
// notification, a page-wide template, ui-event, ui-control) are drawn once for the page, outside the groups.
(function () {
  'use strict';
  const { createApp, computed, ref, watch, onMounted } = Vue;
  const { base, store, kinds, connect, controlled, navigate, folds, keptFold, fold, icon } = RW;
  const byOrder = (a, b) => (Number(a.order) || 0) - (Number(b.order) || 0);
  const isTrue = (v) => v !== false && v !== 'false';
  const WIDE = 960; // from this width the side navigation stays open beside the page, as Dashboard 2.0's does

  const widgetClass = (w) => {
    const st = store.states[w.id] || {};
    const hidden = st.visible === false || controlled('widgets', w.id, 'visible') === false;
    return ['rw-widget', kinds[w.type] ? kinds[w.type].cssClass : '', w.type === 'ui-text' ? 'rw-' + (st.layout || w.layout || 'row-spread') : '',
      w.className || '', st.class || '', hidden ? 'rw-hidden' : ''];
  };

  // one group's card: its title and its widgets in `cols` columns, each `width` of them wide and `height` rows tall
  const RwGroup = {
    props: { g: { type: Object, required: true }, cols: { type: Number, required: true }, titled: Boolean },
    setup(props) {
      // a widget of a group that acts on every page (a Dashboard 1 ui_audio with "always") lives outside it
      const widgets = computed(() => store.layout.widgets.filter((w) => w.group === props.g.id && !w.everyPage).slice().sort(byOrder));
      const widgetStyle = (w) => {
        const h = Number(w.height) || (w.type === 'ui-chart' ? 8 : 1);
        // `height` rows of the group's grid, as Dashboard 2.0's grid-row-end: span
        return { gridColumn: 'span ' + Math.min(Number(w.width) || props.cols, props.cols), gridRow: 'span ' + h,
          minHeight: 'calc(' + h + ' * var(--rw-row))' };
      };
      const disabled = computed(() => (controlled('groups', props.g.id, 'disabled') ?? props.g.disabled) === true);
      // a Dashboard 1 group's caret, in its title: it folds the group away to its title and back
      const foldable = computed(() => props.g.collapse === true && props.titled && props.g.showTitle !== false);
      const folded = computed(() => foldable.value && folds[props.g.id] === true);
      folds[props.g.id] = false;
      // folded when last seen: Dashboard 1 draws it open, then folds it (reporting the fold) as if clicked
      onMounted(() => { if (foldable.value && keptFold(props.g) === 'true') { setTimeout(() => fold(props.g), 20); } });
      return { widgets, widgetStyle, widgetClass, disabled, kinds, foldable, folded, fold, icon };
    },
    template: `
      <section class="rw-group" :class="[g.className, { 'rw-disabled': disabled }]" :data-group-id="g.id"
               :style="{ gridTemplateColumns: 'repeat(' + cols + ', minmax(0, 1fr))' }" :inert="disabled || null">
        <h2 v-if="titled && g.showTitle !== false">{{ g.name }}<button v-if="foldable" type="button" class="rw-fold"
            :aria-expanded="String(!folded)" :aria-label="(folded ? 'Open ' : 'Fold ') + g.name" @click="fold(g)"><i
            :class="icon(folded ? 'chevron-down' : 'chevron-up')" aria-hidden="true"></i></button></h2>
        <div v-for="w in widgets" v-show="!folded" :key="w.id" :class="widgetClass(w)" :data-widget-id="w.id" :data-type="w.type"
             :style="widgetStyle(w)">
          <component v-if="kinds[w.type]" :is="kinds[w.type].name" :w="w"></component>
        </div>
      </section>`
  };

  const App = {
    setup() {
      // ui-page and ui-link entries, as listed in the navigation
      const entries = computed(() => store.layout ? store.layout.pages
        .filter((p) => isTrue(controlled('pages', p.id, 'visible') ?? p.visible)).slice().sort(byOrder) : []);
      const pages = computed(() => entries.value.filter((p) => p.type !== 'ui-link'));
      const page = computed(() => pages.value.find((p) => p.path === store.path || p.path === '/' + store.path.replace(/^\//, ''))
        || pages.value[0]);
      const look = computed(() => (store.layout && store.layout.look) || {});
      // a "fixed" navigation lies over the page on a phone (below 768 px), as Dashboard 2.0's does
      const navStyle = computed(() => look.value.navigationStyle === 'fixed' && store.width < 768 ? 'temporary'
        : look.value.navigationStyle || 'default');
      const navOpen = ref(window.innerWidth >= WIDE);
      // "icon" style: the navigation always beside the page, only the icons (a rail) until the menu button widens it
      const railed = computed(() => navStyle.value === 'icon');
      const iconsOnly = ref(true);
      const rail = computed(() => railed.value && iconsOnly.value);
      // on a narrow screen (a phone) or "temporary" style the navigation lies over the page and closes after a pick
      const overlay = computed(() => !railed.value && (navStyle.value === 'temporary' || store.width < WIDE));
      const showNav = computed(() => navStyle.value !== 'none' && entries.value.length > 0
        && (navStyle.value === 'fixed' || railed.value || navOpen.value));
      const menu = () => { if (railed.value) { iconsOnly.value = !iconsOnly.value; } else { navOpen.value = !navOpen.value; } };
      // grid, flex, tabs or notebook, each laying the groups out as Dashboard 2.0's layout of that name does
      const layout = computed(() => (page.value && page.value.layout) || 'grid');
      const flex = computed(() => layout.value === 'flex');
      const cols = computed(() => {
        const bps = (page.value && page.value.breakpoints || []).slice().sort((a, b) => a.px - b.px);
        let n = 12;
        bps.forEach((bp) => { if (store.width >= bp.px) { n = bp.cols; } });
        return n;
      });
      const onPage = computed(() => !page.value ? [] : store.layout.groups.filter((g) => g.page === page.value.id));
      // dialog groups are not laid out: ui-control opens them over the page
      const groups = computed(() => onPage.value
        .filter((g) => g.groupType !== 'dialog' && isTrue(controlled('groups', g.id, 'visible') ?? g.visible))
        .slice().sort(byOrder));
      const dialogs = computed(() => onPage.value.filter((g) => g.groupType === 'dialog' && store.dialogs[g.id]));
      // the tabs layout shows one group at a time, the first one on arriving at the page
      const tab = ref(null);
      const shown = computed(() => layout.value !== 'tabs' ? groups.value
        : [groups.value.find((g) => g.id === tab.value) || groups.value[0]].filter(Boolean));
      // the page's widgets that live outside groups: those of the whole dashboard, and those of this page
      const siteWidgets = computed(() => !store.layout ? [] : store.layout.widgets
        .filter((w) => (!w.group || w.everyPage) && kinds[w.type] && (!w.page || (page.value && w.page === page.value.id))));
      // a flex page's group is its own width in units; on the others its columns are at most the page's
      const groupCols = (g) => flex.value ? (Number(g.width) || 6) : Math.min(Number(g.width) || cols.value, cols.value);
      const groupStyle = (g) => {
        // flex and notebook groups are at least `height` rows tall; grid and tabs ones only as their widgets
        const tall = flex.value || layout.value === 'notebook' ? { minHeight: 'calc(' + (Number(g.height) || 1) + ' * var(--rw-row))' } : {};
        // a flex page gives a group a fixed width of w units: two rows each, as Dashboard 2.0's Flex layout (a
        // Dashboard 1 site's theme sets its own unit)
        const across = flex.value ? { width: 'calc(' + groupCols(g) + ' * var(--rw-unit))' }
          : layout.value === 'grid' ? { gridColumn: 'span ' + groupCols(g) } : {};
        return Object.assign(tall, across);
      };
      // a dialog is the group's width in twelfths of the window: all of it on a phone, at least half on a tablet
      const dialogStyle = (g) => {
        const w = store.width <= 768 ? 12 : store.width <= 1024 ? Math.max(Number(g.width) || 12, 6) : Number(g.width) || 12;
        return { maxWidth: Math.min(w / 12 * 100, 100) + '%' };
      };
      const closeDialog = (g) => { store.dialogs[g.id] = false; };
      window.addEventListener('keydown', (e) => { if (e.key === 'Escape') { dialogs.value.forEach(closeDialog); } });
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
      // a Dashboard 1 ui_link's newtab opens a window named after the link, which its next click reuses (as
      // Dashboard 1 opens it; a noopener window could not be found by its name); thistab (and Dashboard 2.0's)
      // this one
      const linkTarget = (p) => p.type === 'ui-link' && p.target === 'newtab' ? p.name || '_blank' : null;
      const current = (p) => framed.value ? p.id === framed.value.id : page.value && p.id === page.value.id;
      window.addEventListener('resize', () => { store.width = window.innerWidth; });
      watch(() => store.width >= WIDE, (wide) => { navOpen.value = wide; });
      const setVars = (vars) => Object.entries(vars).forEach(([k, v]) => {
        if (v) { document.documentElement.style.setProperty(k, v); } else { document.documentElement.style.removeProperty(k); }
      });
      // the dashboard's appIcon is the browser tab's and home screen's icon, as Dashboard 2.0 sets it
      watch(() => look.value.appIcon, (url) => ['icon', 'apple-touch-icon'].forEach((rel) => {
        let link = document.head.querySelector('link[rel="' + rel + '"]');
        if (!url) { if (link) { link.remove(); } return; }
        if (!link) { link = document.head.appendChild(Object.assign(document.createElement('link'), { rel })); }
        link.type = 'image/' + url.split('.').pop().toLowerCase();
        link.href = url;
      }), { immediate: true });
      watch(page, (p) => {
        store.page = p || null;
        tab.value = null;
        store.dialogs = {}; // a dialog opened on one page is closed on the next, as Dashboard 2.0's is
        // the page's ui-theme, else the dashboard's own (a Dashboard 1 ui_base's)
        const t = (p && p.theme) || (store.layout && store.layout.theme) || {};
        const c = t.colors || {};
        const z = t.sizes || {};
        setVars({ '--rw-primary': c.primary, '--rw-page': c.bgPage, '--rw-card': c.groupBg, '--rw-outline': c.groupOutline,
          '--rw-surface': c.surface, '--rw-gap': z.groupGap, '--rw-pad': z.pagePadding, '--rw-radius': z.groupBorderRadius,
          '--rw-widget-gap': z.widgetGap, '--rw-row': z.rowHeight, '--rw-unit': z.groupUnit });
        // Dashboard 1 titles the browser tab with the site's name
        document.title = look.value.siteTitle && store.layout ? store.layout.name : p ? p.name : document.title;
      }, { immediate: true });
      return { store, entries, page, look, navStyle, navOpen, rail, menu, icon,
        overlay, showNav, layout, cols, groups, shown, tab, dialogs,
        siteWidgets, widgetClass, groupCols, groupStyle, dialogStyle, closeDialog, title, href, go, kinds, base,
        framed, linkTarget, current };
    },
    template: `
      <header class="rw-bar" v-if="look.titleBarStyle !== 'hidden'" :class="{ 'rw-bar-fixed': look.titleBarStyle === 'fixed' }">
        <button type="button" class="rw-menu" v-if="navStyle !== 'none' && navStyle !== 'fixed' && entries.length"
                aria-label="Pages" :aria-expanded="String(navStyle === 'icon' ? !rail : navOpen)" @click="menu">&#9776;</button>
        <h1>{{ title }}</h1></header>
      <div class="rw-offline" v-if="!store.online" role="status">Disconnected, reconnecting…</div>
      <div class="rw-body" :class="{ 'rw-overlaid': overlay }">
        <nav class="rw-nav" v-if="showNav" aria-label="Pages" :class="{ 'rw-rail': rail }">
          <a v-for="p in entries" :key="p.id" :href="href(p)" :data-nav-id="p.id" :title="rail ? p.name : null"
             :target="linkTarget(p)" :rel="linkTarget(p) === '_blank' ? 'noopener' : null"
             :class="{ 'rw-current': current(p), 'rw-disabled': p.disabled === true || p.disabled === 'true' }"
             @click="go(p, $event)"><i :class="icon(p.icon || 'home')" aria-hidden="true"></i><span>{{ p.name }}<small
             v-if="look.showPathInSidebar && p.type !== 'ui-link'">{{ p.path }}</small></span></a></nav>
        <div class="rw-scrim" v-if="showNav && overlay && navStyle !== 'fixed'" @click="navOpen = false"></div>
      <iframe v-if="framed" class="rw-frame" :src="framed.path" :title="framed.name" :data-frame-id="framed.id"></iframe>
      <main class="rw-page" v-else-if="page" :class="'rw-layout-' + layout" :data-page-id="page.id"
            :style="layout === 'grid' ? { gridTemplateColumns: 'repeat(' + cols + ', minmax(0, 1fr))' } : {}">
        <div class="rw-tabs" role="tablist" v-if="layout === 'tabs'">
          <button type="button" role="tab" v-for="g in groups" :key="g.id" :data-tab-id="g.id"
                  :aria-selected="String(shown[0] === g)" @click="tab = g.id">{{ g.name }}</button></div>
        <rw-group v-for="g in shown" :key="g.id" :g="g" :cols="groupCols(g)" :titled="layout !== 'tabs'"
                  :style="groupStyle(g)"></rw-group>
      </main>
      </div>
      <div class="rw-site">
        <div v-for="w in siteWidgets" :key="w.id" :class="widgetClass(w)" :data-widget-id="w.id" :data-type="w.type">
          <component :is="kinds[w.type].name" :w="w"></component>
        </div>
      </div>
      <div class="rw-dialog-scrim" v-for="g in dialogs" :key="g.id" @click.self="closeDialog(g)">
        <div class="rw-dialog" role="dialog" aria-modal="true" :aria-label="g.name" :style="dialogStyle(g)">
          <button type="button" class="rw-dialog-close" aria-label="Close" @click="closeDialog(g)">&#10005;</button>
          <rw-group :g="g" :cols="groupCols(g)" :titled="true"></rw-group>
        </div>
      </div>`
  };

  const app = createApp(App);
  app.component('rw-group', RwGroup);
  Object.values(kinds).forEach((k) => app.component(k.name, k.component));
  app.mount('#app');
  connect();
})();
