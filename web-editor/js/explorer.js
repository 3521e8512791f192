// The explorer sidebar (Node-RED's outline): the flows, the subflow templates and the config nodes as a tree, each
// with its nodes; a click on a node selects and reveals it (switching tab), on a flow or subflow opens its tab, on
// a config node opens its form.

import { h } from "./dialog.js";

export class Explorer {
  /** hooks: {reveal(id), showTab(id), edit(node) (a config node), visible() → whether the panel is shown} */
  constructor(container, model, registry, hooks) {
    this.container = container;
    this.model = model;
    this.registry = registry;
    this.hooks = hooks;
    this.closed = new Set(); // the branches the user folded, kept across redraws
  }

  render() {
    if (!this.hooks.visible()) {
      return;
    }
    const { model, registry } = this;
    const nodeItem = (n) => h("div", { class: "explorer-item explorer-node", dataset: { id: n.id },
      title: `${registry.paletteLabel(n.type)} ${n.id}`,
      onclick: () => (registry.isConfig(n) ? this.hooks.edit(n) : this.hooks.reveal(n.id)) },
    h("span", { class: "explorer-type" }, registry.paletteLabel(n.type)), " ", registry.label(n, model));
    const branch = (key, label, children, open) => {
      const body = h("div", { class: "explorer-children", hidden: this.closed.has(key) });
      body.append(...(children.length ? children : [h("div", { class: "hint" }, "none")]));
      const head = h("div", { class: "explorer-item explorer-branch", dataset: { key },
        onclick: () => {
          body.hidden = !body.hidden;
          if (body.hidden) {
            this.closed.add(key);
          } else {
            this.closed.delete(key);
          }
          if (open) {
            open();
          }
        } }, h("span", { class: "explorer-count" }, String(children.length)), label);
      return h("div", { class: "explorer-branch-holder" }, head, body);
    };
    const onSpace = (id) => model.nodes.filter((n) => n.z === id && n.type !== "group" && !registry.isConfig(n));
    const spaces = (type) => model.nodes.filter((n) => n.type === type).map((w) => branch("ws:" + w.id,
      (type === "tab" ? w.label : w.name) || w.id, onSpace(w.id).map(nodeItem), () => this.hooks.showTab(w.id)));
    this.container.replaceChildren(h("div", { class: "explorer-tree", id: "explorer-tree" },
      branch("flows", "Flows", spaces("tab")),
      branch("subflows", "Subflows", spaces("subflow")),
      branch("config", "Configuration nodes", model.configNodes(registry).map(nodeItem))));
  }
}
