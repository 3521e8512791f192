// The ui-dropdown widget of Redwire's dashboard client: a select of the options (several with "multiple"), and
// Dashboard 1's placeholder while nothing is chosen; a Dashboard 1 multiple one is a closed field showing the labels
// chosen, joined by ", " (or the placeholder), that opens a list of checkboxes, as node-red-dashboard 3.6.6 draws it.
(function () {
  'use strict';
  const { computed, ref } = Vue;
  const { sendFrame, follow, widgetComponent } = RW;
  const key = (v) => JSON.stringify(v);

  const UiDropdown = widgetComponent(
    '<label class="rw-label">{{ prop("label") }}</label>' +
      // Dashboard 1's multiple choice: a closed field with the labels chosen (or the placeholder), opening a list
      '<div v-if="labelled" class="rw-multi">' +
      '<button type="button" class="rw-multi-value" :disabled="!enabled" :aria-expanded="String(open)" ' +
      ':aria-label="prop(\'label\')" :title="prop(\'tooltip\') || null" @click="open = !open">' +
      '{{ chosenLabels || prop("placeholder") }}</button>' +
      '<ul v-if="open" class="rw-multi-list" role="listbox" aria-multiselectable="true">' +
      '<li v-for="o in options" :key="key(o.value)" role="option" :aria-selected="String(isChosen(o))">' +
      '<label><input type="checkbox" :checked="isChosen(o)" @change="toggle(o, $event.target.checked)"> {{ o.label }}</label>' +
      '</li></ul></div>' +
      '<select v-else :multiple="!!prop(\'multiple\')" :disabled="!enabled" :aria-label="prop(\'label\')" :title="prop(\'tooltip\') || null" ' +
      'v-bind="single" @change="picked">' +
      // Dashboard 1's placeholder shows while nothing is chosen, and cannot be chosen
      '<option v-if="!multiple" :value="key(null)" :selected="value === null || value === undefined" ' +
      ':disabled="!!prop(\'placeholder\')" :hidden="!!prop(\'placeholder\')">{{ prop("placeholder") }}</option>' +
      '<option v-for="o in options" :key="key(o.value)" :value="key(o.value)" :selected="isChosen(o)">{{ o.label }}</option>' +
      '</select>' +
      // a list box has no placeholder of its own: a multiple one shows Dashboard 1's below it while nothing is chosen
      '<span v-if="multiple && !labelled && prop(\'placeholder\') && !chosenCount" class="rw-placeholder">{{ prop("placeholder") }}</span>',
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
      const labelled = computed(() => multiple.value && props.w.ngBound === true);
      const open = ref(false);
      const chosenLabels = computed(() => options.value.filter((o) => chosen().includes(key(o.value)))
        .map((o) => o.label).join(', '));
      const send = () => sendFrame({ type: 'change', id: props.w.id, value: value.value });
      return {
        value, multiple, single, options, key, chosenCount, labelled, open, chosenLabels,
        isChosen(o) { return chosen().includes(key(o.value)); },
        toggle(o, on) {
          const rest = [].concat(value.value ?? []).filter((v) => key(v) !== key(o.value));
          value.value = on ? rest.concat([o.value]) : rest;
          send();
        },
        picked(e) {
          const vals = Array.from(e.target.selectedOptions).map((o) => JSON.parse(o.value));
          value.value = multiple.value ? vals : (vals.length ? vals[0] : null);
          send();
        }
      };
    });

  RW.register('ui-dropdown', 'UiDropdown', UiDropdown, 'rw-field');
})();
