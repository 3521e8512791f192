// The ui-number-input widget of Redwire's dashboard client: a number field sending on Enter, blur or a pause.
(function () {
  'use strict';
  const { store, sendFrame, follow, widgetComponent } = RW;

  const UiNumberInput = widgetComponent(
    '<label class="rw-label">{{ prop("label") }}</label>' +
      '<span class="rw-number"><input type="number" v-model="text" :min="prop(\'min\')" :max="prop(\'max\')" :step="prop(\'step\') || 1" ' +
      ':disabled="!enabled" :aria-label="prop(\'label\')" :title="prop(\'tooltip\') || null" ' +
      ':class="{ \'rw-no-spinner\': prop(\'spinner\') === \'hidden\' }" @input="typed" @keyup.enter="enter" @blur="blur">' +
      '<button v-if="prop(\'clearable\')" type="button" class="rw-clear" aria-label="clear" @click="clear">×</button></span>',
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
        clear() { text.value = ''; send(); }
      };
    });

  RW.register('ui-number-input', 'UiNumberInput', UiNumberInput, 'rw-field');
})();
