// A subflow instance's properties: one typed input per env property the subflow template declares, starting from
// the template's value, written back as Node-RED writes an instance's `env` — only the entries whose type or value
// differ from the template's, in the template's order (entries the template does not declare are kept).

import { typedInput } from "./typedinput.js";

/** The types Node-RED offers for a subflow property without its own UI. */
export const ENV_TYPES = ["str", "num", "bool", "json", "bin", "env"];

/** One form editor per template env property; `row(f, control)` draws a form row. */
export function subflowEnvEditors(node, template, row) {
  const declared = (Array.isArray(template.env) ? template.env : []).filter((t) => t && t.name && t.type !== "cred");
  if (declared.length === 0) {
    return [];
  }
  const initial = Array.isArray(node.env) ? node.env : [];
  const own = new Map(initial.map((e) => [e.name, e]));
  const widgets = declared.map((t) => {
    const current = own.get(t.name) || t;
    const id = "field-subflow-env-" + t.name.replace(/[^a-z0-9-_]/ig, "_");
    const widget = typedInput({ types: ENV_TYPES, value: current.value, type: current.type || "str", id,
      typeId: id + "-type", name: t.name, label: t.name });
    return { t, widget, row: row({ name: "subflow-env-" + t.name, label: t.name, kind: "typed" }, widget.el) };
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
