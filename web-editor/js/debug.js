// The debug sidebar: messages from /comms topic "debug", decoded from Node-RED's encoding, expandable.

import { h } from "./dialog.js";
import { childPath, copyText, Pins, valueText } from "./debugtools.js";

const MAX_MESSAGES = 500;

export class DebugPanel {
  /** hooks: {toggleNode(id, on) (calls setMuted), reveal(id), nodeName(id), currentTab(), selectedIds()} */
  constructor(container, clearButton, mutedInfo, hooks, filterSelect) {
    this.container = container;
    this.mutedInfo = mutedInfo;
    this.hooks = hooks;
    this.muted = new Set();
    this.filterSelect = filterSelect;
    this.pins = new Pins();
    this.paused = null; // while paused: the messages held back, shown on resume
    this.pauseButton = h("button", { type: "button", id: "debug-pause", title: "pause or resume the message list",
      onclick: () => this.togglePause() }, "pause");
    clearButton.after(this.pauseButton);
    clearButton.addEventListener("click", () => this.clear());
    filterSelect.addEventListener("change", () => this.applyFilter());
  }

  /** Node-RED's debug filter: all nodes, the selected nodes, or the nodes of the current flow. */
  shows(item) {
    switch (this.filterSelect.value) {
      case "selected": return this.hooks.selectedIds().has(item.dataset.node);
      case "current": return item.dataset.z === this.hooks.currentTab();
      default: return true;
    }
  }

  applyFilter() {
    for (const item of this.container.children) {
      item.hidden = !this.shows(item);
    }
  }

  clear() {
    this.container.replaceChildren();
    if (this.paused) {
      this.paused = [];
      this.pauseButton.textContent = "resume";
    }
  }

  /** Pause holds new messages back (counted on the button); resume shows them in their order. */
  togglePause() {
    const held = this.paused;
    this.paused = held ? null : [];
    this.pauseButton.classList.toggle("active", !held);
    this.pauseButton.textContent = held ? "pause" : "resume";
    (held || []).forEach((d) => this.add(d));
  }

  add(data) {
    if (this.paused) {
      this.paused.push(data);
      this.pauseButton.textContent = `resume (${this.paused.length})`;
      return;
    }
    const atBottom = this.container.scrollHeight - this.container.scrollTop - this.container.clientHeight < 30;
    const level = data.level === 20 ? "error" : data.level === 30 ? "warn" : null;
    const name = data.name || this.hooks.nodeName(data.id) || data.id;
    const meta = h("div", { class: "debug-meta" },
      h("span", { class: "debug-time" }, new Date().toLocaleTimeString()),
      h("span", { class: "debug-node", title: "show the node", onclick: () => this.hooks.reveal(data.id) }, name),
      data.topic !== undefined ? h("span", { class: "debug-topic" }, "topic: " + stringOf(data.topic)) : null,
      h("span", { class: "debug-property" }, level ? `${level} (${data.type || "node"})`
        : `${data.property ? "msg." + data.property : "msg"} : ${data.format}`),
      level ? null : h("button", { type: "button", class: "debug-mute", title: "switch this debug node's output off/on",
        onclick: () => this.toggle(data.id) }, this.muted.has(data.id) ? "unmute" : "mute"));
    const item = h("div", { class: "debug-message" + (level ? " level-" + level : ""),
      dataset: { node: data.id, z: data.z || "" } }, meta, h("div", { class: "debug-value" }, renderEncoded(data,
      level ? null : { node: data.id, root: data.property || "", pins: this.pins })));
    item.hidden = !this.shows(item);
    this.container.appendChild(item);
    while (this.container.childElementCount > MAX_MESSAGES) {
      this.container.firstElementChild.remove();
    }
    if (atBottom) {
      this.container.scrollTop = this.container.scrollHeight;
    }
  }

  /** The mute button: the hook switches the debug node's output, which mutes or unmutes it here. */
  async toggle(id) {
    await this.hooks.toggleNode(id, this.muted.has(id));
  }

  /** Keeps the mute buttons and the muted list in step with a debug node's active flag. */
  setMuted(id, muted) {
    if (muted) {
      this.muted.add(id);
    } else {
      this.muted.delete(id);
    }
    for (const b of this.container.querySelectorAll(`.debug-message[data-node="${CSS.escape(id)}"] .debug-mute`)) {
      b.textContent = muted ? "unmute" : "mute";
    }
    this.mutedInfo.textContent = this.muted.size ? `muted: ${[...this.muted].map((m) => this.hooks.nodeName(m) || m)
      .join(", ")}` : "";
  }
}

function stringOf(v) {
  return typeof v === "string" ? v : JSON.stringify(v);
}

/**
 * Turns {msg, format} (Node-RED's debug encoding, also the context API's) back into something to look at.
 * `tools` ({node, root, pins}): each property gets copy path / copy value / pin buttons, paths below `root`.
 */
export function renderEncoded(data, tools = null) {
  const f = data.format || "";
  if (f === "Object" || f.startsWith("array")) {
    try {
      return tree(JSON.parse(data.msg), null, true, tools && { ...tools, path: tools.root });
    } catch {
      return h("span", {}, data.msg);
    }
  }
  if (f.startsWith("string")) {
    return h("span", { class: "s" }, data.msg);
  }
  if (f === "number") {
    return h("span", { class: "n" }, data.msg);
  }
  if (f === "boolean") {
    return h("span", { class: "b" }, data.msg);
  }
  if (f === "null" || f === "undefined") {
    return h("span", { class: "u" }, f);
  }
  if (f.startsWith("buffer")) {
    return h("span", { class: "n" }, `${f} ${data.msg}`);
  }
  return h("span", {}, String(data.msg));
}

/** Node-RED's __enc__ markers for values JSON cannot carry. */
function decodeMarker(v) {
  if (v && typeof v === "object" && v.__enc__) {
    switch (v.type) {
      case "undefined": return h("span", { class: "u" }, "undefined");
      case "number": return h("span", { class: "n" }, v.data);
      case "internal": return h("span", { class: "u" }, "[internal]");
      case "Buffer": return h("span", { class: "n" }, `buffer[${v.length}] ` + (v.data || [])
        .map((b) => b.toString(16).padStart(2, "0")).join(""));
      case "array": return null; // shown as an array, with its length
      default: return h("span", { class: "u" }, `[${v.type}]`);
    }
  }
  return null;
}

/** The copy path, copy value and pin buttons of one property (shown on hover). */
function propertyTools(v, at) {
  const button = (cls, title, text, act) => h("button", { type: "button", class: cls, title, onclick: (e) => {
    e.preventDefault(); // inside a summary: not a toggle
    e.stopPropagation();
    act(e.currentTarget);
  } }, text);
  const pinned = at.pins.has(at.node, at.path);
  return h("span", { class: "debug-tools", dataset: { path: at.path } },
    button("debug-copy-path", "copy path: " + (at.path || "msg"), "⧉ path", () => copyText(at.path)),
    button("debug-copy-value", "copy value", "⧉ value", () => copyText(valueText(plain(v)))),
    button("debug-pin" + (pinned ? " pinned" : ""), "pin: keep this open on the next messages", "📌",
      (b) => b.classList.toggle("pinned", at.pins.toggle(at.node, at.path))));
}

/** A value with Node-RED's __enc__ markers turned into what they stand for, for copying. */
function plain(v) {
  if (v && typeof v === "object") {
    if (v.__enc__) {
      return v.type === "array" ? v.data.map(plain) : v.type === "Buffer" ? v.data : v.data ?? null;
    }
    return Array.isArray(v) ? v.map(plain) : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}

function tree(v, key, open, at) {
  const label = key === null ? null : h("span", { class: "k" }, key + ": ");
  const tools = at ? propertyTools(v, at) : null;
  const marker = decodeMarker(v);
  if (marker) {
    return h("div", { class: "debug-prop" }, label, marker, tools);
  }
  if (v === null) {
    return h("div", { class: "debug-prop" }, label, h("span", { class: "u" }, "null"), tools);
  }
  if (typeof v !== "object") {
    const cls = typeof v === "string" ? "s" : typeof v === "number" ? "n" : "b";
    return h("div", { class: "debug-prop" }, label, h("span", { class: cls }, typeof v === "string"
      ? JSON.stringify(v) : String(v)), tools);
  }
  const isCut = v.__enc__ && v.type === "array";
  const items = isCut ? v.data : v;
  const array = Array.isArray(items);
  const entries = array ? items.map((x, i) => [String(i), x]) : Object.entries(items);
  const summaryText = array ? `array[${isCut ? v.length : items.length}]`
    : `{ ${Object.keys(items).slice(0, 4).join(", ")}${Object.keys(items).length > 4 ? ", …" : ""} }`;
  const opened = open || (at && at.pins.opens(at.node, at.path));
  return h("details", { open: opened || undefined, class: "debug-prop" }, h("summary", {}, label, summaryText, tools),
    ...entries.map(([k, x]) => tree(x, k, false, at && { ...at, path: childPath(at.path, k, array) })));
}
