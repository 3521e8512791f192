// The ui-text widget of Redwire's dashboard client.
(function () {
  'use strict';
  const { computed } = Vue;
  const { shown, widgetComponent } = RW;

  const UiText = widgetComponent(
    '<span class="rw-label">{{ prop("label") }}</span><span class="rw-value">{{ value }}</span>',
    (props, { msg }) => ({ value: computed(() => shown(msg.value && msg.value.payload)) }));

  RW.register('ui-text', 'UiText', UiText, 'rw-text');
})();
