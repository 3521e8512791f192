// The ui-notification widget of Redwire's dashboard client: each msg in pops its payload up (text, or HTML with
// "raw") for displayTime seconds; closing sends the msg back with payload dismiss_clicked / confirm_clicked.
(function () {
  'use strict';
  const { ref, onMounted, onBeforeUnmount } = Vue;
  const { listen, action, shown, widgetComponent } = RW;

  const UiNotification = widgetComponent(
    '<div v-if="open" class="rw-notification" role="alert" :class="[\'rw-at-\' + String(prop(\'position\') || \'top right\').replace(\' \', \'-\')]" ' +
      ':style="prop(\'colorDefault\') === false && prop(\'color\') ? { borderColor: prop(\'color\') } : null">' +
      '<h3 v-if="title" class="rw-notification-title">{{ title }}</h3>' +
      '<div v-if="prop(\'raw\')" class="rw-notification-text" v-html="text"></div><div v-else class="rw-notification-text">{{ text }}</div>' +
      '<div v-if="countdown" class="rw-countdown" :style="{ width: left + \'%\' }"></div>' +
      '<div class="rw-notification-actions"><button v-if="prop(\'allowDismiss\') !== false" type="button" class="rw-dismiss" @click="close(\'dismiss_clicked\')">{{ prop("dismissText") || "Close" }}</button>' +
      '<button v-if="prop(\'allowConfirm\')" type="button" class="rw-confirm" @click="close(\'confirm_clicked\')">{{ prop("confirmText") || "Confirm" }}</button></div></div>',
    (props, { prop }) => {
      const open = ref(false);
      const text = ref('');
      const title = ref('');
      const left = ref(100);
      const countdown = ref(false);
      let last = null;
      let timer = null;
      let tick = null;
      function stopTimers() { clearTimeout(timer); clearInterval(tick); }
      function close(payload) {
        open.value = false;
        stopTimers();
        action(props.w.id, Object.assign({}, last || {}, { payload }));
      }
      function show(msg) {
        last = msg;
        text.value = shown(msg.payload);
        // a Dashboard 1 toast's title: its node's topic, else the msg's
        title.value = props.w.titleTopic === undefined ? '' : props.w.titleTopic || shown(msg.topic);
        open.value = true;
        stopTimers();
        const secs = Number(prop('displayTime'));
        countdown.value = secs > 0 && prop('showCountdown') !== false;
        left.value = 100;
        if (secs > 0) {
          const end = Date.now() + secs * 1000;
          tick = setInterval(() => { left.value = Math.max(0, (end - Date.now()) / (secs * 10)); }, 100);
          timer = setTimeout(() => { open.value = false; stopTimers(); }, secs * 1000);
        }
      }
      let stop = null;
      onMounted(() => { stop = listen(props.w.id, (type, msg) => { if (type === 'msg' && msg.payload !== undefined) { show(msg); } }); });
      onBeforeUnmount(() => { stopTimers(); if (stop) { stop(); } });
      return { open, text, title, left, countdown, close };
    });

  RW.register('ui-notification', 'UiNotification', UiNotification, 'rw-notification-widget');
})();
