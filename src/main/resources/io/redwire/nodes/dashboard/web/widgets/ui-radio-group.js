// The ui-radio-group widget of Redwire's dashboard client: radio buttons of the options in columns.
(function () {
  'use strict';
  const { sendFrame, follow, widgetComponent } = RW;
  let groups = 0;

  const UiRadioGroup = widgetComponent(
    '<span class="rw-label">{{ prop("label") }}</span>' +
      '<div class="rw-radios" role="radiogroup" :style="{ gridTemplateColumns: \'repeat(\' + (Number(prop(\'columns\')) || 1) + \', auto)\' }">' +
      '<label v-for="o in prop(\'options\') || []" :key="JSON.stringify(o.value)">' +
      '<input type="radio" :name="name" :value="JSON.stringify(o.value)" :checked="JSON.stringify(o.value) === JSON.stringify(value)" ' +
      ':disabled="!enabled" @change="pick(o)"> {{ o.label }}</label></div>',
    (props, { msg }) => {
      const value = follow(msg, undefined, (p) => p);
      return {
        value,
        name: 'rw-radio-' + (++groups),
        pick(o) { value.value = o.value; sendFrame({ type: 'change', id: props.w.id, value: o.value }); }
      };
    });

  RW.register('ui-radio-group', 'UiRadioGroup', UiRadioGroup, 'rw-radio-group');
})();
