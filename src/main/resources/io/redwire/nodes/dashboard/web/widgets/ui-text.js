// The ui-text widget of Redwire's dashboard client. A Dashboard 1 ui_text shows its format, the text around the
// value: {{msg.payload}}, {{msg.a.b}} and {{value}} are filled in (as text; no AngularJS expressions or filters),
// in its label too.
(function () {
  'use strict';
  const { computed } = Vue;
  const { shown, widgetComponent } = RW;
  const PLACE = /\{\{\s*(value|msg(?:\.[A-Za-z_$][\w$]*)+)\s*\}\}/g;

  function formatted(format, msg) {
    return String(format).replace(PLACE, (all, path) => shown(path === 'value' ? msg && msg.payload
      : path.split('.').slice(1).reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), msg)));
  }

  const UiText = widgetComponent(
    '<span class="rw-label">{{ label }}</span><span class="rw-value">{{ value }}</span>',
    (props, { prop, msg }) => ({
      label: computed(() => props.w.formatted ? formatted(prop('label'), msg.value) : prop('label')),
      value: computed(() => props.w.formatted ? formatted(props.w.format, msg.value)
        : shown(msg.value && msg.value.payload))
    }));

  RW.register('ui-text', 'UiText', UiText, 'rw-text');
})();
