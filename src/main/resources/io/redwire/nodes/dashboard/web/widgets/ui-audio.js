// The ui-audio widget of Redwire's dashboard client: an audio player of msg.payload's URL (or src), driven by
// msg.playback play / pause / stop; in tts mode the browser speaks msg.payload.
(function () {
  'use strict';
  const { ref, computed, onMounted, onBeforeUnmount } = Vue;
  const { listen, store, widgetComponent } = RW;

  const UiAudio = widgetComponent(
    '<audio v-if="prop(\'mode\') !== \'tts\'" ref="player" controls :src="src || null" :loop="prop(\'loop\') === \'on\'" ' +
      ':muted="prop(\'muted\') === \'on\'" :autoplay="prop(\'autoplay\') === \'on\'"></audio>',
    (props, { prop, msg }) => {
      const player = ref(null);
      const src = computed(() => (msg.value && typeof msg.value.payload === 'string' && msg.value.payload) || prop('src') || '');
      function onMsg(type, m) {
        if (type !== 'msg') { return; }
        if (prop('mode') === 'tts') {
          if (m.payload !== undefined && window.speechSynthesis) {
            const say = new SpeechSynthesisUtterance(String(m.payload));
            const voice = speechSynthesis.getVoices().find((v) => v.name === prop('voice'));
            if (voice) { say.voice = voice; }
            speechSynthesis.speak(say);
          }
          return;
        }
        const p = player.value;
        if (!p) { return; }
        if (m.playback === 'play') { p.play().catch(() => {}); }
        if (m.playback === 'pause') { p.pause(); }
        if (m.playback === 'stop') { p.pause(); p.currentTime = 0; }
      }
      let stop = null;
      onMounted(() => { stop = listen(props.w.id, onMsg); });
      onBeforeUnmount(() => { if (stop) { stop(); } });
      return { player, src, store };
    });

  RW.register('ui-audio', 'UiAudio', UiAudio, 'rw-audio');
})();
