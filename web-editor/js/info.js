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
        tab && described(tab.info) ? h("div", { class: "info-text" }, tab.info) : h("p", { class: "hint" },
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
      described(node.info) ? h("div", { class: "info-text", id: "info-description" }, node.info) : null,
      subflow ? h("h3", {}, "Subflow: " + (subflow.name || subflow.id))
        : h("h3", {}, "Help: " + this.registry.paletteLabel(node.type)),
      h("div", { class: "info-help", id: "info-help" }, subflow ? subflowHelp(subflow)
        : type ? typeHelp(type, node, this.registry)
          : h("p", { class: "hint" }, "Unknown node type: the runtime has no declaration for it.")));
  }
}

/** A description worth showing: text, not blank (never "null" or "undefined" for one that is missing). */
function described(text) {
  return typeof text === "string" && text.trim() !== "";
}

/**
 * The type's full help, all from its declaration (as Node-RED's help tab shows a node's help): what it does, each
 * property the form shows with its label and help, then its inputs and outputs with their port labels.
 */
function typeHelp(type, node, registry) {
  const shown = (type.fields || []).filter((f) => !f.internal && !f.legacy).concat(type.credentials || []);
  const ports = (direction, count) => Array.from({ length: count }, (_, i) => {
    const label = registry.portLabel(node, direction, i);
    return h("li", {}, count > 1 ? `${i + 1}: ` : "", label || "a message");
  });
  const inputs = registry.inputs(node, null);
  const outputs = registry.outputs(node, null);
  return [
    described(type.help) ? helpBody(type.help) : h("p", { class: "hint" }, "No help text is declared for this type."),
    shown.length ? [h("h4", {}, "Properties"), h("dl", { class: "help-fields", id: "help-fields" },
      shown.flatMap((f) => [h("dt", { dataset: { field: f.name } }, f.label || f.name, " ",
        h("code", { class: "help-name" }, f.name)), h("dd", {}, described(f.help) ? inline(f.help) : "")]))] : [],
    inputs > 0 ? [h("h4", {}, "Input"), h("ul", { class: "help-ports", id: "help-inputs" }, ports("input", inputs))]
      : [],
    outputs > 0 ? [h("h4", {}, outputs > 1 ? "Outputs" : "Output"), h("ul", { class: "help-ports", id: "help-outputs" },
      ports("output", outputs))] : [],
  ].flat(Infinity);
}

/** A subflow instance's help is its template's description, as Node-RED shows it. */
function subflowHelp(subflow) {
  return described(subflow.info) ? helpBody(String(subflow.info))
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
