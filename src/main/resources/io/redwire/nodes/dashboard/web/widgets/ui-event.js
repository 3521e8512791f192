// The ui-event widget of Redwire's dashboard client: tells the node when this page shows a page of the dashboard
// ($pageview) and when it leaves one ($pageleave), with the page as Dashboard 2.0 gives it (the settings its flow
// sets, and the route it is shown at) and the URL's query.
(function () {
  'use strict';
  const { watch } = Vue;
  const { base, store, action, widgetComponent } = RW;

  function payload(page) {
    const query = {};
    new URLSearchParams(location.search).forEach((v, k) => { query[k] = v; });
    const route = { path: base + page.path.replace(/^\//, ''), name: 'Page:' + page.name };
    return { page: Object.assign({}, page.settings || page, { route }), query };
  }

  const UiEvent = widgetComponent('<span hidden></span>', (props) => {
    watch(() => store.page, (now, before) => {
      if (before) { action(props.w.id, { topic: '$pageleave', payload: payload(before) }); }
      if (now) { action(props.w.id, { topic: '$pageview', payload: payload(now) }); }
    }, { immediate: true });
    return {};
  });

  RW.register('ui-event', 'UiEvent', UiEvent, 'rw-hidden');
})();
