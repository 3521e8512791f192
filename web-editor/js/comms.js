// The /comms websocket: Node-RED frames (arrays of {topic, data}); reconnects when the runtime restarts.

export class Comms {
  /** @param handler (topic, data) => void */
  constructor(tokenSupplier, handler) {
    this.tokenSupplier = tokenSupplier;
    this.handler = handler;
    this.retryMs = 500;
    this.closed = false;
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const token = this.tokenSupplier();
    const path = location.pathname.replace(/[^/]*$/, "") + "comms";
    const url = proto + "//" + location.host + path + (token ? "?access_token=" + encodeURIComponent(token) : "");
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.retryMs = 500;
      if (token) {
        ws.send(JSON.stringify({ auth: token }));
      }
      for (const topic of ["status/#", "notification/#", "debug"]) {
        ws.send(JSON.stringify({ subscribe: topic }));
      }
      this.handler("comms/connected", {});
    };
    ws.onmessage = (ev) => {
      let parsed;
      try {
        parsed = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (Array.isArray(parsed)) {
        for (const m of parsed) {
          this.handler(m.topic, m.data);
        }
      } else if (parsed && parsed.auth === "fail") {
        this.handler("comms/auth-failed", {});
      }
    };
    ws.onclose = () => {
      if (this.closed) {
        return;
      }
      this.handler("comms/disconnected", {});
      setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 5000);
    };
  }

  close() {
    this.closed = true;
    if (this.ws) {
      this.ws.close();
    }
  }
}
