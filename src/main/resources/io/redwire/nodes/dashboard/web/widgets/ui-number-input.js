// The ui-number-input widget of Redwire's dashboard client: a number field sending on Enter, blur or a pause.
(function () {
  'use strict';
  const { store, sendFrame, follow, widgetComponent, withIcon } = RW;

  const UiNumberInput = widgetComponent(
    '<label class="rw-label">{{ prop("label") }}</label>' +
      '<span class="rw-number">' + withIcon('<input type="number" v-model="text" :min="prop(\'min\')" :max="prop(\'max\')" ' +
      ':step="prop(\'step\') || 1" :disabled="!enabled" :aria-label="prop(\'label\')" :title="prop(\'tooltip\') || null" ' +
      ':class="{ \'rw-no-spinner\': prop(\'spinner\') === \'hidden\' }" @input="typed" @keyup.enter="enter" @blur="blur">') +
      '<button v-if="prop(\'clearable\')" type="button" class="rw-clear" aria-label="clear" @click="clear">×</button>' +
      '<template v-if="prop(\'stepButtons\')"><button type="button" class="rw-step-down" aria-label="less" :disabled="!enabled" @click="stepBy(-1)">−</button>' +
      '<button type="button" class="rw-step-up" aria-label="more" :disabled="!enabled" @click="stepBy(1)">+</button></template></span>',
    (props, { prop, msg }) => {
      let timer = null;
      const text = follow(msg, '', (p) => p === null ? '' : String(p));
      function send() {
        clearTimeout(timer);
        sendFrame({ type: 'change', id: props.w.id, value: text.value === '' || text.value === null ? null : Number(text.value) });
      }
      return {
        text,
        typed() { if (prop('sendOnDelay')) { clearTimeout(timer); timer = setTimeout(send, Number(prop('delay')) || 300); } },
        enter() { if (prop('sendOnEnter') !== false) { send(); } },
        blur() { if (prop('sendOnBlur') !== false) { send(); } },
        clear() { text.value = ''; send(); },
        // one step within min and max, sent at once (Dashboard 1's numeric buttons)
        stepBy(sign) {
          const step = Number(prop('step')) || 1;
          const min = prop('min') === '' || prop('min') === undefined ? -Infinity : Number(prop('min'));
          const max = prop('max') === '' || prop('max') === undefined ? Infinity : Number(prop('max'));
          text.value = String(Math.min(max, Math.max(min, (Number(text.value) || 0) + sign * step)));
          send();
        }
      };
    });

  RW.register('ui-number-input', 'UiNumberInput', UiNumberInput, 'rw-field');
})();
