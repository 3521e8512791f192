// The ui-form widget of Redwire's dashboard client: the configured fields, submit and clear; a submit sends
// {payload: {key: value}, _event: "submit"} as Dashboard 2.0's form does (numbers as numbers, blanks as ""); with
// splitLayout the fields fill two columns, row by row, as 1.31's do.
(function () {
  'use strict';
  const { reactive, watch, computed } = Vue;
  const { action, widgetComponent } = RW;

  const UiForm = widgetComponent(
    '<form class="rw-form" @submit.prevent="submit" :aria-label="prop(\'label\') || null">' +
      '<h3 v-if="prop(\'label\')" class="rw-label">{{ prop("label") }}</h3>' +
      '<div class="rw-form-rows" :class="{ \'rw-form-split\': !!prop(\'splitLayout\') }">' +
      '<label v-for="f in fields" :key="f.key" class="rw-form-field" :data-key="f.key" :class="\'rw-form-\' + f.type">' +
      '<span>{{ f.label }}</span>' +
      '<textarea v-if="f.type === \'multiline\'" v-model="input[f.key]" :rows="f.rows || 3" :required="!!f.required" :disabled="!enabled"></textarea>' +
      '<input v-else-if="f.type === \'checkbox\' || f.type === \'switch\'" type="checkbox" :role="f.type === \'switch\' ? \'switch\' : null" v-model="input[f.key]" :disabled="!enabled">' +
      '<select v-else-if="f.type === \'dropdown\'" v-model="input[f.key]" :required="!!f.required" :disabled="!enabled">' +
      '<option v-for="o in dropdown(f.key)" :key="o.value" :value="o.value">{{ o.label }}</option></select>' +
      '<input v-else :type="f.type === \'text\' ? \'text\' : f.type" v-model="input[f.key]" :required="!!f.required" :disabled="!enabled">' +
      '</label></div>' +
      '<div class="rw-form-actions"><button v-if="prop(\'submit\')" type="submit" class="rw-submit" :disabled="!enabled">{{ prop("submit") }}</button>' +
      '<button v-if="prop(\'cancel\')" type="button" class="rw-cancel" :disabled="!enabled" @click="reset">{{ prop("cancel") }}</button></div>' +
      '</form>',
    (props, { prop, msg }) => {
      const fields = computed(() => prop('options') || []);
      const input = reactive({});
      const blank = (f) => f.type === 'checkbox' || f.type === 'switch' ? false : '';
      function reset() { fields.value.forEach((f) => { input[f.key] = blank(f); }); }
      fields.value.forEach((f) => { input[f.key] = (props.w.formValue || {})[f.key] ?? blank(f); });
      // a msg in whose payload is an object fills the fields by key
      watch(msg, (m) => {
        if (m && m.payload && typeof m.payload === 'object') {
          Object.keys(m.payload).forEach((k) => { input[k] = m.payload[k]; });
        }
      }, { immediate: true });
      return {
        fields, input, reset,
        dropdown: (k) => (prop('dropdownOptions') || []).filter((o) => o.dropdown === k),
        submit() {
          const out = {};
          fields.value.forEach((f) => {
            const v = input[f.key];
            out[f.key] = f.type === 'number' ? (v === '' || v === null || v === undefined ? null : Number(v))
              : (v === undefined || v === null ? '' : v);
          });
          action(props.w.id, { payload: out, _event: 'submit' });
          if (prop('resetOnSubmit') !== false) { reset(); }
        }
      };
    });

  RW.register('ui-form', 'UiForm', UiForm, 'rw-form-widget');
})();
