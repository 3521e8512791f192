// The ui-switch widget of Redwire's dashboard client.
(function () {
  'use strict';
  const { sendFrame, follow, widgetComponent } = RW;

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

  RW.register('ui-switch', 'UiSwitch', UiSwitch, 'rw-switch');
})();
