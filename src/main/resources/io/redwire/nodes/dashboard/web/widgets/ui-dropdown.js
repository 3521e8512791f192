// The ui-dropdown widget of Redwire's dashboard client: a select of the options (several with "multiple"), and
// Dashboard 1's placeholder while nothing is chosen.
(function () {
  'use strict';
  const { computed } = Vue;
  const { sendFrame, follow, widgetComponent } = RW;
  const key = (v) => JSON.stringify(v);

  const UiDropdown = widgetComponent(
    '<label class="rw-label">{{ prop("label") }}</label>' +
      '<select :multiple="!!prop(\'multiple\')" :disabled="!enabled" :aria-label="prop(\'label\')" :title="prop(\'tooltip\') || null" ' +
      'v-bind="single" @change="picked">' +
      // Dashboard 1's placeholder shows while nothing is chosen, and cannot be chosen
      '<option v-if="!multiple" :value="key(null)" :selected="value === null || value === undefined" ' +
      ':disabled="!!prop(\'placeholder\')" :hidden="!!prop(\'placeholder\')">{{ prop("placeholder") }}</option>' +
      '<option v-for="o in options" :key="key(o.value)" :value="key(o.value)" :selected="isChosen(o)">{{ o.label }}</option>' +
      '</select>' +
      // a list box has no placeholder of its own: a multiple one shows Dashboard 1's below it while nothing is chosen
      '<span v-if="multiple && prop(\'placeholder\') && !chosenCount" class="rw-placeholder">{{ prop("placeholder") }}</span>',
    (props, { prop, msg }) => {
      const value = follow(msg, undefined, (p) => p);
      const multiple = computed(() => !!prop('multiple'));
      const options = computed(() => (prop('options') || []).map((o) => typeof o === 'object' && o !== null
        ? { value: o.value, label: o.label ?? String(o.value) } : { value: o, label: String(o) }));
      // only a single choice binds the select's value: setting it (even to nothing) on a multiple select would
      // clear the options already chosen
      const single = computed(() => multiple.value ? {} : { value: key(value.value ?? null) });
      const chosen = () => multiple.value ? [].concat(value.value ?? []).map(key) : [key(value.value)];
      const chosenCount = computed(() => chosen().length);
      return {
        value, multiple, single, options, key, chosenCount,
        isChosen(o) { return chosen().includes(key(o.value)); },
        picked(e) {
          const vals = Array.from(e.target.selectedOptions).map((o) => JSON.parse(o.value));
          value.value = multiple.value ? vals : (vals.length ? vals[0] : null);
          sendFrame({ type: 'change', id: props.w.id, value: value.value });
        }
      };
    });

  RW.register('ui-dropdown', 'UiDropdown', UiDropdown, 'rw-field');
})();
