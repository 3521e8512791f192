// The workspace tabs: switch, add, edit (double-click: its tray), remove.

import { h } from "./dialog.js";
import { newId } from "./model.js";
import { openTabTray } from "./tabtray.js";

export class Tabs {
  /** hooks: {select(id)} */
  constructor(container, model, hooks) {
    this.container = container;
    this.model = model;
    this.hooks = hooks;
    this.active = null;
    this.order = [];
  }

  render() {
    const spaces = this.model.workspaces();
    if (!spaces.some((w) => w.id === this.active)) {
      // the active tab went away: its left neighbour takes over (the right one for the first tab), as in Node-RED
      const was = this.order.indexOf(this.active);
      const survivors = this.order.filter((id) => spaces.some((w) => w.id === id));
      const left = was > 0 ? this.order.slice(0, was).reverse().find((id) => survivors.includes(id)) : undefined;
      const right = this.order.slice(was + 1).find((id) => survivors.includes(id));
      this.active = left || right || (spaces.length ? spaces[0].id : null);
    }
    this.order = spaces.map((w) => w.id);
    this.container.replaceChildren(...spaces.map((w) => {
      const subflow = w.type === "subflow";
      const tab = h("div", { class: "tab" + (w.id === this.active ? " active" : "") + (subflow ? " subflow" : "")
        + (w.disabled ? " disabled" : "") + (w.locked ? " locked" : ""), dataset: { id: w.id }, title: subflow ? "subflow definition" : w.info || "",
      onclick: () => this.select(w.id), ondblclick: () => this.rename(w) },
      subflow ? "subflow: " + (w.name || w.id) : (w.label || w.id));
      if (!subflow && spaces.filter((s) => s.type === "tab").length > 1) {
        tab.appendChild(h("button", { type: "button", class: "tab-close", title: "delete this tab and its nodes",
          onclick: (e) => {
            e.stopPropagation();
            if (confirm(`Delete "${w.label || w.id}" and all its nodes?`)) {
              this.model.remove([w.id]);
            }
          } }, "×"));
      }
      return tab;
    }), h("button", { type: "button", id: "add-tab", title: "add a tab", onclick: () => this.add() }, "+"));
  }

  select(id) {
    this.active = id;
    this.render();
    this.hooks.select(id);
  }

  add() {
    const count = this.model.workspaces().filter((w) => w.type === "tab").length;
    const tab = { id: newId(), type: "tab", label: `Flow ${count + 1}`, disabled: false, info: "", env: [] };
    this.model.add(tab);
    this.select(tab.id);
  }

  /** Double-click: the tab's own edit tray (name, enabled, lock, description, env), as in Node-RED. */
  rename(w) {
    openTabTray(w, () => this.model.changed());
  }
}
