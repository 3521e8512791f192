// The ui-file-input widget of Redwire's dashboard client: a picked file is read and sent (base64 in the frame, a
// Buffer in the msg) with msg.file {name, size, type}; files over the page's frame limit are refused here.
(function () {
  'use strict';
  const { ref } = Vue;
  const { sendMsg, widgetComponent } = RW;

  const UiFileInput = widgetComponent(
    '<label class="rw-label">{{ prop("label") }}</label>' +
      '<input type="file" :multiple="!!prop(\'allowMultiple\')" :accept="prop(\'accept\') || null" :disabled="!enabled" ' +
      ':aria-label="prop(\'label\')" @change="picked"><span class="rw-file-status">{{ status }}</span>',
    (props) => {
      const status = ref('');
      function upload(file) {
        if (props.w.maxFileSize && file.size > props.w.maxFileSize) {
          status.value = file.name + ' is over ' + props.w.maxFileSize + ' bytes';
          return;
        }
        const reader = new FileReader();
        reader.onload = () => {
          const url = String(reader.result);
          sendMsg(props.w.id, { payloadBase64: url.slice(url.indexOf(',') + 1), file: { name: file.name, size: file.size, type: file.type } });
          status.value = file.name + ' sent';
        };
        status.value = 'sending ' + file.name;
        reader.readAsDataURL(file);
      }
      return { status, picked(e) { Array.from(e.target.files || []).forEach(upload); } };
    });

  RW.register('ui-file-input', 'UiFileInput', UiFileInput, 'rw-field');
})();
