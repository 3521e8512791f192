// The `$socket` a ui-template's component gets, standing in for Dashboard 2.0 1.31's socket.io client over
// Redwire's page socket: on('msg-input:<widget id>', fn) calls fn with each msg that widget then gets (not the
// replayed one), off(event[, fn]) stops that; emit('widget-action' | 'widget-send' | 'widget-change', id, msg or
// value) sends as that widget's press, own msg or new value. Other events are ignored.
(function () {
  'use strict';
  const { listen, action, sendMsg, sendFrame } = RW;
  const EMITS = {
    'widget-action': (id, msg) => action(id, msg),
    'widget-send': (id, msg) => sendMsg(id, msg),
    'widget-change': (id, value) => sendFrame({ type: 'change', id, value })
  };

  function templateSocket() {
    let held = []; // {event, fn, stop}
    const socket = {
      on(event, fn) {
        const m = /^msg-input:(.+)$/.exec(String(event));
        if (m && typeof fn === 'function') {
          held.push({ event, fn, stop: listen(m[1], (type, msg) => { if (type === 'msg') { fn(msg); } }) });
        }
        return socket;
      },
      off(event, fn) {
        held = held.filter((h) => {
          const gone = h.event === event && (!fn || h.fn === fn);
          if (gone) { h.stop(); }
          return !gone;
        });
        return socket;
      },
      emit(event, id, msg) {
        if (EMITS[event]) { EMITS[event](id, msg); }
        return socket;
      },
      // the template is gone: what it still listens to stops too
      close() { held.forEach((h) => h.stop()); held = []; }
    };
    return socket;
  }

  RW.templateSocket = templateSocket;
})();
