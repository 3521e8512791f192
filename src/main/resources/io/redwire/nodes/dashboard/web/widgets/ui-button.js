// The ui-button widget of Redwire's dashboard client. As Dashboard 2.0's button: a click (when enableClick), a
// press (enablePointerdown) and a release (enablePointerup) each send the last msg with _event describing it; a
// press captures the pointer, and a click released off the button is not sent. Its icon (the icon font's name) sits
// left or right of the label (iconPosition), in iconColor; buttonColor and textColor colour the rest.
(function () {
  'use strict';
  const { sendFrame, widgetComponent, iconAt } = RW;
  const glyph = (side) => iconAt(side, ':style="{ color: prop(\'iconColor\') || null }"');

  const UiButton = widgetComponent(
    '<button type="button" :disabled="!enabled" :title="prop(\'tooltip\') || null" @click="on($event, \'enableClick\')"'
      + ' @pointerdown="on($event, \'enablePointerdown\')" @pointerup="on($event, \'enablePointerup\')"'
      + ' @pointermove="track" :style="{ background: prop(\'buttonColor\') || null }">' + glyph('left')
      + '<span v-if="prop(\'label\')" :style="{ color: prop(\'textColor\') || null }" v-html="html(prop(\'label\'))"></span>'
      + glyph('right') + '</button>',
    (props, { msg }) => {
      let over = true; // whether the pointer is still over the button
      return {
        on(e, flag) {
          // clicks are on unless turned off; presses and releases off unless turned on
          const wanted = flag === 'enableClick' ? props.w.enableClick !== false && over : props.w[flag] === true;
          if (!wanted) { return; }
          const r = e.currentTarget.getBoundingClientRect();
          if (e.type === 'pointerdown') { e.currentTarget.setPointerCapture(e.pointerId); }
          if (e.type === 'pointerup') { e.currentTarget.releasePointerCapture(e.pointerId); }
          const out = Object.assign({}, msg.value || {});
          out._event = { type: e.type, clientX: e.clientX, clientY: e.clientY,
            bbox: { x: r.x, y: r.y, width: r.width, height: r.height, top: r.top, right: r.right, bottom: r.bottom, left: r.left } };
          sendFrame({ type: 'action', id: props.w.id, msg: out });
        },
        track(e) {
          const r = e.currentTarget.getBoundingClientRect();
          over = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
        }
      };
    });

  RW.register('ui-button', 'UiButton', UiButton);
})();
