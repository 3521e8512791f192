// Redwire's dashboard client, its shared part: the page's WebSocket to ui-base, the store of each widget's last msg
// and state, and the helpers and registry the widget modules (widgets/*.js, one per node type) build on.
window.RW = (function () {
  'use strict';
  const { computed, ref, watch, reactive } = Vue;
  const base = document.getElementById('app').dataset.base;
  const store = reactive({ layout: null, socketId: null, online: false, msgs: {}, states: {}, dialogs: {}, width: window.innerWidth,
    path: location.pathname.slice(base.length - 1) || '/', page: null });
  const listeners = {};
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
    if (frame.state) { store.states[frame.id] = frame.merge ? merged(store.states[frame.id] || {}, frame.state) : frame.state; }
    if (frame.msg !== undefined && frame.msg !== null) {
      store.msgs[frame.id] = frame.msg;
      (listeners[frame.id] || []).forEach((f) => f(frame.type, frame.msg));
    }
  }

  // a frame carrying only what its msg changed in the state (ui-control's): merged into what this page holds
  function merged(held, changes) {
    const out = Object.assign({}, held);
    Object.entries(changes).forEach(([k, v]) => {
      const both = v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object';
      out[k] = both ? merged(out[k], v) : v;
    });
    return out;
  }

  function sendFrame(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(frame)); }
  }

  // a widget that must see each frame as it comes ('load' on connecting, 'msg' for a msg in, 'sync' for another
  // page's change), not only the latest msg; returns the function that stops listening
  function listen(id, fn) {
    (listeners[id] = listeners[id] || []).push(fn);
    return () => { listeners[id] = (listeners[id] || []).filter((f) => f !== fn); };
  }

  // a page's action (Dashboard 2.0's widget-action) and its own msg (widget-send)
  const action = (id, msg) => sendFrame({ type: 'action', id, msg });
  const sendMsg = (id, msg) => sendFrame({ type: 'send', id, msg });

  // what the dashboard's ui-control nodes set for a page, group or widget (kind 'pages', 'groups', 'widgets')
  function controlled(kind, id, prop) {
    let v;
    (store.layout ? store.layout.widgets : []).forEach((w) => {
      const st = w.type === 'ui-control' && store.states[w.id];
      if (st && st[kind] && st[kind][id] && st[kind][id][prop] !== undefined) { v = st[kind][id][prop]; }
    });
    return v;
  }

  // opens a page of the dashboard (ui-control and the navigation)
  function navigate(p) {
    history.pushState(null, '', base + p.path.replace(/^\//, ''));
    store.path = p.path;
  }
  window.addEventListener('popstate', () => { store.path = location.pathname.slice(base.length - 1) || '/'; });

  // Dashboard 1's collapsible groups (ui_group "collapse"): folded or not is this browser's, kept under the group's
  // "Tab_Group" name as Dashboard 1 keeps it, and each fold or unfold is reported to the page's Dashboard 1
  // ui_ui_control nodes (groupEvents) as {payload: 'group', group: that name, open}
  const folds = reactive({});
  function foldName(g) {
    const page = (store.layout ? store.layout.pages : []).find((p) => p.id === g.page);
    return ((page ? page.name : '') + '_' + g.name).replace(/ /g, '_');
  }
  function keptFold(g) {
    try { return localStorage.getItem(foldName(g)); } catch (e) { return null; }
  }
  function fold(g) {
    folds[g.id] = !folds[g.id];
    try { localStorage.setItem(foldName(g), String(folds[g.id])); } catch (e) { /* kept for this page only */ }
    (store.layout ? store.layout.widgets : []).filter((w) => w.groupEvents)
      .forEach((w) => action(w.id, { payload: 'group', group: foldName(g), open: !folds[g.id] }));
  }

  function shown(v) {
    if (v === undefined || v === null) { return ''; }
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }

  // a widget's property: the state ui_update set, else the node's configuration; a Dashboard 1 widget's texts
  // with their {{…}} filled in (ng.js)
  function useWidget(props) {
    const read = (name) => {
      const st = store.states[props.w.id];
      return st && st[name] !== undefined ? st[name] : props.w[name];
    };
    const prop = props.w.ngBound ? (name) => RW.ng.prop(read, name, store.msgs[props.w.id], props.w.type) : read;
    const msg = computed(() => store.msgs[props.w.id]);
    const enabled = computed(() => {
      const st = store.states[props.w.id];
      return (!st || st.enabled !== false) && controlled('widgets', props.w.id, 'enabled') !== false;
    });
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

  // the icon font's classes for a Dashboard 2.0 icon name ("home" or "mdi-home"); none for an empty name
  const icon = (name) => name ? 'mdi mdi-' + String(name).replace(/^mdi-/, '') : '';
  // a widget template's icon on one side ('left' or 'right', by iconPosition), with more attributes if given
  const iconAt = (side, attrs) => '<i v-if="prop(\'icon\') && (prop(\'iconPosition\') || \'left\') === \'' + side + '\'"'
    + ' :class="icon(prop(\'icon\'))" ' + (attrs || '') + ' aria-hidden="true"></i>';
  // a field with the widget's icon beside it, within its border or outside it (`placed`, else iconInnerPosition),
  // as Dashboard 2.0's text, number and file inputs place theirs
  const withIcon = (field, placed) => '<span class="rw-iconned" :class="prop(\'icon\') ? \'rw-icon-\' + '
    + (placed ? '\'' + placed + '\'' : '(prop(\'iconInnerPosition\') || \'inside\')') + ' : null">'
    + iconAt('left') + field + iconAt('right') + '</span>';

  const widgetProps = { w: { type: Object, required: true } };
  const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
  const escaped = (text) => shown(text).replace(/[&<>"]/g, (c) => ENTITIES[c]);
  // a text for v-html: a Dashboard 1 widget's as sanitized HTML (Dashboard 1 binds its texts as HTML), else as text
  const textHtml = (w) => (text) => w.ngBound ? RW.ng.sanitize(shown(text)) : escaped(text);

  // a widget component: its template, and setup(props, widget) returning what the template needs beyond prop,
  // enabled, icon and html (textHtml)
  function widgetComponent(template, setup) {
    return {
      props: widgetProps,
      template,
      setup(props) {
        const w = useWidget(props);
        return Object.assign({ prop: w.prop, enabled: w.enabled, icon, html: textHtml(props.w) }, setup(props, w));
      }
    };
  }

  // the widget modules register here: node type -> { name, component, cssClass }
  const kinds = {};
  function register(type, name, component, cssClass) {
    kinds[type] = { name, component, cssClass: cssClass || '' };
  }

  return { base, store, listen, connect, sendFrame, action, sendMsg, controlled, navigate, folds, keptFold, fold, shown, icon, iconAt,
    withIcon, useWidget, follow, widgetComponent, register, kinds };
})();
