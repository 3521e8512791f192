// The typed-input widget (Node-RED's typedInput): a type button showing the type's icon and short label, a
// dropdown to pick another type, and a value editor that fits the type — text for msg/flow/global paths, strings
// and expressions, a true/false menu for booleans, nothing for a timestamp; JSON and JSONata values also open in the
// expression editor (the "…" button). A hidden select keeps the chosen type, so forms read it like any field.

import { h } from "./dialog.js";
import { openExpressionEditor } from "./exprEditor.js";
import { typedProblem } from "./validate.js";

const TYPE_TITLES = { msg: "msg.", flow: "flow.", global: "global.", str: "string", num: "number", bool: "boolean",
  json: "JSON", bin: "buffer", re: "regular expression", date: "timestamp", jsonata: "JSONata expression",
  env: "environment variable", node: "node" };

/** What the type button shows: Redwire's own short marks (the path types show their prefix, as Node-RED's do). */
const TYPE_MARKS = { msg: "msg.", flow: "flow.", global: "global.", str: "az", num: "0-9", bool: "bool",
  json: "{ }", bin: "buf", re: ".*", date: "time", jsonata: "expr", env: "env", node: "node" };

/** Types whose value also opens in the expression editor. */
const EDITED_APART = { json: "json", jsonata: "jsonata", bin: "json" };

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
  const fire = () => listeners.forEach((fn) => fn());
  const menu = h("select", { class: "typed-type", id: typeId, title: "value type", dataset, hidden: true },
    all.map((t) => h("option", { value: t }, TYPE_TITLES[t] || t)));
  menu.value = start;
  const mark = h("span", { class: "typed-mark" });
  const button = h("button", { type: "button", class: "typed-button", title: "value type", dataset,
    onclick: (e) => {
      e.stopPropagation();
      openTypeMenu(button, all, menu.value, (t) => {
        menu.value = t;
        menu.dispatchEvent(new Event("change", { bubbles: true }));
      });
    } }, mark, all.length > 1 ? h("span", { class: "typed-caret" }, "▾") : null);
  const text = h("input", { type: "text", class: "typed-value", id, name, dataset,
    value: value === undefined || value === null ? "" : String(value) });
  const bool = h("select", { class: "typed-bool", dataset }, h("option", { value: "true" }, "true"),
    h("option", { value: "false" }, "false"));
  bool.value = String(value) === "false" ? "false" : "true";
  const expand = h("button", { type: "button", class: "typed-expand", title: "edit in the expression editor",
    dataset, onclick: async () => {
      const edited = await openExpressionEditor({ language: EDITED_APART[menu.value], value: text.value });
      if (edited !== null) {
        text.value = edited;
        text.dispatchEvent(new Event("input", { bubbles: true }));
        text.dispatchEvent(new Event("change", { bubbles: true }));
      }
    } }, "…");
  const root = h("div", { class: "typed-input" }, menu, button, text, bool, expand);
  const sync = () => {
    const t = menu.value;
    text.hidden = t === "date" || t === "bool";
    bool.hidden = t !== "bool";
    expand.hidden = !EDITED_APART[t];
    text.placeholder = t === "msg" ? "payload" : t === "json" ? "{}" : t === "re" ? "regex" : "";
    root.dataset.type = t;
    mark.replaceChildren(typeIcon(t));
    button.title = `value type: ${TYPE_TITLES[t] || t}`;
  };
  menu.addEventListener("change", () => {
    sync();
    fire();
  });
  text.addEventListener("input", fire);
  bool.addEventListener("change", fire);
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

/** A type's icon: its mark drawn in a badge coloured by what kind of value it is. */
function typeIcon(t) {
  return h("span", { class: "typed-icon", dataset: { type: t } }, TYPE_MARKS[t] || t);
}

/** The dropdown of types under the button: each with its icon and name; a pick or a click elsewhere closes it. */
function openTypeMenu(anchor, types, current, pick) {
  document.querySelectorAll(".typed-menu").forEach((m) => m.remove());
  const list = h("div", { class: "popup typed-menu", role: "menu" }, types.map((t) => h("div", {
    class: "typed-menu-item" + (t === current ? " current" : ""), role: "menuitem", dataset: { value: t },
    onclick: (e) => {
      e.stopPropagation();
      close();
      pick(t);
    } }, typeIcon(t), h("span", {}, TYPE_TITLES[t] || t))));
  const close = () => {
    list.remove();
    document.removeEventListener("click", outside, true);
  };
  const outside = (e) => {
    if (!list.contains(e.target)) {
      close();
    }
  };
  document.body.appendChild(list);
  // under the button, or above it when the window has no room below; always inside the window
  const box = anchor.getBoundingClientRect();
  const height = list.offsetHeight;
  const below = box.bottom + 2 + height <= window.innerHeight;
  list.style.left = `${Math.max(0, Math.min(box.left, window.innerWidth - list.offsetWidth - 4))}px`;
  list.style.top = `${Math.max(0, below ? box.bottom + 2 : box.top - 2 - height)}px`;
  setTimeout(() => document.addEventListener("click", outside, true), 0);
}
