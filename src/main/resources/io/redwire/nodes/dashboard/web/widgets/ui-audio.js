// The ui-audio widget of Redwire's dashboard client: an audio player of msg.payload's URL (or src), driven by
// msg.playback play / pause / stop; in tts mode the browser speaks msg.payload. A Dashboard 1 ui_audio
// (w.reportsAudio) also plays a Buffer payload, takes msg.level as the volume in percent, stops on msg.reset and
// reports "playing", "complete", "reset" or "error…" for its node's status, as node-red-dashboard 3.6.6 does.
(function () {
  'use strict';
  const { ref, computed, onMounted, onBeforeUnmount } = Vue;
  const { listen, store, action, widgetComponent } = RW;

  // a Buffer as Redwire's JSON writes it ({type: 'Buffer', data: [...]})
  const bufferBytes = (p) => p && p.type === 'Buffer' && Array.isArray(p.data) ? new Uint8Array(p.data) : null;

  const UiAudio = widgetComponent(
    '<audio v-if="prop(\'mode\') !== \'tts\'" ref="player" controls :src="src || null" :loop="prop(\'loop\') === \'on\'" ' +
      ':muted="prop(\'muted\') === \'on\'" :autoplay="prop(\'autoplay\') === \'on\'"></audio>',
    (props, { prop, msg }) => {
      const player = ref(null);
      const src = computed(() => (msg.value && typeof msg.value.payload === 'string' && msg.value.payload) || prop('src') || '');
      const reports = () => props.w.reportsAudio === true;
      const report = (s) => { if (reports()) { action(props.w.id, { audiostatus: s }); } };
      let context = null;
      let playing = null; // the buffer source playing a Buffer payload
      function reset() {
        if (playing) {
          playing.disconnect(); playing.stop(0); playing = null; report('reset');
        } else if (window.speechSynthesis && speechSynthesis.speaking) {
          speechSynthesis.cancel(); report('reset');
        }
      }
      function play(bytes, level) {
        try {
          context = context || new (window.AudioContext || window.webkitAudioContext)();
          const source = context.createBufferSource();
          source.onended = () => report('complete');
          context.decodeAudioData(bytes.buffer, (decoded) => {
            source.buffer = decoded;
            if (level) {
              const gain = context.createGain();
              gain.gain.value = level / 100;
              gain.connect(context.destination);
              source.connect(gain);
            } else {
              source.connect(context.destination);
            }
            playing = source;
            source.start(0);
            report('playing');
          }, () => report('error'));
        } catch (e) { report('error'); }
      }
      function speak(m) {
        if (m.payload === undefined || !window.speechSynthesis) { return; }
        const say = new SpeechSynthesisUtterance(String(m.payload));
        const voice = speechSynthesis.getVoices().find((v) => v.name === prop('voice') || v.voiceURI === prop('voice'));
        if (voice) { say.voice = voice; }
        if (reports()) {
          const level = parseInt(m.level, 10);
          if (!isNaN(level)) { say.volume = level / 100 || 1; }
          say.onend = () => report('complete');
          say.onerror = (e) => report('error: ' + e.error);
          report('playing');
        }
        speechSynthesis.speak(say);
      }
      function onMsg(type, m) {
        if (type !== 'msg') { return; }
        if (prop('mode') === 'tts') {
          if (reports()) {
            if (m.reset === true || m.reset === 1) { reset(); return; }
            const bytes = bufferBytes(m.payload);
            if (bytes) { play(bytes, m.level); return; }
            if (typeof m.payload !== 'string') { return; }
          }
          speak(m);
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
