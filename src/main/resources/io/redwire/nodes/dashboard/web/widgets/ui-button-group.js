// The ui-button-group widget of Redwire's dashboard client: one button per option, the chosen one marked.
(function () {
  'use strict';
  const { sendFrame, follow, widgetComponent } = RW;
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  const UiButtonGroup = widgetComponent(
    '<span class="rw-label" v-if="prop(\'label\')">{{ prop("label") }}</span>' +
      '<div class="rw-buttons" role="group" :class="{ \'rw-rounded\': prop(\'rounded\') !== false }">' +
      '<button v-for="o in prop(\'options\') || []" :key="JSON.stringify(o.value)" type="button" :disabled="!enabled" ' +
      ':class="{ \'rw-chosen\': same(o.value, value) }" :aria-pressed="same(o.value, value) ? \'true\' : \'false\'" ' +
      ':style="same(o.value, value) && prop(\'useThemeColors\') === false && o.color ? { background: o.color } : null" ' +
      '@click="pick(o)">{{ o.label }}</button></div>',
    (props, { msg }) => {
      const value = follow(msg, undefined, (p) => p);
      return {
        value,
        same,
        pick(o) { value.value = o.value; sendFrame({ type: 'change', id: props.w.id, value: o.value }); }
      };
    });

  RW.register('ui-button-group', 'UiButtonGroup', UiButtonGroup, 'rw-button-group');
})();
