// The ui-slider widget of Redwire's dashboard client.
(function () {
  'use strict';
  const { sendFrame, follow, widgetComponent } = RW;

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

  RW.register('ui-slider', 'UiSlider', UiSlider, 'rw-slider');
})();
