// Talks to the admin API: JSON in and out, the Bearer token after login, Node-RED's v2 flows API.

const TOKEN_KEY = "redwire-auth-token";

/** A refused request: HTTP status plus the server's {code, message, errors?} body. */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.message || body.error_description || body.error)) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

/** A JSON answer, or a text one as {message}. */
function bodyOf(text) {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

export class Api {
  constructor(base = "") {
    this.base = base;
    this.token = localStorage.getItem(TOKEN_KEY);
  }

  setToken(token) {
    this.token = token;
    if (token) {
      localStorage.setItem(TOKEN_KEY, token);
    } else {
      localStorage.removeItem(TOKEN_KEY);
    }
  }

  async request(method, path, body, headers = {}) {
    const h = { "Node-RED-API-Version": "v2", ...headers };
    if (this.token) {
      h.Authorization = "Bearer " + this.token;
    }
    let payload;
    if (body !== undefined) {
      h["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.base + path, { method, headers: h, body: payload });
    const text = await res.text();
    const parsed = text ? bodyOf(text) : null;
    if (!res.ok) {
      throw new ApiError(res.status, parsed);
    }
    return parsed;
  }

  get(path) {
    return this.request("GET", path);
  }

  /** A text answer as it is (a library entry: function code is not JSON). */
  async text(path) {
    const res = await fetch(this.base + path, { headers: this.token ? { Authorization: "Bearer " + this.token } : {} });
    const text = await res.text();
    if (!res.ok) {
      throw new ApiError(res.status, bodyOf(text));
    }
    return text;
  }

  post(path, body) {
    return this.request("POST", path, body === undefined ? {} : body);
  }

  settings() {
    return this.get("settings");
  }

  nodeTypes() {
    return this.request("GET", "nodes", undefined, { Accept: "application/json" });
  }

  /** {flows, rev} */
  flows() {
    return this.get("flows");
  }

  /**
   * Deploys; rev omitted forces over whatever is deployed; mode is Node-RED's deployment type (full, flows,
   * nodes). Resolves {rev}.
   */
  deploy(flows, rev, mode = "full") {
    const body = { flows };
    if (rev) {
      body.rev = rev;
    }
    return this.request("POST", "flows", body, { "Node-RED-Deployment-Type": mode });
  }

  /** Restarts the stored flows (Node-RED's "Restart Flows", deployment type reload). Resolves {rev}. */
  restartFlows() {
    return this.request("POST", "flows", {}, { "Node-RED-Deployment-Type": "reload" });
  }

  /** The services and methods of a config node's .proto / .thrift: {services: [{name, methods: [{name, kind}]}]}. */
  outline(language, configNode) {
    return this.post("redwire/idl/" + encodeURIComponent(language), configNode);
  }

  loginPrompt() {
    return this.get("auth/login");
  }

  async login(username, password) {
    const res = await fetch(this.base + "auth/token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: "node-red-editor", grant_type: "password", scope: "", username, password }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) {
      throw new ApiError(res.status, body);
    }
    this.setToken(body.access_token);
    return body;
  }

  async logout() {
    if (this.token) {
      await this.post("auth/revoke", { token: this.token }).catch(() => {});
    }
    this.setToken(null);
  }
}
