// The ui-spacer widget of Redwire's dashboard client: empty space of its width and height in the group.
(function () {
  'use strict';
  const { widgetComponent } = RW;
  RW.register('ui-spacer', 'UiSpacer', widgetComponent('<span class="rw-space" :title="prop(\'tooltip\') || null"></span>', () => ({})), 'rw-spacer');
})();
