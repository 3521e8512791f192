// The ui-button widget of Redwire's dashboard client.
(function () {
  'use strict';
  const { sendFrame, widgetComponent } = RW;

  const UiButton = widgetComponent(
    '<button type="button" :disabled="!enabled" :title="prop(\'tooltip\') || null" @click="press">{{ prop("label") }}</button>',
    (props, { msg }) => ({
      press(e) {
        const r = e.target.getBoundingClientRect();
        const out = Object.assign({}, msg.value || {});
        out._event = { type: e.type, clientX: e.clientX, clientY: e.clientY,
          bbox: { x: r.x, y: r.y, width: r.width, height: r.height, top: r.top, right: r.right, bottom: r.bottom, left: r.left } };
        sendFrame({ type: 'action', id: props.w.id, msg: out });
      }
    }));

  RW.register('ui-button', 'UiButton', UiButton);
})();
