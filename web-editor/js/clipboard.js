// Copy, cut and paste of canvas selections. The clipboard holds Node-RED flow JSON, so a selection copied in
// Node-RED's editor pastes here and back. Ctrl+C/X/V use the browser's copy/paste events (the system clipboard);
// a copy is also kept in memory for browsers that do not deliver paste events.

import { copyOf, parseFlows } from "./flowjson.js";

export class Clipboard {
  /** hooks: {notify(text, kind)} */
  constructor(model, canvas, hooks) {
    this.model = model;
    this.canvas = canvas;
    this.hooks = hooks;
    this.internal = null;
    this.lastMouse = null;
    canvas.svg.addEventListener("mousemove", (e) => {
      this.lastMouse = { clientX: e.clientX, clientY: e.clientY };
    });
    document.addEventListener("copy", (e) => this.onCopy(e, false));
    document.addEventListener("cut", (e) => this.onCopy(e, true));
    document.addEventListener("paste", (e) => this.onPaste(e));
  }

  /** Only when the canvas has the focus: copying text in a form or the debug sidebar stays the browser's. */
  canvasFocused() {
    return document.activeElement === this.canvas.svg && !document.querySelector("#dialogs .overlay");
  }

  /** The selection as Node-RED JSON, or null when nothing is selected. */
  selectionJson() {
    const ids = [...this.canvas.selection].filter((id) => this.model.get(id));
    if (ids.length === 0) {
      return null;
    }
    return JSON.stringify(copyOf(this.model.nodes, ids));
  }

  onCopy(e, cut) {
    if (!this.canvasFocused() || (cut && this.canvas.locked())) {
      return;
    }
    const json = this.selectionJson();
    if (!json) {
      return;
    }
    e.clipboardData.setData("text/plain", json);
    e.preventDefault();
    this.eventSeen = true;
    this.copied(json, cut);
  }

  copied(json, cut) {
    if (cut && this.canvas.locked()) {
      return; // a locked flow's nodes are not cut, as Node-RED disables cut there
    }
    this.internal = json;
    const count = JSON.parse(json).length;
    if (cut) {
      this.canvas.deleteSelection();
    }
    this.hooks.notify(`${cut ? "Cut" : "Copied"} ${count} node${count === 1 ? "" : "s"}`);
  }

  /**
   * Ctrl+C/X/V from the keymap: the browser's copy/cut/paste event normally follows and does the work; when none
   * comes (some embedded or headless browsers), the in-memory clipboard is used instead.
   */
  viaKey(kind) {
    this.eventSeen = false;
    const json = kind === "paste" ? null : this.selectionJson();
    setTimeout(() => {
      if (this.eventSeen) {
        return;
      }
      if (kind === "paste") {
        this.paste(this.internal);
      } else if (json) {
        this.copied(json, kind === "cut");
      }
    }, 50);
  }

  onPaste(e) {
    if (!this.canvasFocused()) {
      return;
    }
    const text = (e.clipboardData && e.clipboardData.getData("text/plain")) || this.internal;
    e.preventDefault();
    this.eventSeen = true;
    this.paste(text);
  }

  /**
   * Pastes flow JSON onto the current tab with fresh ids, its top-left at the last mouse position on the
   * canvas (else 20 px right/below the originals), and selects what was pasted. Returns the pasted nodes.
   */
  paste(text) {
    if (!text) {
      return [];
    }
    if (this.canvas.locked()) {
      this.hooks.notify("This flow is locked: nothing can be pasted into it", "warning");
      return [];
    }
    let nodes;
    try {
      nodes = parseFlows(text);
    } catch (err) {
      this.hooks.notify("Nothing to paste: the clipboard does not hold flow JSON (" + err.message + ")", "warning");
      return [];
    }
    const at = this.lastMouse && this.canvas.containsClientPoint(this.lastMouse.clientX, this.lastMouse.clientY)
      ? this.canvas.canvasPoint(this.lastMouse) : null;
    const pasted = this.model.pasteNodes(nodes, this.canvas.tab, at);
    this.canvas.selection = new Set(pasted.filter((n) => n.z === this.canvas.tab).map((n) => n.id));
    this.canvas.refreshSelection();
    this.canvas.tools?.follow([...this.canvas.selection]); // as in Node-RED: they follow the mouse until a click
    this.hooks.notify(`Pasted ${pasted.length} node${pasted.length === 1 ? "" : "s"}`);
    return pasted;
  }
}
