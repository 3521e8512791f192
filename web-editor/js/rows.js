// The editor of a declared rows field (kind "rows" in GET /nodes): a list of rows — change rules, switch rules,
// inject properties, http request headers, link targets — each row built from its declared sub-fields, with add,
// remove and reorder. What a row shows follows the declaration: a sub-field is shown while its shownWhen holds
// for the row's current values (the change rule's "to" is a value for set, a place for move), a typed value offers
// the declared types, and keys of a row that no sub-field declares are kept as they are.

import { h } from "./dialog.js";
import { typedInput } from "./typedinput.js";
import { contextProblem, entriesAsRows, fieldProblem, inUse } from "./validate.js";

/** The row keys a sub-field writes: its value, its type, and the key it is also stored as. */
function keysOf(sub) {
  return [sub.name, sub.typeField, sub.alsoStoredAs].filter(Boolean);
}

/** The declared place on the node that holds this row's value (Field.HeldOnNode), or null. */
function heldFor(f, row) {
  return (f.heldOnNode || []).find((held) => row[held.key] === held.value) || null;
}

/** The row's value sub-field, where a held value goes: its first typed one. */
function valueSub(f) {
  return f.row.find((s) => s.kind === "typed");
}

/** A row as the widgets show it: a held row's value and type brought in from the node. */
function shownRow(f, row, node) {
  const held = heldFor(f, row);
  if (!held) {
    return row;
  }
  const vs = valueSub(f);
  return { ...row, [vs.name]: node[held.valueField],
    [vs.typeField]: held.typeField ? node[held.typeField] || vs.defaultType : "str" };
}

function slug(text) {
  return String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** One control for one sub-field: {el, value(), type()}. */
function control(sub, values, i) {
  const dataset = { row: i, part: sub.name };
  const v = values[sub.name];
  const label = sub.label || sub.name;
  switch (sub.kind) {
    case "typed": {
      const t = values[sub.typeField];
      const widget = typedInput({ types: sub.types, value: v, type: (sub.types || []).includes(t) ? t : sub.defaultType,
        label, dataset });
      return { el: widget.el, value: widget.value, type: widget.type };
    }
    case "boolean": {
      const box = h("input", { type: "checkbox", class: "rule-" + slug(label), checked: v === true, dataset });
      return { el: h("label", { class: "rule-part rule-flag" }, box, " " + label), value: () => box.checked,
        flag: true };
    }
    case "select": {
      const current = v === undefined || v === null || v === "" ? sub.default : String(v);
      const options = [...(sub.options || [])];
      if (!options.includes(current)) {
        options.unshift(current);
      }
      const select = h("select", { class: "rule-" + slug(label), dataset },
        options.map((o) => h("option", { value: o }, (sub.optionLabels && sub.optionLabels[o]) || o)));
      select.value = current;
      return { el: select, value: () => select.value };
    }
    default: {
      const input = h("input", { type: "text", class: "rule-" + slug(label), dataset,
        value: v === undefined || v === null ? "" : String(v) });
      return { el: input, value: () => input.value };
    }
  }
}

/** One row's view: a control for each declared sub-field in use, rebuilt when a change puts others in use. */
function rowView(f, original, i, nodeType) {
  const values = { ...original }; // the row as edited so far
  let parts = [];
  const holder = h("div", { class: "rule-parts" });
  const el = h("div", { class: `rule ${slug(nodeType)}-rule` }, holder);
  const collect = () => {
    for (const { sub, c } of parts) {
      values[sub.name] = c.value();
      if (sub.typeField) {
        values[sub.typeField] = c.type();
      }
    }
  };
  const using = () => f.row.filter((sub) => inUse(sub, f.row, (name) => values[name]));
  const build = () => {
    parts = using().map((sub) => ({ sub, c: control(sub, values, i) }));
    holder.replaceChildren(...parts.map(({ sub, c }) => (c.flag ? c.el : h("label", { class: "rule-part" },
      h("span", { class: "rule-caption" }, sub.label || sub.name), c.el))));
  };
  el.addEventListener("change", () => {
    collect();
    const next = using();
    if (next.length !== parts.length || next.some((sub, k) => sub !== parts[k].sub)) {
      build();
    }
  });
  build();
  return {
    el,
    /** The row as the flow keeps it: the keys of declared sub-fields not in use are dropped, others kept. */
    read: () => {
      collect();
      const out = { ...values };
      const written = new Set(parts.flatMap(({ sub }) => keysOf(sub)));
      for (const { sub } of parts) {
        if (sub.alsoStoredAs) {
          out[sub.alsoStoredAs] = values[sub.name];
        }
      }
      for (const sub of f.row) {
        keysOf(sub).filter((key) => !written.has(key)).forEach((key) => delete out[key]);
      }
      return out;
    },
    problem: () => {
      collect();
      const valueOf = (name) => values[name];
      return parts.map(({ sub }) => contextProblem(sub, f.row, valueOf)
        || fieldProblem(sub, values[sub.name], sub.typeField ? values[sub.typeField] : undefined)).find(Boolean) || null;
    },
  };
}

/** The rows back as the object the flow keeps; a row with a blank name is dropped, as Node-RED's form drops it. */
function rowsAsEntries(f, rows) {
  const [key, val] = f.row;
  const out = {};
  for (const r of rows) {
    if (String(r[key.name] ?? "").trim() !== "") {
      out[r[key.name]] = r[val.name];
    }
  }
  return out;
}

/**
 * The rows editor of field `f` of `node` (type `nodeType`), in a form row made by `row(f, control)`; returns the
 * form's {row, validate(), apply()}.
 */
export function rowsEditor(f, node, row, nodeType) {
  const initial = f.entries ? entriesAsRows(f, node[f.name]) : Array.isArray(node[f.name]) ? node[f.name] : [];
  const wrap = (r) => (f.scalar ? { [f.row[0].name]: r } : r);
  const unwrap = (r) => (f.scalar ? r[f.row[0].name] : r);
  const items = initial.map((r) => ({ original: shownRow(f, wrap(r), node) }));
  const list = h("div", { class: "rule-list", id: "field-" + f.name });
  const add = h("button", { type: "button", class: "rule-add", onclick: () => {
    items.push({ original: wrap(structuredClone(f.defaultRow)) });
    render();
  } }, "+ add");
  const render = () => {
    for (const it of items) {
      if (it.view) {
        it.original = it.view.read();
      }
    }
    list.replaceChildren(...items.map((it, i) => {
      it.view = rowView(f, it.original, i, nodeType);
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
    add.disabled = f.maxRows !== undefined && items.length >= f.maxRows;
  };
  render();
  /** The rows as the flow keeps them, and the values held on the node (valueField → value). */
  const result = () => {
    const held = {};
    const rows = items.map((it) => {
      const r = it.view.read();
      const place = heldFor(f, r);
      if (!place) {
        return unwrap(r);
      }
      const vs = valueSub(f);
      held[place.valueField] = r[vs.name];
      if (place.typeField) {
        held[place.typeField] = r[vs.typeField];
      }
      const kept = { ...r };
      delete kept[vs.name];
      delete kept[vs.typeField];
      if (!place.typeField) {
        kept[vs.typeField] = "str";
      }
      return kept;
    });
    return { rows, held };
  };
  return {
    row: row(f, h("div", { class: "rules-editor" }, list, add)),
    validate: () => {
      const problems = items.map((it, i) => it.view.problem() && `row ${i + 1}: ${it.view.problem()}`).filter(Boolean);
      const count = fieldProblem(f, items);
      return [...problems, count].filter(Boolean).join("; ") || null;
    },
    apply: () => {
      const { rows, held } = result();
      const heldChanged = Object.entries(held).some(([k, v]) => node[k] !== v);
      if (JSON.stringify(rows) === JSON.stringify(initial) && !heldChanged) {
        return false;
      }
      node[f.name] = f.entries ? rowsAsEntries(f, rows) : rows;
      Object.assign(node, held);
      if (f.outputPerRow) {
        node.outputs = rows.length; // one output per row, as Node-RED's switch form keeps it
      }
      return true;
    },
  };
}
