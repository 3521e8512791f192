// The ui-template widget of Redwire's dashboard client: the node's format compiled as a Vue component by Vue's
// runtime template compiler: its <template> (or the whole text), its <script>'s `export default {...}` merged in
// (data, methods, computed, watch, hooks), its <style> added to the page; `msg` (the last msg in) and `send(msg)`
// are there for both. The style scopes add the format's CSS to the page instead.
(function () {
  'use strict';
  const { computed, markRaw, onBeforeUnmount, watch } = Vue;
  const { store, sendMsg, widgetComponent } = RW;

  const part = (text, tag) => {
    const m = new RegExp('<' + tag + '[^>]*>([\\s\\S]*)</' + tag + '>', 'i').exec(text);
    return m ? m[1] : null;
  };

  function addStyle(css) {
    const el = document.createElement('style');
    el.textContent = css;
    document.head.appendChild(el);
    return el;
  }

  // the user's component options: the script's default export, evaluated once per format
  function scriptOptions(script) {
    if (!script || !script.trim()) { return {}; }
    try {
      return new Function(script.replace(/export\s+default/, 'return'))() || {};
    } catch (e) {
      console.error('ui-template script', e);
      return {};
    }
  }

  function component(id, format) {
    const template = part(format, 'template') ?? format.replace(/<script[\s\S]*?<\/script>/gi, '').replace(/<style[\s\S]*?<\/style>/gi, '');
    const user = scriptOptions(part(format, 'script'));
    return markRaw({
      mixins: [{
        computed: { msg() { return store.msgs[id] || {}; }, id() { return id; } },
        methods: { send(m) { sendMsg(id, m && typeof m === 'object' ? m : { payload: m }); } }
      }, user],
      template: '<div class="rw-template-body">' + template + '</div>'
    });
  }

  const UiTemplate = widgetComponent(
    '<component v-if="!styleOnly" :is="inner"></component>',
    (props, { prop }) => {
      const format = computed(() => String(prop('format') || ''));
      const styleOnly = computed(() => ['page:style', 'site:style'].includes(props.w.templateScope));
      let style = null;
      watch(format, (f) => {
        if (style) { style.remove(); }
        const css = styleOnly.value ? (part(f, 'style') ?? f) : part(f, 'style');
        style = css ? addStyle(css) : null;
      }, { immediate: true });
      onBeforeUnmount(() => { if (style) { style.remove(); } });
      return { styleOnly, inner: computed(() => component(props.w.id, format.value)) };
    });

  RW.register('ui-template', 'UiTemplate', UiTemplate, 'rw-template');
})();
