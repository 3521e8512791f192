// The ui-text-input widget of Redwire's dashboard client.
(function () {
  'use strict';
  const { sendFrame, shown, follow, widgetComponent, withIcon } = RW;

  const UiTextInput = widgetComponent(
    '<label class="rw-label">{{ prop("label") }}</label>' +
      withIcon('<input :type="prop(\'mode\') === \'textarea\' ? \'text\' : (prop(\'mode\') || \'text\')" v-model="text" ' +
      ':disabled="!enabled" :aria-label="prop(\'label\')" @input="typed" @keyup.enter="enter" @blur="blur">'),
    (props, { prop, msg }) => {
      let timer = null;
      // a date picker of Dashboard 1 gets its day as ms since 1970
      const text = follow(msg, '', (p) => prop('mode') === 'date' && typeof p === 'number' ? new Date(p).toISOString().slice(0, 10) : shown(p));
      let sent;
      // as Dashboard 2.0's: Enter and then leaving the field sends the same text twice (Dashboard 1's: once)
      function send() {
        clearTimeout(timer);
        sent = text.value;
        sendFrame({ type: 'change', id: props.w.id, value: prop('mode') === 'number' && text.value !== '' ? Number(text.value) : text.value });
      }
      return {
        text,
        typed() { if (prop('sendOnDelay')) { clearTimeout(timer); timer = setTimeout(send, Number(prop('delay')) || 300); } },
        enter() { if (prop('sendOnEnter') !== false) { send(); } },
        blur() { if (prop('sendOnBlur') !== false && !(prop('blurSendsChangesOnly') && text.value === sent)) { send(); } }
      };
    });

  RW.register('ui-text-input', 'UiTextInput', UiTextInput, 'rw-field');
})();
