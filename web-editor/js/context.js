// The context sidebar (Node-RED's "Context Data"): the selected node's, the current flow's and the global context,
// read from the admin context API on refresh, values shown with the debug sidebar's rendering, keys deletable.

import { h } from "./dialog.js";
import { renderEncoded } from "./debug.js";

const SCOPES = [
  { scope: "node", title: "Node" },
  { scope: "flow", title: "Flow" },
  { scope: "global", title: "Global" },
];

export class ContextPanel {
  /** hooks: {read(path), remove(path), selectedNodeId(), currentTab()} — paths under the admin root */
  constructor(container, hooks) {
    this.container = container;
    this.hooks = hooks;
    this.sections = new Map();
    for (const { scope, title } of SCOPES) {
      const list = h("div", { class: "context-entries" });
      const refresh = h("button", { type: "button", class: "context-refresh", title: `refresh ${title.toLowerCase()}`
        + " context", onclick: () => this.refresh(scope) }, "refresh");
      const section = h("section", { class: "context-section", id: "context-" + scope },
        h("header", {}, h("span", { class: "context-title" }, title), refresh), list);
      this.sections.set(scope, { section, list, refresh });
      container.appendChild(section);
    }
  }

  /** The context path of a scope now: node and flow follow the selection and the tab; null when there is none. */
  target(scope) {
    if (scope === "global") {
      return "context/global";
    }
    const id = scope === "node" ? this.hooks.selectedNodeId() : this.hooks.currentTab();
    return id ? `context/${scope}/${encodeURIComponent(id)}` : null;
  }

  refreshAll() {
    return Promise.all(SCOPES.map(({ scope }) => this.refresh(scope)));
  }

  async refresh(scope) {
    const { list } = this.sections.get(scope);
    const path = this.target(scope);
    if (!path) {
      list.replaceChildren(h("p", { class: "hint" }, scope === "node" ? "Select a node to see its context." : "No flow."));
      return;
    }
    try {
      this.show(scope, path, await this.hooks.read(path));
    } catch (err) {
      list.replaceChildren(h("p", { class: "hint error" }, "Could not read the context: " + err.message));
    }
  }

  /** body: {store: {key: {msg, format}}} ({} for a node that is not deployed). */
  show(scope, path, body) {
    const { list } = this.sections.get(scope);
    const stores = Object.keys(body);
    const rows = [];
    for (const store of stores) {
      for (const [key, value] of Object.entries(body[store]).sort(([a], [b]) => a.localeCompare(b))) {
        rows.push(this.entry(scope, path, store, stores.length > 1, key, value));
      }
    }
    list.replaceChildren(...(rows.length ? rows : [h("p", { class: "hint" }, stores.length ? "none"
      : "not deployed: no context yet")]));
  }

  entry(scope, path, store, showStore, key, value) {
    const del = h("button", { type: "button", class: "context-delete", title: `delete ${key}` }, "delete");
    del.addEventListener("click", async () => {
      if (!del.classList.contains("confirm")) { // a second click confirms, like Node-RED's popover
        del.classList.add("confirm");
        del.textContent = "confirm delete";
        return;
      }
      await this.hooks.remove(`${path}/${encodeURIComponent(key)}?store=${encodeURIComponent(store)}`);
      await this.refresh(scope);
    });
    return h("div", { class: "context-entry", dataset: { key, store } },
      h("div", { class: "context-meta" }, h("span", { class: "context-key" }, key),
        showStore ? h("span", { class: "context-store" }, store) : null,
        h("span", { class: "context-format" }, value.format), del),
      h("div", { class: "debug-value context-value" }, renderEncoded(value)));
  }
}
