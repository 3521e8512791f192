// The ui-template widget of Redwire's dashboard client: the node's format compiled as a Vue component by Vue's
// runtime template compiler: its <template> (or the whole text), its <script>'s `export default {...}` merged in
// (data, methods, computed, watch, hooks) or, without one, the script run when the component mounts, its <style> and <script src> added to the page's head; as in Dashboard 2.0
// 1.31 the component has `msg` (the last msg in), `value` (its payload, settable), `id`, `props` (the widget's
// settings), `send(msg)`, `submit(event)` (a form's fields as payload, topic "submit") and `$socket`
// (ui-template-socket.js). The style scopes add the format's CSS to the page instead.
(function () {
  'use strict';
  const { computed, markRaw, onBeforeUnmount, provide, watch } = Vue;
  const { store, action, sendMsg, widgetComponent } = RW;

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

  // the format's <script src="..."> tags, each loaded once into the page's head
  function addScripts(format) {
    const doc = new DOMParser().parseFromString(format, 'text/html');
    doc.querySelectorAll('script[src]').forEach((s) => {
      const src = s.getAttribute('src');
      if ([...document.head.querySelectorAll('script[src]')].some((e) => e.getAttribute('src') === src)) { return; }
      const el = document.createElement('script');
      el.src = src;
      ['defer', 'async'].forEach((a) => { if (s.hasAttribute(a)) { el.setAttribute(a, ''); } });
      document.head.appendChild(el);
    });
  }

  // `export default` opening a line (not one in a comment such as "// no export default")
  const DEFAULT_EXPORT = /^\s*export\s+default\b/m;

  // the user's component options: the script's default export, evaluated once per format; a script without one
  // runs each time the component is mounted, with `this` the component (as Dashboard 2.0 1.31 evaluates it then)
  function scriptOptions(script) {
    if (!script || !script.trim()) { return {}; }
    if (!DEFAULT_EXPORT.test(script)) {
      return {
        mounted() {
          try { new Function(script).call(this); } catch (e) { console.error('ui-template script', e); }
        }
      };
    }
    try {
      return new Function(script.replace(DEFAULT_EXPORT, 'return'))() || {};
    } catch (e) {
      console.error('ui-template script', e);
      return {};
    }
  }

  // the script of the format that is the component's (not one loaded by its src)
  const ownScript = (format) => part(format.replace(/<script[^>]*\ssrc=[^>]*>\s*<\/script>/gi, ''), 'script');

  // what a template's send and submit add, as 1.31's do: the component and the template that sent the msg (one here)
  const sentBy = (id, m) => Object.assign(m, { _dashboard: Object.assign(m._dashboard || {}, { sourceId: id, templateId: id }) });

  function component(id, format) {
    const template = part(format, 'template') ?? format.replace(/<script[\s\S]*?<\/script>/gi, '').replace(/<style[\s\S]*?<\/style>/gi, '');
    const user = scriptOptions(ownScript(format));
    return markRaw({
      props: ['props'],
      inject: ['$socket'],
      mixins: [{
        computed: {
          msg() { return store.msgs[id] || {}; },
          id() { return id; },
          value: {
            get() { return (store.msgs[id] || {}).payload; },
            set(v) { store.msgs[id] = Object.assign({}, store.msgs[id], { payload: v }); }
          }
        },
        methods: {
          send(m) { if (m) { sendMsg(id, sentBy(id, typeof m === 'object' ? m : { payload: m })); } },
          submit(e) { action(id, sentBy(id, { topic: e.type, payload: Object.fromEntries(new FormData(e.target).entries()) })); }
        }
      }, user],
      template: '<div class="rw-template-body">' + template + '</div>'
    });
  }

  const UiTemplate = widgetComponent(
    '<component v-if="!styleOnly" :is="inner" :props="w"></component>',
    (props, { prop }) => {
      const format = computed(() => String(prop('format') || ''));
      const styleOnly = computed(() => ['page:style', 'site:style'].includes(props.w.templateScope));
      let style = null;
      const socket = RW.templateSocket();
      provide('$socket', socket);
      watch(format, (f) => {
        if (!styleOnly.value) { addScripts(f); }
        if (style) { style.remove(); }
        const css = styleOnly.value ? (part(f, 'style') ?? f) : part(f, 'style');
        style = css ? addStyle(css) : null;
      }, { immediate: true });
      onBeforeUnmount(() => { socket.close(); if (style) { style.remove(); } });
      return { styleOnly, inner: computed(() => component(props.w.id, format.value)) };
    });

  RW.register('ui-template', 'UiTemplate', UiTemplate, 'rw-template');
})();
