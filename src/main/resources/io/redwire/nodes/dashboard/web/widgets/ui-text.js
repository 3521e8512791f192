// The ui-text widget of Redwire's dashboard client: a label and msg.payload. A Dashboard 1 ui_text shows its format
// instead, the AngularJS {{…}} in it and in its label filled in (ng.js), both bound as sanitized HTML as Dashboard 1
// binds them.
(function () {
  'use strict';
  const { computed } = Vue;
  const { shown, widgetComponent } = RW;

  const UiText = widgetComponent(
    '<span class="rw-label" v-html="html(prop(\'label\'))"></span><span class="rw-value" v-html="html(value)"></span>',
    (props, { prop, msg }) => ({
      value: computed(() => props.w.ngBound ? prop('format') : shown(msg.value && msg.value.payload))
    }));

  RW.register('ui-text', 'UiText', UiText, 'rw-text');
})();
