// The ui-control widget of Redwire's dashboard client: a msg opens a page (name, index, "+1" / "-1", "" to reload)
// or a URL; what it shows, hides, enables and disables the layout reads from its state (RW.controlled). Opening
// another page, the first one included, is reported to the node ({payload: "change", tab, name}). Showing or hiding
// a dialog group opens or closes its dialog instead, as Dashboard 2.0's does.
(function () {
  'use strict';
  const { watch, onMounted, onBeforeUnmount } = Vue;
  const { store, listen, action, navigate, widgetComponent } = RW;

  // the query of the URL the page was opened with, which Dashboard 1's ui_control adds to a change as params
  const opened = Object.fromEntries(new URLSearchParams(location.search));
  const pages = () => (store.layout ? store.layout.pages : []).filter((p) => p.type !== 'ui-link')
    .slice().sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

  function open(target) {
    const list = pages();
    const at = list.findIndex((p) => store.page && p.id === store.page.id);
    let page = null;
    if (target === '') { location.reload(); return; }
    if (target === '+1' || target === '-1') { page = list[(at + (target === '+1' ? 1 : -1) + list.length) % list.length]; }
    else if (typeof target === 'number') { page = list[target]; }
    else { page = list.find((p) => p.name === target || p.id === target); }
    if (page) { navigate(page); }
  }

  function dialogs(groups) {
    const isDialog = (id) => (store.layout ? store.layout.groups : []).some((g) => g.id === id && g.groupType === 'dialog');
    [['show', true], ['hide', false]].forEach(([verb, open]) => (groups[verb] || []).filter(isDialog)
      .forEach((id) => { store.dialogs[id] = open; }));
  }

  const UiControl = widgetComponent('<span hidden></span>', (props) => {
    let stop = null;
    onMounted(() => {
      stop = listen(props.w.id, (type, msg) => {
        const p = type === 'msg' && msg.payload;
        if (!p || typeof p !== 'object') { return; }
        if (p.page !== undefined) { open(p.page); }
        if (p.groups && typeof p.groups === 'object') { dialogs(p.groups); }
        if (typeof p.url === 'string') { if (p.target === '_blank') { window.open(p.url); } else { location.href = p.url; } }
      });
    });
    onBeforeUnmount(() => { if (stop) { stop(); } });
    watch(() => store.page, (now, before) => {
      // the page first opened is reported too, by Dashboard 2.0's ui-control as by Dashboard 1's ui_control
      if (now && (!before || now.id !== before.id)) {
        const change = { payload: 'change', tab: pages().findIndex((p) => p.id === now.id), name: now.name };
        if (props.w.sendsParams) { change.params = opened; }
        action(props.w.id, change);
      }
    }, { immediate: true });
    return {};
  });

  RW.register('ui-control', 'UiControl', UiControl, 'rw-hidden');
})();
