// The ui-text-input widget of Redwire's dashboard client.
(function () {
  'use strict';
  const { sendFrame, shown, follow, widgetComponent } = RW;

  const UiTextInput = widgetComponent(
    '<label class="rw-label">{{ prop("label") }}</label>' +
      '<input :type="prop(\'mode\') === \'textarea\' ? \'text\' : (prop(\'mode\') || \'text\')" v-model="text" :disabled="!enabled" ' +
      ':aria-label="prop(\'label\')" @input="typed" @keyup.enter="enter" @blur="blur">',
    (props, { prop, msg }) => {
      let timer = null;
      const text = follow(msg, '', shown);
      // as Dashboard 2.0's: Enter and then leaving the field sends the same text twice
      function send() {
        clearTimeout(timer);
        sendFrame({ type: 'change', id: props.w.id, value: prop('mode') === 'number' && text.value !== '' ? Number(text.value) : text.value });
      }
      return {
        text,
        typed() { if (prop('sendOnDelay')) { clearTimeout(timer); timer = setTimeout(send, Number(prop('delay')) || 300); } },
        enter() { if (prop('sendOnEnter') !== false) { send(); } },
        blur() { if (prop('sendOnBlur') !== false) { send(); } }
      };
    });

  RW.register('ui-text-input', 'UiTextInput', UiTextInput, 'rw-field');
})();
