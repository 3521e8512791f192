// The info sidebar: the selected node (type, id, label, its description) and its type's help from the declaration;
// with nothing selected, the current tab.

import { h } from "./dialog.js";

export class InfoPanel {
  constructor(container, model, registry) {
    this.container = container;
    this.model = model;
    this.registry = registry;
  }

  show(nodes, tabId) {
    const node = nodes.length === 1 ? nodes[0] : null;
    // replaceChildren would show a null part as the text "null": only the parts that exist go in
    const show = (...parts) => this.container.replaceChildren(...parts.filter((p) => p !== null && p !== undefined));
    if (!node) {
      const tab = this.model.get(tabId);
      show(h("h3", {}, tab ? (tab.label || tab.name || tab.id) : "no tab"),
        nodes.length > 1 ? h("p", {}, `${nodes.length} nodes selected`) : null,
        tab && tab.info ? h("div", { class: "info-text" }, tab.info) : h("p", { class: "hint" },
          "Select a node to see its properties and help."));
      return;
    }
    const type = this.registry.get(node.type);
    const rows = [["Node", node.id], ["Type", node.type], ["Label", this.registry.label(node, this.model)]];
    if (node.name) {
      rows.push(["Name", node.name]);
    }
    if (node.d) {
      rows.push(["State", "disabled"]);
    }
    const subflow = node.type.startsWith("subflow:") ? this.model.get(node.type.substring(8)) : null;
    show(
      h("table", { class: "info-table" }, rows.map(([k, v]) => h("tr", {}, h("th", {}, k), h("td", {}, v)))),
      node.info ? h("div", { class: "info-text", id: "info-description" }, node.info) : null,
      subflow ? h("h3", {}, "Subflow: " + (subflow.name || subflow.id))
        : h("h3", {}, "Help: " + this.registry.paletteLabel(node.type)),
      h("div", { class: "info-help", id: "info-help" }, subflow ? subflowHelp(subflow)
        : type && type.help ? helpBody(type.help)
          : h("p", { class: "hint" }, type ? "No help text is declared for this node type."
            : "Unknown node type: the runtime has no declaration for it.")));
  }
}

/** A subflow instance's help is its template's description, as Node-RED shows it. */
function subflowHelp(subflow) {
  return subflow.info ? helpBody(String(subflow.info))
    : h("p", { class: "hint" }, "This subflow has no description (add one in its properties).");
}

/** Help text: paragraphs separated by blank lines; lines starting "- " are list items; `code` spans. */
function helpBody(text) {
  return text.split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n");
    if (lines.every((l) => l.trim().startsWith("- "))) {
      return h("ul", {}, lines.map((l) => h("li", {}, inline(l.trim().substring(2)))));
    }
    return h("p", {}, inline(block));
  });
}

function inline(text) {
  return text.split(/(`[^`]+`)/).map((part) => (part.startsWith("`") && part.endsWith("`") && part.length > 1
    ? h("code", {}, part.slice(1, -1)) : part));
}
