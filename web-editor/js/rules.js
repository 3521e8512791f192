// Purpose-built editors for the structured fields a generic form cannot present well: the change node's rules,
// the switch node's rules and the inject node's properties — each a list of rows built from typed-input widgets,
// writing back Node-RED's own JSON shapes (unknown keys of a row are kept).

import { h } from "./dialog.js";
import { typedInput } from "./typedinput.js";

const CONTEXT = ["msg", "flow", "global"];
const VALUE_TYPES = ["msg", "flow", "global", "str", "num", "bool", "json", "bin", "date", "jsonata", "env"];

/**
 * Fields Node-RED's forms do not show, as their declarations mark them: `internal` ones never (the function node's
 * error count), `legacy` ones (the change node's pre-0.18 single rule, read by the runtime for old flows and taken
 * over by the rules editor) unless a flow sets them.
 */
export function superseded(node, f) {
  const v = node[f.name];
  return !!f.internal || (!!f.legacy && (v === undefined || v === "" || v === false));
}

/** The editor for a field of a node type, or null for the generic one. */
export function customEditor(type, f, node, row) {
  const key = `${type}.${f.name}`;
  if (key === "change.rules") {
    return listEditor(f, node, row, changeRule, { t: "set", p: "payload", pt: "msg", to: "", tot: "str" });
  }
  if (key === "switch.rules") {
    return listEditor(f, node, row, switchRule, { t: "eq", v: "", vt: "str" }, (rules) => {
      node.outputs = rules.length; // one output per rule, as Node-RED's switch form keeps it
    });
  }
  if (key === "inject.props") {
    const legacy = {};
    return listEditor(f, node, row, (p, i) => injectProp(p, i, node, legacy), { p: "", vt: "str", v: "" }, () => {
      if (legacy.payload) {
        node.payload = legacy.payload.v;
        node.payloadType = legacy.payload.vt;
      }
      if (legacy.topic !== undefined) {
        node.topic = legacy.topic;
      }
    }, () => legacy.payload && (legacy.payload.v !== node.payload || legacy.payload.vt !== node.payloadType)
      || (legacy.topic !== undefined && legacy.topic !== node.topic));
  }
  return null;
}

/** A list of rows, each built by `rowKind(rule, index)` → {el, read(), problem()}; add, remove and reorder. */
function listEditor(f, node, row, rowKind, template, afterApply = () => {}, sideChanged = () => false) {
  const initial = Array.isArray(node[f.name]) ? node[f.name] : [];
  const items = initial.map((r) => ({ original: r }));
  const list = h("div", { class: "rule-list", id: "field-" + f.name });
  const render = () => {
    for (const it of items) {
      if (it.view) {
        it.original = it.view.read();
      }
    }
    list.replaceChildren(...items.map((it, i) => {
      it.view = rowKind(it.original, i);
      const move = (to) => () => {
        const [x] = items.splice(i, 1);
        items.splice(to, 0, x);
        render();
      };
      return h("div", { class: "rule-row", dataset: { row: i } }, h("span", { class: "rule-index" }, String(i + 1)),
        it.view.el, h("span", { class: "rule-buttons" },
          h("button", { type: "button", class: "rule-up", title: "move up", disabled: i === 0, onclick: move(i - 1) }, "↑"),
          h("button", { type: "button", class: "rule-down", title: "move down", disabled: i === items.length - 1,
            onclick: move(i + 1) }, "↓"),
          h("button", { type: "button", class: "rule-remove", title: "remove", onclick: () => {
            items.splice(i, 1);
            render();
          } }, "×")));
    }));
  };
  render();
  const add = h("button", { type: "button", class: "rule-add", onclick: () => {
    items.push({ original: structuredClone(template) });
    render();
  } }, "+ add");
  return {
    row: row(f, h("div", { class: "rules-editor" }, list, add)),
    validate: () => {
      const problems = items.map((it, i) => it.view.problem() && `row ${i + 1}: ${it.view.problem()}`).filter(Boolean);
      if (f.required && items.length === 0) {
        problems.push(`${f.label || f.name} needs at least one row`);
      }
      return problems.length ? problems.join("; ") : null;
    },
    apply: () => {
      const next = items.map((it) => it.view.read());
      if (JSON.stringify(next) === JSON.stringify(initial) && !sideChanged()) {
        return false;
      }
      node[f.name] = next;
      afterApply(next);
      return true;
    },
  };
}

function labelled(text, control) {
  return h("label", { class: "rule-part" }, h("span", { class: "rule-caption" }, text), control);
}

/** One change rule: set / change / delete / move a property. */
function changeRule(rule, i) {
  const r = { ...rule };
  const action = h("select", { class: "rule-action", dataset: { row: i } },
    [["set", "Set"], ["change", "Change"], ["delete", "Delete"], ["move", "Move"]]
      .map(([v, t]) => h("option", { value: v }, t)));
  action.value = r.t || "set";
  const prop = typedInput({ types: CONTEXT, value: r.p, type: r.pt || "msg", label: "property",
    dataset: { row: i, part: "p" } });
  const details = h("div", { class: "rule-details" });
  let parts = {};
  const build = () => {
    const t = action.value;
    parts = {};
    if (t === "set") {
      parts.to = typedInput({ types: VALUE_TYPES, value: r.to, type: r.tot || "str", label: "value",
        dataset: { row: i, part: "to" } });
      parts.dc = h("input", { type: "checkbox", class: "rule-dc", checked: r.dc === true });
      details.replaceChildren(labelled("to the value", parts.to.el),
        h("label", { class: "rule-part rule-deep" }, parts.dc, " deep copy value"));
      const deep = () => {
        parts.dc.parentElement.hidden = !CONTEXT.includes(parts.to.type());
      };
      parts.to.onChange(deep);
      deep();
    } else if (t === "change") {
      parts.from = typedInput({ types: ["msg", "flow", "global", "str", "re", "num", "bool", "env"], value: r.from,
        type: r.fromt || "str", label: "search for", dataset: { row: i, part: "from" } });
      parts.to = typedInput({ types: ["msg", "flow", "global", "str", "num", "bool", "json", "bin", "env"],
        value: r.to, type: r.tot || "str", label: "replace with", dataset: { row: i, part: "to" } });
      details.replaceChildren(labelled("search for", parts.from.el), labelled("replace with", parts.to.el));
    } else if (t === "move") {
      parts.to = typedInput({ types: CONTEXT, value: r.to, type: CONTEXT.includes(r.tot) ? r.tot : "msg",
        label: "to", dataset: { row: i, part: "to" } });
      details.replaceChildren(labelled("to", parts.to.el));
    } else {
      details.replaceChildren();
    }
  };
  action.addEventListener("change", build);
  build();
  return {
    el: h("div", { class: "rule change-rule" }, h("div", { class: "rule-head" }, action, prop.el), details),
    read: () => {
      const out = { ...rule, t: action.value, p: prop.value(), pt: prop.type() };
      for (const k of ["to", "tot", "from", "fromt", "dc"]) {
        delete out[k];
      }
      if (parts.to) {
        out.to = parts.to.value();
        out.tot = parts.to.type();
      }
      if (parts.from) {
        out.from = parts.from.value();
        out.fromt = parts.from.type();
      }
      if (parts.dc && CONTEXT.includes(out.tot)) {
        out.dc = parts.dc.checked;
      }
      return out;
    },
    problem: () => (prop.value().trim() === "" ? "the property is required"
      : (parts.to && parts.to.problem()) || (parts.from && parts.from.problem()) || null),
  };
}

const SWITCH_OPS = [["eq", "=="], ["neq", "!="], ["lt", "<"], ["lte", "<="], ["gt", ">"], ["gte", ">="],
  ["hask", "has key"], ["btwn", "is between"], ["cont", "contains"], ["regex", "matches regex"],
  ["true", "is true"], ["false", "is false"], ["null", "is null"], ["nnull", "is not null"],
  ["istype", "is of type"], ["empty", "is empty"], ["nempty", "is not empty"], ["head", "head"],
  ["index", "index between"], ["tail", "tail"], ["jsonata_exp", "JSONata exp"], ["else", "otherwise"]];
const NO_VALUE = new Set(["true", "false", "null", "nnull", "empty", "nempty", "else"]);

/** One switch rule: an operator and its value(s). */
function switchRule(rule, i) {
  const op = h("select", { class: "rule-op", dataset: { row: i } }, SWITCH_OPS.map(([v, t]) => h("option", { value: v }, t)));
  op.value = rule.t || "eq";
  const details = h("div", { class: "rule-details" });
  let v = null;
  let v2 = null;
  let cs = null;
  const build = () => {
    const t = op.value;
    v = v2 = cs = null;
    if (NO_VALUE.has(t)) {
      details.replaceChildren();
      return;
    }
    const types = t === "istype" ? ["str"] : t === "regex" ? ["re", "str"] : t === "jsonata_exp" ? ["jsonata"]
      : ["head", "tail", "index"].includes(t) ? ["num", "msg", "flow", "global", "env"]
        : ["str", "num", "bool", "json", "msg", "flow", "global", "env", "jsonata", "date", "prev"];
    v = typedInput({ types, value: rule.v, type: rule.vt || types[0], dataset: { row: i, part: "v" } });
    const kids = [v.el];
    if (t === "btwn" || t === "index") {
      v2 = typedInput({ types, value: rule.v2, type: rule.v2t || types[0], dataset: { row: i, part: "v2" } });
      kids.push(h("span", { class: "rule-caption" }, "and"), v2.el);
    }
    if (t === "regex") {
      cs = h("input", { type: "checkbox", checked: rule.case === true });
      kids.push(h("label", { class: "rule-part" }, cs, " ignore case"));
    }
    details.replaceChildren(...kids);
  };
  op.addEventListener("change", build);
  build();
  return {
    el: h("div", { class: "rule switch-rule" }, h("div", { class: "rule-head" }, op, details)),
    read: () => {
      const out = { ...rule, t: op.value };
      for (const k of ["v", "vt", "v2", "v2t", "case"]) {
        delete out[k];
      }
      if (v) {
        out.v = v.value();
        out.vt = v.type();
      }
      if (v2) {
        out.v2 = v2.value();
        out.v2t = v2.type();
      }
      if (cs) {
        out.case = cs.checked;
      }
      return out;
    },
    problem: () => (v && v.problem()) || (v2 && v2.problem()) || null,
  };
}

/**
 * One inject property: msg.<p> = a typed value. As in Node-RED, the payload's value and type live in the node's
 * payload/payloadType fields and the topic's value in topic; `legacy` collects them for the editor to write back.
 */
function injectProp(prop, i, node, legacy) {
  const name = h("input", { type: "text", class: "prop-name", value: prop.p || "", dataset: { row: i } });
  const own = prop.p === "payload" ? { v: node.payload, vt: node.payloadType || "str" }
    : prop.p === "topic" ? { v: node.topic, vt: "str" } : { v: prop.v, vt: prop.vt || "str" };
  const value = typedInput({ types: VALUE_TYPES.filter((t) => t !== "msg"), value: own.v, type: own.vt,
    dataset: { row: i, part: "v" } });
  return {
    el: h("div", { class: "rule inject-prop" }, h("div", { class: "rule-head" },
      h("span", { class: "rule-caption" }, "msg."), name, h("span", { class: "rule-caption" }, "="), value.el)),
    read: () => {
      const out = { ...prop, p: name.value };
      delete out.v;
      delete out.vt;
      if (name.value === "payload") {
        legacy.payload = { v: value.value(), vt: value.type() };
      } else if (name.value === "topic") {
        legacy.topic = value.value();
        out.vt = "str";
      } else {
        out.v = value.value();
        out.vt = value.type();
      }
      return out;
    },
    problem: () => (name.value.trim() === "" ? "the property name is required" : value.problem()),
  };
}
