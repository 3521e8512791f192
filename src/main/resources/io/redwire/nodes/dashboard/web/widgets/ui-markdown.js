// The ui-markdown widget of Redwire's dashboard client: the node's HTML (its Markdown, rendered on the server) run
// as a Vue template with the last msg in scope, as Dashboard 2.0 does, so {{ msg.payload }} shows the value.
(function () {
  'use strict';
  const { computed, markRaw } = Vue;
  const { widgetComponent } = RW;

  const UiMarkdown = widgetComponent(
    '<component :is="content" :msg="msg || {}"></component>',
    (props, { msg }) => ({
      msg,
      content: computed(() => markRaw({ props: { msg: Object }, template: '<div class="rw-markdown">' + (props.w.html || '') + '</div>' }))
    }));

  RW.register('ui-markdown', 'UiMarkdown', UiMarkdown, 'rw-markdown-widget');
})();
