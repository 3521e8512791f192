// The typed-input widget (Node-RED's typedInput): a type menu and a value editor that fits the type — text for
// msg/flow/global paths, strings and expressions, a true/false menu for booleans, nothing for a timestamp.

import { h } from "./dialog.js";
import { typedProblem } from "./validate.js";

const TYPE_TITLES = { msg: "msg.", flow: "flow.", global: "global.", str: "string", num: "number", bool: "boolean",
  json: "JSON", bin: "buffer", re: "regular expression", date: "timestamp", jsonata: "JSONata expression",
  env: "environment variable", node: "node" };

/**
 * Creates a widget. `opts` = {types, value, type, id, typeId, name, label}. The returned object has `el`,
 * `value()`, `type()`, `problem()` and `onChange(fn)`.
 */
export function typedInput({ types, value, type, id, typeId, name, label = "value", dataset = {} }) {
  const all = [...(types && types.length ? types : ["str"])];
  const start = type || all[0];
  if (!all.includes(start)) {
    all.unshift(start);
  }
  const listeners = [];
  const menu = h("select", { class: "typed-type", id: typeId, title: "value type", dataset },
    all.map((t) => h("option", { value: t }, TYPE_TITLES[t] || t)));
  menu.value = start;
  const text = h("input", { type: "text", class: "typed-value", id, name, dataset,
    value: value === undefined || value === null ? "" : String(value) });
  const bool = h("select", { class: "typed-bool", dataset }, h("option", { value: "true" }, "true"),
    h("option", { value: "false" }, "false"));
  bool.value = String(value) === "false" ? "false" : "true";
  const root = h("div", { class: "typed-input" }, menu, text, bool);
  const sync = () => {
    const t = menu.value;
    text.hidden = t === "date" || t === "bool";
    bool.hidden = t !== "bool";
    text.placeholder = t === "msg" ? "payload" : t === "json" ? "{}" : t === "re" ? "regex" : "";
    root.dataset.type = t;
  };
  menu.addEventListener("change", () => {
    sync();
    listeners.forEach((fn) => fn());
  });
  text.addEventListener("input", () => listeners.forEach((fn) => fn()));
  bool.addEventListener("change", () => listeners.forEach((fn) => fn()));
  sync();
  return {
    el: root,
    menu,
    input: text,
    type: () => menu.value,
    value: () => (menu.value === "bool" ? bool.value : text.value),
    problem: (required = false) => typedProblem(label, menu.value === "bool" ? bool.value : text.value, menu.value,
      required),
    onChange: (fn) => listeners.push(fn),
  };
}
