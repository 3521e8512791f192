// The ui-file-input widget of Redwire's dashboard client: the picked file is sent when "Upload" is pressed, as
// Dashboard 2.0 does (base64 in the frame, a Buffer in the msg) with msg.file {name, size, type}; files over the
// page's frame limit are refused here.
(function () {
  'use strict';
  const { ref } = Vue;
  const { sendMsg, widgetComponent, withIcon } = RW;

  const UiFileInput = widgetComponent(
    '<label class="rw-label">{{ prop("label") }}</label>' +
      withIcon('<input type="file" :multiple="!!prop(\'allowMultiple\')" :accept="prop(\'accept\') || null" ' +
      ':disabled="!enabled" :aria-label="prop(\'label\')" @change="picked">', 'outside') +
      '<button type="button" class="rw-upload" :disabled="!enabled || !files.length" @click="send">Upload</button>' +
      '<span class="rw-file-status">{{ status }}</span>',
    (props) => {
      const status = ref('');
      const files = ref([]);
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
      return {
        status, files,
        picked(e) { files.value = Array.from(e.target.files || []); status.value = ''; },
        send() { files.value.forEach(upload); files.value = []; }
      };
    });

  RW.register('ui-file-input', 'UiFileInput', UiFileInput, 'rw-field');
})();
