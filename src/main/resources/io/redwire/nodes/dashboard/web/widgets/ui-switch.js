// The ui-switch widget of Redwire's dashboard client: a sliding toggle or, when both onicon and officon are set, as
// in Dashboard 2.0, a button showing the icon of its state (in oncolor / offcolor).
(function () {
  'use strict';
  const { computed } = Vue;
  const { sendFrame, follow, icon, widgetComponent } = RW;

  const UiSwitch = widgetComponent(
    '<span class="rw-label">{{ prop("label") }}</span>' +
      '<button v-if="glyph" type="button" role="switch" class="rw-switch-icon" :aria-checked="String(on)"' +
      ' :aria-label="prop(\'label\')" :disabled="!enabled" :style="{ color: colour }" @click="set(!on)">' +
      '<i :class="glyph" aria-hidden="true"></i></button>' +
      '<input v-else type="checkbox" role="switch" :checked="on" :disabled="!enabled" :aria-label="prop(\'label\')"' +
      ' @change="set($event.target.checked, $event.target)">',
    (props, { prop, msg }) => {
      const on = follow(msg, false, (p) => JSON.stringify(p) === JSON.stringify(props.w.on));
      const glyph = computed(() => prop('onicon') && prop('officon') ? icon(on.value ? prop('onicon') : prop('officon')) : '');
      const colour = computed(() => (on.value ? prop('oncolor') : prop('offcolor')) || null);
      return {
        on,
        glyph,
        colour,
        set(wanted, box) {
          // decoupled without pass through: the switch shows what the flow sends back, not the click
          if (prop('decouple') && !prop('passthru')) { if (box) { box.checked = on.value; } } else { on.value = wanted; }
          sendFrame({ type: 'change', id: props.w.id, value: wanted });
        }
      };
    });

  RW.register('ui-switch', 'UiSwitch', UiSwitch, 'rw-switch');
})();
