// The user settings (Node-RED's View settings): grid size shown, snap to grid, light or dark theme. Kept in this
// browser's localStorage, applied on load; the theme is a data-theme attribute theme.css turns into colours.

import { h, openDialog } from "./dialog.js";
import { GRID } from "./arrange.js";

const KEY = "redwire.editor.settings";
const DEFAULTS = { showGrid: true, snapToGrid: true, gridSize: GRID, theme: "light" };

export class UserSettings {
  constructor(storage = window.localStorage) {
    this.storage = storage;
    let saved = {};
    try {
      saved = JSON.parse(storage.getItem(KEY) || "{}") || {};
    } catch {
      saved = {}; // a hand-edited or foreign value: start from the defaults rather than fail to load the editor
    }
    this.values = { ...DEFAULTS, ...saved };
    this.apply();
  }

  get(name) {
    return this.values[name];
  }

  set(changes) {
    Object.assign(this.values, changes);
    this.storage.setItem(KEY, JSON.stringify(this.values));
    this.apply();
  }

  apply() {
    const root = document.documentElement;
    root.dataset.theme = this.values.theme === "dark" ? "dark" : "light";
    root.classList.toggle("no-grid", !this.values.showGrid);
  }

  /** The dialog (main menu → Settings, ctrl-,). */
  open() {
    const v = this.values;
    const showGrid = h("input", { type: "checkbox", id: "setting-show-grid", checked: v.showGrid });
    const snap = h("input", { type: "checkbox", id: "setting-snap", checked: v.snapToGrid });
    const theme = h("select", { id: "setting-theme" },
      ["light", "dark"].map((t) => h("option", { value: t, selected: v.theme === t ? "selected" : null }, t)));
    const row = (label, control) => h("div", { class: "form-row" }, h("label", {}, control, " ", label));
    openDialog({
      title: "User settings",
      id: "user-settings",
      body: [h("h4", {}, "View"),
        row(`Show the grid (${v.gridSize} px)`, showGrid),
        row("Snap to grid (Shift while dragging does the opposite)", snap),
        h("div", { class: "form-row" }, h("label", { for: "setting-theme" }, "Theme"), theme)],
      buttons: [{ label: "Close", id: "user-settings-close", class: "primary", action: () => true }],
    });
    showGrid.addEventListener("change", () => this.set({ showGrid: showGrid.checked }));
    snap.addEventListener("change", () => this.set({ snapToGrid: snap.checked }));
    theme.addEventListener("change", () => this.set({ theme: theme.value }));
  }
}
