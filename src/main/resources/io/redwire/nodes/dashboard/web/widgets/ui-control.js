// The ui-control widget of Redwire's dashboard client: a msg opens a page (name, index, "+1" / "-1", "" to reload)
// or a URL; what it shows, hides, enables and disables the layout reads from its state (RW.controlled). Opening
// another page, the first one included, is reported to the node ({payload: "change", tab, name}). Showing or hiding
// a dialog group opens or closes its dialog instead, as Dashboard 2.0's does. Dashboard 1's ui_ui_control also opens,
// closes and scrolls to its collapsible groups.
(function () {
  'use strict';
  const { watch, onMounted, onBeforeUnmount } = Vue;
  const { store, listen, action, navigate, keptFold, widgetComponent } = RW;

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

  // Dashboard 1's {group: {open, close, focus}}: open or close clicks the caret of a group this page shows when
  // what this browser keeps says it is folded (open) or unfolded (close), so a group never folded here stays as it
  // is; focus scrolls to the last group shown
  function d1Groups(group) {
    const byId = (id) => (store.layout ? store.layout.groups : []).find((g) => g.id === id);
    const card = (id) => document.querySelector('[data-group-id="' + CSS.escape(String(id)) + '"]');
    [['open', 'true'], ['close', 'false']].forEach(([verb, kept]) => [].concat(group[verb] || []).forEach((id) => {
      const caret = card(id) && card(id).querySelector('.rw-fold');
      if (caret && keptFold(byId(id)) === kept) { caret.click(); }
    }));
    const last = [].concat(group.show || []).filter(byId).pop();
    if (group.focus && last) { setTimeout(() => { if (card(last)) { card(last).scrollIntoView(); } }, 50); }
  }

  const UiControl = widgetComponent('<span hidden></span>', (props) => {
    let stop = null;
    onMounted(() => {
      stop = listen(props.w.id, (type, msg) => {
        const p = type === 'msg' && msg.payload;
        if (!p || typeof p !== 'object') { return; }
        if (p.page !== undefined) { open(p.page); }
        if (p.groups && typeof p.groups === 'object') { dialogs(p.groups); }
        if (props.w.groupEvents && p.group && typeof p.group === 'object') { d1Groups(p.group); }
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
