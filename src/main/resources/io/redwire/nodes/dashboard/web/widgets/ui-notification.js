// The ui-notification widget of Redwire's dashboard client: a msg with a payload (or msg.show true) pops the payload
// up (text, or HTML with "raw") for displayTime seconds; a msg while it is up only changes the text, its countdown
// runs on; msg.show false closes it. Closing sends the last msg shown back with why as payload: dismiss_clicked,
// confirm_clicked, timeout or input_msg (as Dashboard 2.0). A Dashboard 1 toast (msgOptions) shows each msg anew
// and sends only its buttons' clicks (a prompt's OK the text typed in its field); it also takes from each msg what
// its node leaves open: highlight, className, the buttons' ok / cancel texts and, with no displayTime, timeout.
// A Dashboard 1 dialog's msg whose payload shows as nothing cancels the Dashboard 1 dialog open, whichever toast
// opened it (Dashboard 1 has one dialog service for the page), and shows nothing.
(function () {
  'use strict';
  const { ref, onMounted, onBeforeUnmount } = Vue;
  const { listen, action, shown, widgetComponent } = RW;
  let openDialog = null; // the close of the Dashboard 1 dialog open on this page
  // what Dashboard 1 finds empty: the payload's text, or with raw the payload itself loosely (==) equal to ''
  const empty = (payload, raw) => raw ? payload == '' : String(payload ?? '') === '';

  const UiNotification = widgetComponent(
    '<div v-if="open" class="rw-notification" role="alert" :class="[\'rw-at-\' + String(prop(\'position\') || \'top right\').replace(\' \', \'-\'), look.className]" ' +
      ':style="look.color ? { borderColor: look.color } : null">' +
      '<h3 v-if="title" class="rw-notification-title">{{ title }}</h3>' +
      '<div v-if="prop(\'raw\')" class="rw-notification-text" v-html="text"></div><div v-else class="rw-notification-text">{{ text }}</div>' +
      '<input v-if="w.prompt" class="rw-prompt" type="text" v-model="answer" @keyup.enter="close(\'confirm_clicked\')">' +
      '<div v-if="countdown" class="rw-countdown" :style="{ width: left + \'%\' }"></div>' +
      '<div class="rw-notification-actions"><button v-if="prop(\'allowDismiss\') !== false" type="button" class="rw-dismiss" @click="close(\'dismiss_clicked\')">{{ look.dismissText || "Close" }}</button>' +
      '<button v-if="prop(\'allowConfirm\')" type="button" class="rw-confirm" @click="close(\'confirm_clicked\')">{{ look.confirmText || "Confirm" }}</button></div></div>',
    (props, { prop }) => {
      const open = ref(false);
      const text = ref('');
      const title = ref('');
      const look = ref({});
      const left = ref(100);
      const countdown = ref(false);
      const answer = ref(''); // a Dashboard 1 prompt's text field
      let last = null;
      let timer = null;
      let tick = null;
      function stopTimers() { clearTimeout(timer); clearInterval(tick); }
      function close(payload) {
        open.value = false;
        stopTimers();
        if (openDialog === close) { openDialog = null; }
        if (payload !== 'timeout' || !props.w.msgOptions) {
          action(props.w.id, Object.assign({}, last || {}, { payload }, props.w.prompt ? { _answer: answer.value } : {}));
        }
      }
      function take(msg) {
        if (msg.payload) { // as Dashboard 2.0: a falsy payload is not what the notification shows or sends back
          last = msg;
          text.value = shown(msg.payload);
        }
      }
      function received(msg) {
        if (props.w.dialog && empty(msg.payload, prop('raw'))) {
          if (openDialog) { openDialog('dismiss_clicked'); }
        } else if (props.w.msgOptions) {
          if (msg.payload !== undefined) { last = msg; text.value = shown(msg.payload); show(msg); }
        } else if (msg.show === true || msg.payload !== undefined) {
          take(msg);
          if (!open.value) { show(last || msg); }
        } else if (msg.show === false && open.value) {
          close('input_msg');
        }
      }
      function show(msg) {
        // a Dashboard 1 toast's title: its node's topic, else the msg's
        title.value = props.w.titleTopic === undefined ? '' : props.w.titleTopic || shown(msg.topic);
        const fromMsg = props.w.msgOptions ? msg : {};
        look.value = {
          color: (prop('colorDefault') === false && prop('color')) || fromMsg.highlight,
          className: props.w.className ? '' : fromMsg.className,
          confirmText: fromMsg.ok || prop('confirmText'),
          dismissText: fromMsg.cancel || prop('dismissText')
        };
        answer.value = '';
        open.value = true;
        if (props.w.dialog) { openDialog = close; }
        stopTimers();
        const given = prop('displayTime');
        const secs = props.w.msgOptions && (given === '' || given === undefined) ? Number(fromMsg.timeout) || 3 : Number(given);
        countdown.value = secs > 0 && prop('showCountdown') !== false;
        left.value = 100;
        if (secs > 0) {
          const end = Date.now() + secs * 1000;
          tick = setInterval(() => { left.value = Math.max(0, (end - Date.now()) / (secs * 10)); }, 100);
          timer = setTimeout(() => close('timeout'), secs * 1000);
        }
      }
      let stop = null;
      onMounted(() => { stop = listen(props.w.id, (type, msg) => { if (type === 'msg') { received(msg); } }); });
      onBeforeUnmount(() => { stopTimers(); if (openDialog === close) { openDialog = null; } if (stop) { stop(); } });
      return { open, text, title, look, left, countdown, answer, close };
    });

  RW.register('ui-notification', 'UiNotification', UiNotification, 'rw-notification-widget');
})();
