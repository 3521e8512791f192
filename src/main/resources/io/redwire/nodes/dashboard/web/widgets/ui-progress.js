// The ui-progress widget of Redwire's dashboard client: a bar filled to msg.payload percent (0 for a non-number).
(function () {
  'use strict';
  const { computed } = Vue;
  const { widgetComponent } = RW;

  const UiProgress = widgetComponent(
    '<span class="rw-label">{{ prop("label") }}</span>' +
      '<div class="rw-progress" role="progressbar" aria-valuemin="0" aria-valuemax="100" :aria-valuenow="value">' +
      '<div class="rw-progress-bar" :style="{ width: Math.max(0, Math.min(100, value)) + \'%\', background: prop(\'color\') || null }"></div></div>' +
      '<span class="rw-value">{{ value }}%</span>',
    (props, { msg }) => ({ value: computed(() => msg.value && typeof msg.value.payload === 'number' ? msg.value.payload : 0) }));

  RW.register('ui-progress', 'UiProgress', UiProgress, 'rw-progress-widget');
})();
