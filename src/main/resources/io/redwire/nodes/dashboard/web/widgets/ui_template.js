// A Dashboard 1 ui_template that Redwire does not run (AngularJS, or added to the page's head): its place on the page
// says so rather than staying blank. Plain-HTML Dashboard 1 templates run as ui-template.
(function () {
  'use strict';
  const { widgetComponent } = RW;

  const UiTemplate1 = widgetComponent(
    '<div class="rw-unsupported" role="note">Dashboard 1 template "{{ w.name || w.id }}" uses AngularJS ' +
      '({{ (w.angular || []).join(", ") }}), which this dashboard does not run.</div>',
    () => ({}));

  RW.register('ui_template', 'UiTemplate1', UiTemplate1);
})();
