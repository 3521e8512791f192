// The edit tray's Appearance tab, stored on the node as Node-RED stores it: whether the label shows (`l: false`
// hides it), the icon (`icon`, a name from Redwire's icon set; unset: the type's own), and the port labels
// (`inputLabels` / `outputLabels`, one text a port; a blank one shows the type's label).

import { h } from "./dialog.js";

/** Redwire's icon set: every icon a declared type uses, plus the generic ones. */
function iconSet(registry) {
  const names = new Set(["node", "subflow"]);
  for (const t of registry.types.values()) {
    if (t.icon) {
      names.add(t.icon);
    }
  }
  return [...names].sort();
}

/** The Appearance tab as one editor: {row, validate, apply}. */
export function appearanceEditors(node, ctx) {
  const { registry, model } = ctx;
  const showLabel = h("input", { type: "checkbox", id: "field-show-label", checked: node.l !== false });
  const ownIcon = typeof node.icon === "string" && /^[a-z0-9-]+$/.test(node.icon) ? node.icon : "";
  let chosen = ownIcon;
  const typeIcon = registry.icon({ ...node, icon: undefined }, model);
  const preview = h("img", { class: "icon-preview", alt: "" });
  const iconName = h("span", { class: "icon-name" });
  const showIcon = () => {
    preview.src = `editor/icons/${chosen || typeIcon}.svg`;
    iconName.textContent = chosen || `${typeIcon} (default)`;
  };
  const grid = h("div", { class: "icon-grid", id: "icon-grid", hidden: true },
    h("button", { type: "button", class: "icon-choice", dataset: { icon: "" }, title: "the type's own icon",
      onclick: () => pick("") }, h("img", { src: `editor/icons/${typeIcon}.svg`, alt: "" }), "default"),
    iconSet(registry).map((name) => h("button", { type: "button", class: "icon-choice", dataset: { icon: name },
      title: name, onclick: () => pick(name) }, h("img", { src: `editor/icons/${name}.svg`, alt: "" }), name)));
  const pick = (name) => {
    chosen = name;
    grid.hidden = true;
    showIcon();
  };
  const iconButton = h("button", { type: "button", id: "field-icon", class: "icon-button",
    onclick: () => { grid.hidden = !grid.hidden; } }, preview, iconName);
  showIcon();
  const ports = [];
  const portRows = (direction, count, key) => {
    const own = Array.isArray(node[key]) ? node[key] : [];
    return Array.from({ length: count }, (_, i) => {
      const input = h("input", { type: "text", id: `field-${key}-${i}`, class: "port-label",
        placeholder: registry.portLabel({ ...node, [key]: undefined }, direction, i) || "",
        value: own[i] === undefined || own[i] === null ? "" : String(own[i]) });
      ports.push({ key, i, input });
      return h("div", { class: "port-label-row" }, h("span", { class: "rule-caption" },
        count > 1 ? `${i + 1}` : ""), input);
    });
  };
  const inputs = registry.inputs(node, model);
  const outputs = registry.outputs(node, model);
  const row = h("div", { class: "appearance" },
    h("div", { class: "form-row" }, h("label", {}, showLabel, " Show label")),
    h("div", { class: "form-row" }, h("label", { for: "field-icon" }, "Icon"), iconButton, grid),
    inputs > 0 ? h("div", { class: "form-row" }, h("label", {}, "Input label"),
      portRows("input", inputs, "inputLabels")) : null,
    outputs > 0 ? h("div", { class: "form-row" }, h("label", {}, outputs > 1 ? "Output labels" : "Output label"),
      portRows("output", outputs, "outputLabels")) : null);
  return {
    row,
    validate: () => null,
    apply: () => {
      let changed = false;
      if (showLabel.checked !== (node.l !== false)) {
        if (showLabel.checked) {
          delete node.l;
        } else {
          node.l = false;
        }
        changed = true;
      }
      if (chosen !== ownIcon) {
        if (chosen) {
          node.icon = chosen;
        } else {
          delete node.icon;
        }
        changed = true;
      }
      for (const key of ["inputLabels", "outputLabels"]) {
        const texts = ports.filter((p) => p.key === key).map((p) => p.input.value);
        const before = Array.isArray(node[key]) ? node[key] : [];
        const next = texts.some((t) => t !== "") ? texts : undefined;
        if (JSON.stringify(next || []) !== JSON.stringify(before.slice(0, texts.length).map((t) => t ?? ""))
          && !(next === undefined && before.length === 0)) {
          if (next) {
            node[key] = next;
          } else {
            delete node[key];
          }
          changed = true;
        }
      }
      return changed;
    },
  };
}
