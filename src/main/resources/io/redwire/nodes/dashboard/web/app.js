// Redwire's dashboard client: renders the layout ui-base sends over the page's WebSocket (pages → groups →
// widgets) with Vue 3, keeps each widget's last msg and state, sends button presses and input changes back.
(function () {
  'use strict';
  const { createApp, reactive, computed, onMounted, onBeforeUnmount, ref, watch, markRaw } = Vue;
  const base = document.getElementById('app').dataset.base;
  const store = reactive({ layout: null, socketId: null, online: false, msgs: {}, states: {}, width: window.innerWidth });
  const chartListeners = {};
  let socket = null;
  let retry = 500;

  function connect() {
    socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + base + '_ws');
    socket.onopen = () => { store.online = true; retry = 500; };
    socket.onmessage = (e) => received(JSON.parse(e.data));
    socket.onclose = () => {
      store.online = false;
      setTimeout(connect, retry); // the server restarting or redeploying: try again, backing off to 5 s
      retry = Math.min(retry * 2, 5000);
    };
  }

  function received(frame) {
    if (frame.type === 'config') {
      store.layout = frame;
      store.socketId = frame.socketId;
      return;
    }
    if (frame.state) { store.states[frame.id] = frame.state; }
    if (frame.msg !== undefined && frame.msg !== null) {
      store.msgs[frame.id] = frame.msg;
      (chartListeners[frame.id] || []).forEach((f) => f(frame.type, frame.msg));
    }
  }

  function sendFrame(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(frame)); }
  }

  function shown(v) {
    if (v === undefined || v === null) { return ''; }
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }

  // a widget's property: the state ui_update set, else the node's configuration
  function useWidget(props) {
    const prop = (name) => {
      const st = store.states[props.w.id];
      return st && st[name] !== undefined ? st[name] : props.w[name];
    };
    const msg = computed(() => store.msgs[props.w.id]);
    const enabled = computed(() => { const st = store.states[props.w.id]; return !st || st.enabled !== false; });
    return { prop, msg, enabled };
  }

  // the value a widget shows: what take() makes of each msg's payload (undefined: keep the current one)
  function follow(msg, initial, take) {
    const v = ref(initial);
    watch(msg, (m) => {
      const t = m && m.payload !== undefined ? take(m.payload) : undefined;
      if (t !== undefined) { v.value = t; }
    }, { immediate: true });
    return v;
  }

  const widgetProps = { w: { type: Object, required: true } };

  // a widget component: its template, and setup(props, widget) returning what the template needs beyond prop / enabled
  function widgetComponent(template, setup) {
    return {
      props: widgetProps,
      template,
      setup(props) {
        const w = useWidget(props);
        return Object.assign({ prop: w.prop, enabled: w.enabled }, setup(props, w));
      }
    };
  }

  const UiButton = widgetComponent(
    '<button type="button" :disabled="!enabled" :title="prop(\'tooltip\') || null" @click="press">{{ prop("label") }}</button>',
    (props, { msg }) => ({
      press(e) {
        const r = e.target.getBoundingClientRect();
        const out = Object.assign({}, msg.value || {});
        out._event = { type: e.type, clientX: e.clientX, clientY: e.clientY,
          bbox: { x: r.x, y: r.y, width: r.width, height: r.height, top: r.top, right: r.right, bottom: r.bottom, left: r.left } };
        sendFrame({ type: 'action', id: props.w.id, msg: out });
      }
    }));

  const UiText = widgetComponent(
    '<span class="rw-label">{{ prop("label") }}</span><span class="rw-value">{{ value }}</span>',
    (props, { msg }) => ({ value: computed(() => shown(msg.value && msg.value.payload)) }));

  const UiTextInput = widgetComponent(
    '<label class="rw-label">{{ prop("label") }}</label>' +
      '<input :type="prop(\'mode\') === \'textarea\' ? \'text\' : (prop(\'mode\') || \'text\')" v-model="text" :disabled="!enabled" ' +
      ':aria-label="prop(\'label\')" @input="typed" @keyup.enter="enter" @blur="blur">',
    (props, { prop, msg }) => {
      let timer = null;
      const text = follow(msg, '', shown);
      // as Dashboard 2.0's: Enter and then leaving the field sends the same text twice
      function send() {
        clearTimeout(timer);
        sendFrame({ type: 'change', id: props.w.id, value: prop('mode') === 'number' && text.value !== '' ? Number(text.value) : text.value });
      }
      return {
        text,
        typed() { if (prop('sendOnDelay')) { clearTimeout(timer); timer = setTimeout(send, Number(prop('delay')) || 300); } },
        enter() { if (prop('sendOnEnter') !== false) { send(); } },
        blur() { if (prop('sendOnBlur') !== false) { send(); } }
      };
    });

  const UiSlider = widgetComponent(
    '<span class="rw-label">{{ prop("label") }}</span>' +
      '<input type="range" :min="prop(\'min\')" :max="prop(\'max\')" :step="prop(\'step\') || 1" v-model.number="value" ' +
      ':disabled="!enabled" :aria-label="prop(\'label\')" @input="moved" @change="released">' +
      '<span class="rw-value">{{ value }}</span>',
    (props, { prop, msg }) => {
      const value = follow(msg, Number(prop('min')) || 0, (p) => typeof p === 'number' ? p : undefined);
      const send = () => sendFrame({ type: 'change', id: props.w.id, value: Number(value.value) });
      return {
        value,
        moved() { if (prop('outs') !== 'end') { send(); } },
        released() { if (prop('outs') === 'end') { send(); } }
      };
    });

  const UiSwitch = widgetComponent(
    '<span class="rw-label">{{ prop("label") }}</span>' +
      '<input type="checkbox" role="switch" :checked="on" :disabled="!enabled" :aria-label="prop(\'label\')" @change="toggled">',
    (props, { prop, msg }) => {
      const on = follow(msg, false, (p) => JSON.stringify(p) === JSON.stringify(props.w.on));
      return {
        on,
        toggled(e) {
          const wanted = e.target.checked;
          if (prop('decouple') && !prop('passthru')) { e.target.checked = on.value; } else { on.value = wanted; }
          sendFrame({ type: 'change', id: props.w.id, value: wanted });
        }
      };
    });

  const UiChart = widgetComponent(
    '<span class="rw-label">{{ prop("label") }}</span><div class="rw-canvas"><canvas ref="canvas"></canvas></div>',
    (props) => {
      const canvas = ref(null);
      let chart = null;
      const colors = () => props.w.colors || ['#0095FF', '#FF0000', '#FF7F0E', '#2CA02C'];
      function line(name) {
        let ds = chart.data.datasets.find((d) => d.label === name);
        if (!ds) {
          const c = colors()[chart.data.datasets.length % colors().length];
          ds = { label: name, data: [], borderColor: c, backgroundColor: c, pointRadius: 2, tension: 0 };
          chart.data.datasets.push(ds);
        }
        return ds;
      }
      function add(points) {
        [].concat(points).forEach((p) => { if (p) { line(shown(p.category)).data.push({ x: p.x, y: p.y }); } });
      }
      function onMsg(type, msg) {
        if (!chart) { return; }
        const replace = msg.action === 'replace' || (props.w.action === 'replace' && msg.action !== 'append');
        if (type === 'load' || (Array.isArray(msg.payload) && msg.payload.length === 0) || replace) {
          chart.data.datasets = [];
        }
        if (msg._datapoint) { add(msg._datapoint); }
        chart.update('none');
      }
      onMounted(() => {
        const time = (props.w.xAxisType || 'time') === 'time';
        chart = markRaw(new Chart(canvas.value, {
          type: 'line',
          data: { datasets: [] },
          options: {
            animation: false, maintainAspectRatio: false, parsing: false,
            plugins: { legend: { display: props.w.showLegend !== false } },
            scales: {
              x: { type: 'linear', title: { display: !!props.w.xAxisLabel, text: props.w.xAxisLabel },
                ticks: { callback: (v) => time ? new Date(v).toLocaleTimeString() : v } },
              y: { title: { display: !!props.w.yAxisLabel, text: props.w.yAxisLabel },
                min: props.w.ymin === '' ? undefined : Number(props.w.ymin),
                max: props.w.ymax === '' ? undefined : Number(props.w.ymax) }
            }
          }
        }));
        (chartListeners[props.w.id] = chartListeners[props.w.id] || []).push(onMsg);
        const kept = store.msgs[props.w.id];
        if (kept) { onMsg('load', kept); }
      });
      onBeforeUnmount(() => {
        chartListeners[props.w.id] = (chartListeners[props.w.id] || []).filter((f) => f !== onMsg);
        if (chart) { chart.destroy(); }
      });
      return { canvas };
    });

  // a Dashboard 1 ui_template: AngularJS is not run (the page says so); plain HTML is shown, {{msg.…}} filled in
  const escapeHtml = (v) => shown(v).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
  const UiTemplate1 = widgetComponent(
    '<div v-if="w.angular && w.angular.length" class="rw-unsupported" role="note">Dashboard 1 template "{{ w.name || w.id }}" ' +
      'uses AngularJS ({{ w.angular.join(", ") }}), which this dashboard does not run.</div>' +
      '<div v-else class="rw-template" v-html="html"></div>',
    (props, { msg }) => ({
      html: computed(() => String(props.w.format || '').replace(/\{\{\s*msg((?:\.[A-Za-z_$][\w$]*)*)\s*\}\}/g, (all, path) =>
        escapeHtml(path.split('.').slice(1).reduce((o, k) => (o == null ? undefined : o[k]), msg.value || {}))))
    }));

  const kinds = { 'ui-button': 'UiButton', 'ui-text': 'UiText', 'ui-text-input': 'UiTextInput', 'ui-slider': 'UiSlider',
    'ui-switch': 'UiSwitch', 'ui-chart': 'UiChart', 'ui_template': 'UiTemplate1' };
  const cssClass = { 'ui-text': 'rw-text', 'ui-text-input': 'rw-field', 'ui-slider': 'rw-slider', 'ui-switch': 'rw-switch', 'ui-chart': 'rw-chart' };
  const byOrder = (a, b) => (Number(a.order) || 0) - (Number(b.order) || 0);
  const shownFlag = (v) => v !== false && v !== 'false';
  const WIDE = 960; // from this width the side navigation stays open beside the page, as Dashboard 2.0's does

  const App = {
    setup() {
      const pages = computed(() => store.layout ? store.layout.pages.filter((p) => shownFlag(p.visible)).slice().sort(byOrder) : []);
      const path = ref(location.pathname.slice(base.length - 1) || '/');
      const page = computed(() => pages.value.find((p) => p.path === path.value || p.path === '/' + path.value.replace(/^\//, ''))
        || pages.value[0]);
      const look = computed(() => (store.layout && store.layout.look) || {});
      const navStyle = computed(() => look.value.navigationStyle || 'default');
      const navOpen = ref(window.innerWidth >= WIDE);
      // on a narrow screen (a phone) or "temporary" style the navigation lies over the page and closes after a pick
      const overlay = computed(() => navStyle.value === 'temporary' || store.width < WIDE);
      const showNav = computed(() => navStyle.value !== 'none' && pages.value.length > 0 && (navStyle.value === 'fixed' || navOpen.value));
      const flex = computed(() => page.value && page.value.layout === 'flex');
      const cols = computed(() => {
        const bps = (page.value && page.value.breakpoints || []).slice().sort((a, b) => a.px - b.px);
        let n = 12;
        bps.forEach((bp) => { if (store.width >= bp.px) { n = bp.cols; } });
        return n;
      });
      const groups = computed(() => !page.value ? [] : store.layout.groups
        .filter((g) => g.page === page.value.id && shownFlag(g.visible)).slice().sort(byOrder));
      const widgetsOf = (g) => store.layout.widgets.filter((w) => w.group === g.id).slice()
        .sort(byOrder);
      const groupWidth = (g) => flex.value ? (Number(g.width) || 6) : Math.min(Number(g.width) || cols.value, cols.value);
      const groupStyle = (g) => {
        const w = groupWidth(g);
        const inner = { gridTemplateColumns: 'repeat(' + w + ', minmax(0, 1fr))' };
        // flex pages (Dashboard 1's, and 2.0's flex layout) give a group a fixed width: w grid units
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
        return ['rw-widget', cssClass[w.type] || '', w.type === 'ui-text' ? 'rw-' + (st.layout || w.layout || 'row-spread') : '',
          w.className || '', st.class || '', st.visible === false ? 'rw-hidden' : ''];
      };
      const title = computed(() => {
        const site = store.layout ? store.layout.name : 'Dashboard';
        const name = page.value ? page.value.name : site;
        return { dashboard: site, dashpage: site + ' — ' + name, none: '' }[look.value.headerContent] ?? name;
      });
      const go = (p, e) => {
        e.preventDefault();
        history.pushState(null, '', base + p.path.replace(/^\//, ''));
        path.value = p.path;
        if (overlay.value && navStyle.value !== 'fixed') { navOpen.value = false; }
      };
      window.addEventListener('popstate', () => { path.value = location.pathname.slice(base.length - 1) || '/'; });
      window.addEventListener('resize', () => { store.width = window.innerWidth; });
      watch(() => store.width >= WIDE, (wide) => { navOpen.value = wide; });
      const setVars = (vars) => Object.entries(vars).forEach(([k, v]) => {
        if (v) { document.documentElement.style.setProperty(k, v); } else { document.documentElement.style.removeProperty(k); }
      });
      watch(page, (p) => {
        const t = (p && p.theme) || (store.layout && store.layout.theme) || {};
        const c = t.colors || {};
        const z = t.sizes || {};
        setVars({ '--rw-primary': c.primary, '--rw-page': c.bgPage, '--rw-card': c.groupBg, '--rw-outline': c.groupOutline,
          '--rw-surface': c.surface, '--rw-gap': z.groupGap, '--rw-pad': z.pagePadding, '--rw-radius': z.groupBorderRadius,
          '--rw-widget-gap': z.widgetGap, '--rw-row': z.rowHeight });
        document.title = p ? p.name : document.title;
      });
      return { store, pages, page, look, navStyle, navOpen, overlay, showNav, flex, cols, groups, widgetsOf, groupStyle,
        widgetStyle, widgetClass, title, go, kinds, base };
    },
    template: `
      <header class="rw-bar" v-if="look.titleBarStyle !== 'hidden'" :class="{ 'rw-bar-fixed': look.titleBarStyle === 'fixed' }">
        <button type="button" class="rw-menu" v-if="navStyle !== 'none' && navStyle !== 'fixed' && pages.length"
                aria-label="Pages" :aria-expanded="String(navOpen)" @click="navOpen = !navOpen">&#9776;</button>
        <h1>{{ title }}</h1></header>
      <div class="rw-offline" v-if="!store.online" role="status">Disconnected, reconnecting…</div>
      <div class="rw-body" :class="{ 'rw-overlaid': overlay }">
        <nav class="rw-nav" v-if="showNav" aria-label="Pages">
          <a v-for="p in pages" :key="p.id" :href="base + p.path.replace(/^\\//, '')" :data-page-id="p.id"
             :class="{ 'rw-current': page && p.id === page.id }" @click="go(p, $event)">{{ p.name }}
             <small v-if="look.showPathInSidebar">{{ p.path }}</small></a></nav>
        <div class="rw-scrim" v-if="showNav && overlay && navStyle !== 'fixed'" @click="navOpen = false"></div>
        <main class="rw-page" v-if="page" :class="{ 'rw-flex': flex }" :data-page-id="page.id"
              :style="flex ? {} : { gridTemplateColumns: 'repeat(' + cols + ', minmax(0, 1fr))' }">
          <section v-for="g in groups" :key="g.id" class="rw-group" :class="g.className" :data-group-id="g.id" :style="groupStyle(g)">
            <h2 v-if="g.showTitle !== false">{{ g.name }}</h2>
            <div v-for="w in widgetsOf(g)" :key="w.id" :class="widgetClass(w)" :data-widget-id="w.id" :data-type="w.type"
                 :style="widgetStyle(g, w)">
              <component v-if="kinds[w.type]" :is="kinds[w.type]" :w="w"></component>
            </div>
          </section>
        </main>
      </div>`
  };

  createApp(App).component('UiButton', UiButton).component('UiText', UiText).component('UiTextInput', UiTextInput)
    .component('UiSlider', UiSlider).component('UiSwitch', UiSwitch).component('UiChart', UiChart).component('UiTemplate1', UiTemplate1).mount('#app');
  connect();
})();
