// A subflow instance's properties: one control per env property the subflow template declares, as the property's
// UI type asks (Node-RED's `ui.type`: a typed input limited to `ui.opts.types`, a select of `ui.opts.opts`, a
// checkbox, a number spinner, a label alone for "none", nothing for "hide"), starting from the template's value,
// written back as Node-RED writes an instance's `env` — only the entries whose type or value differ from the
// template's, in the template's order (entries the template does not declare are kept).

import { h } from "./dialog.js";
import { typedInput } from "./typedinput.js";

/** The types Node-RED offers for a subflow property without its own UI. */
export const ENV_TYPES = ["str", "num", "bool", "json", "bin", "env"];

/** One form editor per template env property; `row(f, control)` draws a form row. */
export function subflowEnvEditors(node, template, row) {
  const declared = (Array.isArray(template.env) ? template.env : []).filter((t) => t && t.name && t.type !== "cred"
    && t.ui?.type !== "hide" && t.ui?.type !== "cred");
  if (declared.length === 0) {
    return [];
  }
  const initial = Array.isArray(node.env) ? node.env : [];
  const own = new Map(initial.map((e) => [e.name, e]));
  const widgets = declared.map((t) => {
    const current = own.get(t.name) || t;
    const id = "field-subflow-env-" + t.name.replace(/[^a-z0-9-_]/ig, "_");
    const widget = envWidget(t, current, id);
    return { t, widget, row: row({ name: "subflow-env-" + t.name, label: labelOf(t), kind: "typed" }, widget.el) };
  });
  const next = () => {
    const env = [];
    for (const { t, widget } of widgets) {
      if (widget.type() !== (t.type || "str") || widget.value() !== String(t.value ?? "")) {
        env.push({ name: t.name, type: widget.type(), value: widget.value() });
      }
    }
    const names = new Set(declared.map((t) => t.name));
    env.push(...initial.filter((e) => !names.has(e.name) || e.type === "cred"));
    return env;
  };
  return widgets.map(({ widget, row: r }, i) => ({
    row: r,
    validate: () => widget.problem(false),
    apply: () => {
      if (i > 0) {
        return false; // the first property's editor writes the whole env array
      }
      const env = next();
      if (JSON.stringify(env) === JSON.stringify(initial)) {
        return false;
      }
      node.env = env;
      return true;
    },
  }));
}

/** A property's label: its `ui.label` (a string, or per language as Node-RED keeps it), else its name. */
export function labelOf(t) {
  const l = t.ui && t.ui.label;
  return (typeof l === "string" && l) || (l && (l["en-US"] || Object.values(l)[0])) || t.name;
}

/** A select option's label: a string, or per language. */
const optionLabel = (o) => (typeof o.l === "string" ? o.l : (o.l && (o.l["en-US"] || Object.values(o.l)[0])) || o.v);

/** The control for one property: {el, type(), value(), problem()} whatever its UI type. */
function envWidget(t, current, id) {
  const ui = t.ui || {};
  const opts = ui.opts || {};
  const fixed = (el, type, value) => ({ el, type: () => type, value, problem: () => null });
  switch (ui.type) {
    case "none":
      return { el: h("span", { id, class: "hint" }), type: () => t.type || "str", value: () => String(t.value ?? ""),
        problem: () => null };
    case "checkbox": {
      const v = String(current.value ?? "");
      const checked = current.type === "bool" ? v === "true" : current.type === "num" ? v !== "0" : v !== "";
      const box = h("input", { type: "checkbox", id, checked });
      return fixed(box, "bool", () => String(box.checked));
    }
    case "spinner": {
      const input = h("input", { type: "number", id, value: String(current.value ?? ""),
        min: opts.min ?? null, max: opts.max ?? null });
      return { el: input, type: () => "num", value: () => input.value,
        problem: () => (input.value === "" || Number.isFinite(Number(input.value)) ? null : "a number") };
    }
    case "select": {
      const select = h("select", { id }, ...(opts.opts || []).map((o) => h("option", { value: o.v }, optionLabel(o))));
      select.value = String(current.value ?? "");
      return fixed(select, "str", () => select.value);
    }
    default: { // a typed input limited to the property's types, starting on the first when its own is not among them
      const types = opts.types && opts.types.length ? opts.types : ENV_TYPES;
      const type = types.includes(current.type || "str") ? current.type || "str" : types[0];
      return typedInput({ types, value: current.value, type, id, typeId: id + "-type", name: t.name,
        label: labelOf(t) });
    }
  }
}
