// The property form of a node, generated only from its type's declaration (GET /nodes fields).

import { appearanceEditors } from "./appearance.js";
import { codeArea } from "./codearea.js";
import { h } from "./dialog.js";
import { jsonArea } from "./exprEditor.js";
import { newId } from "./model.js";
import { credentialEditors } from "./credentials.js";
import { idlChoice } from "./idlpicker.js";
import { linkTreeEditor } from "./linktree.js";
import { rowsEditor } from "./rows.js";
import { subflowEnvEditors } from "./subflowenv.js";
import { openTray } from "./tray.js";
import { typedInput } from "./typedinput.js";
import { contextProblem, fieldProblem, inUse } from "./validate.js";

/**
 * Fields Node-RED's forms do not show, as their declarations mark them: `internal` ones never (the function node's
 * error count), `legacy` ones (the change node's pre-0.18 single rule, read by the runtime for old flows and taken
 * over by the rules editor) unless a flow sets them.
 */
function superseded(node, f) {
  const v = node[f.name];
  return !!f.internal || (!!f.legacy && (v === undefined || v === "" || v === false));
}

/**
 * Opens the form in an edit tray. `ctx` = {registry, model, onDone(node), onDelete(node)}; `adding` says a config
 * node is being created from a picker's "+" (its title then says so, as Node-RED's does).
 * Resolves how it was closed: "done", "cancel" or "deleted".
 */
export function openNodeForm(node, ctx, adding = false) {
  const type = ctx.registry.get(node.type);
  const template = node.type.startsWith("subflow:") ? ctx.model.get(node.type.substring(8)) : null;
  const editors = [];
  const body = h("div", { class: "node-form", dataset: { node: node.id } });
  if (!type && !template) {
    body.append(h("p", { class: "hint" }, `Unknown node type "${node.type}": the runtime has no declaration for it, `
      + "so it cannot be deployed. Its properties are kept as they are."),
    h("pre", { class: "debug-value" }, JSON.stringify(node, null, 2)));
  }
  const fields = type ? type.fields : [];
  if (!fields.some((f) => f.name === "name")) {
    editors.push(textEditor({ name: "name", kind: "string", label: "Name" }, node));
  }
  const dependent = [];
  const form = { body, outlines: new Map() };
  const valueOf = (name) => formValue(body, node, name);
  for (const f of fields) {
    const editor = editorFor(f, node, ctx, form);
    editor.section = f.section;
    editor.sectionOpen = f.sectionOpen;
    const own = editor.validate; // then what the declaration asks beside the value: requiredWhen, a pattern
    editor.validate = () => own() || (inUse(f, fields, valueOf) ? contextProblem(f, fields, valueOf) : null);
    editor.row.hidden = superseded(node, f);
    editors.push(editor);
    if (f.shownWhen && !editor.row.hidden) {
      dependent.push({ f, row: editor.row });
    }
  }
  if (template) {
    editors.push(...subflowEnvEditors(node, template, row));
  }
  if (type && type.credentials) {
    editors.push(...credentialEditors(type, node, ctx, row));
  }
  const showDependent = () => dependent.forEach(({ f, row }) => { row.hidden = !shownNow(body, node, f); });
  body.addEventListener("change", showDependent);
  placeRows(body, editors);
  const tabs = [{ id: "properties", label: "Properties", body }];
  if (!fields.some((f) => f.name === "info")) {
    const description = descriptionEditor(node);
    editors.push(description);
    tabs.push({ id: "description", label: "Description", body: description.row });
  }
  const onCanvas = (type && !type.config) || template;
  const enabled = onCanvas ? enabledSwitch(node) : null;
  if (onCanvas) {
    const appearance = appearanceEditors(node, ctx);
    editors.push(appearance, enabled);
    tabs.push({ id: "appearance", label: "Appearance", body: appearance.row });
  }
  showDependent();
  const flow = ctx.model.get(node.z);
  const locked = !!(flow && flow.locked);
  const typeName = template ? (template.name || "subflow") : ctx.registry.paletteLabel(node.type);
  const title = adding ? `Add new ${typeName} config node` : `Edit ${typeName} node`;
  return new Promise((resolve) => {
    const done = () => {
      if (locked) { // a locked flow's node is only looked at, as in Node-RED
        resolve("cancel");
        return true;
      }
      let ok = true;
      for (const e of editors) {
        const problem = e.row.hidden ? null : e.validate(); // a field of another mode is not in use
        e.row.classList.toggle("invalid", !!problem);
        const slot = e.row.querySelector(".validation");
        if (slot) {
          slot.textContent = problem || "";
        }
        ok = ok && !problem;
      }
      if (!ok) { // show the first problem, on whichever tab and section it is
        tray.select("properties");
        const pane = body.querySelector(".form-row.invalid")?.closest(".form-section");
        if (pane) {
          body.querySelector(`.form-section-tab[data-section="${CSS.escape(pane.dataset.section)}"]`).click();
        }
        return false;
      }
      let changed = false;
      for (const e of editors) {
        changed = e.apply() || changed;
      }
      if (changed) {
        ctx.onDone(node);
      }
      resolve("done");
      return true;
    };
    const tray = openTray({
      title,
      id: "node-form",
      tabs,
      footer: enabled ? enabled.row : null,
      onCancel: () => resolve("cancel"),
      buttons: [
        locked ? null : { label: "Delete", class: "danger left", id: "form-delete", action: () => {
          ctx.onDelete(node);
          resolve("deleted");
        } },
        { label: "Cancel", id: "form-cancel", action: () => resolve("cancel") },
        { label: locked ? "Close" : "Done", class: "primary", id: "form-done", action: done },
      ].filter(Boolean),
    });
    tray.root.dataset.nodeId = node.id;
    if (locked) {
      readOnly(tray.root);
    }
  });
}

/**
 * Puts the form's rows in the properties tab: those of a declared section (the function node's Setup / On Start /
 * On Message / On Stop) on inner tabs in the order the declaration first names them, the others above them.
 */
function placeRows(body, editors) {
  const sections = new Map();
  for (const e of editors) {
    if (!e.section) {
      body.appendChild(e.row);
      continue;
    }
    if (!sections.has(e.section)) {
      sections.set(e.section, { pane: h("div", { class: "form-section", dataset: { section: e.section } }),
        open: false });
    }
    const s = sections.get(e.section);
    s.pane.appendChild(e.row);
    s.open = s.open || !!e.sectionOpen;
  }
  if (sections.size === 0) {
    return;
  }
  const bar = h("nav", { class: "form-sections" });
  const show = (title) => {
    for (const [t, s] of sections) {
      s.pane.hidden = t !== title;
      s.button.classList.toggle("active", t === title);
      if (t === title) {
        s.pane.querySelectorAll(".code-holder").forEach((c) => c.dispatchEvent(new Event("tray-shown")));
      }
    }
  };
  for (const [title, s] of sections) {
    s.button = h("button", { type: "button", class: "form-section-tab", dataset: { section: title },
      onclick: () => show(title) }, title);
    bar.append(s.button);
  }
  body.append(bar, ...[...sections.values()].map((s) => s.pane));
  const opened = [...sections].find(([, s]) => s.open);
  show(opened ? opened[0] : sections.keys().next().value);
}

/** A locked flow's form: every control disabled, code editors read-only, a note saying why. */
function readOnly(root) {
  root.classList.add("locked");
  root.querySelectorAll("input, select, textarea, button:not(#form-done):not(#form-cancel):not(.tray-tab)")
    .forEach((c) => { c.disabled = true; });
  root.querySelectorAll(".CodeMirror").forEach((w) => w.codeMirror && w.codeMirror.setOption("readOnly", true));
  root.querySelector(".tray-body").prepend(h("p", { class: "hint locked-note" },
    "This flow is locked: its nodes cannot be changed."));
}

/** Node-RED's Description tab: the node's own notes (`info`, markdown) in a code editor. */
function descriptionEditor(node) {
  const initial = typeof node.info === "string" ? node.info : "";
  const editor = codeArea({ id: "field-description", value: initial, language: "markdown", minLines: 12 });
  return { row: h("div", { class: "form-row form-description" }, editor.el), validate: () => null,
    apply: () => {
      if (editor.value() === initial) {
        return false;
      }
      node.info = editor.value();
      return true;
    } };
}

/** The tray footer's enabled switch (`d: true` disables the node), as Node-RED has it. */
function enabledSwitch(node) {
  const enabled = h("input", { type: "checkbox", id: "field-enabled", checked: node.d !== true });
  return { row: h("label", { class: "form-enabled" }, enabled, " Enabled"), validate: () => null,
    apply: () => {
      if (enabled.checked === (node.d !== true)) {
        return false;
      }
      if (enabled.checked) {
        delete node.d;
      } else {
        node.d = true;
      }
      return true;
    } };
}

/**
 * The declaration's shownWhen: every named field (as the form holds it now) has one of the listed values — join's
 * reduce fields only in reduce mode, http request's payload handling only for GET.
 */
function shownNow(body, node, f) {
  return Object.entries(f.shownWhen).every(([other, values]) => {
    const v = formValue(body, node, other);
    return values.includes(v === undefined || v === null ? "" : String(v));
  });
}

/** A field's value as the form holds it now (the node's, for a field the form has no control for). */
function formValue(body, node, name) {
  const control = body.querySelector(`#field-${CSS.escape(name)}`);
  if (!control || !("value" in control)) {
    return node[name];
  }
  return control.type === "checkbox" ? String(control.checked) : control.value;
}

/** A form row: the field's label, its control, and a hint: the declaration's help, then the editor's note. */
function row(f, control, note) {
  const hint = [f.help, note].filter(Boolean).join(" — ");
  return h("div", { class: "form-row", dataset: { field: f.name, kind: f.kind } },
    h("label", { for: "field-" + f.name }, (f.label || f.name) + (f.required ? " *" : "")),
    control, hint ? h("div", { class: "hint" }, hint) : null, h("div", { class: "validation" }));
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function editorFor(f, node, ctx, form) {
  if (f.nodeRefs) {
    return linkTreeEditor(f, node, ctx, row);
  }
  if (f.idlChoice) {
    const { select, control, initial } = idlChoice(f, node, ctx, form);
    return selectField(f, node, select, initial, control);
  }
  switch (f.kind) {
    case "number": return numberEditor(f, node);
    case "boolean": return booleanEditor(f, node);
    case "select": return selectEditor(f, node);
    case "typed": return typedEditor(f, node);
    case "code": return codeEditor(f, node);
    case "config": return configEditor(f, node, ctx);
    case "json": return jsonEditor(f, node);
    case "rows": return rowsEditor(f, node, row, node.type);
    default: return textEditor(f, node);
  }
}

function textEditor(f, node) {
  const initial = node[f.name];
  const input = h("input", { type: "text", id: "field-" + f.name, name: f.name,
    value: initial === undefined || initial === null ? "" : String(initial) });
  return {
    row: row(f, input),
    validate: () => fieldProblem(f, input.value),
    apply: () => {
      const unchanged = input.value === (initial === undefined || initial === null ? "" : String(initial));
      if (unchanged) {
        return false;
      }
      node[f.name] = input.value;
      return true;
    },
  };
}

function numberEditor(f, node) {
  const initial = node[f.name];
  const text = initial === undefined || initial === null ? "" : String(initial);
  const input = h("input", { type: "text", inputmode: "decimal", id: "field-" + f.name, name: f.name, value: text });
  return {
    row: row(f, input),
    validate: () => fieldProblem(f, input.value),
    apply: () => {
      if (input.value === text) {
        return false;
      }
      const v = input.value.trim();
      // keep the flow file's own representation: Node-RED stores some numbers as strings
      node[f.name] = v === "" ? "" : typeof initial === "string" ? v : Number(v);
      return true;
    },
  };
}

function booleanEditor(f, node) {
  const initial = node[f.name];
  const input = h("input", { type: "checkbox", id: "field-" + f.name, name: f.name,
    checked: initial === undefined ? f.default === true : initial === true || initial === "true" });
  const start = input.checked;
  return {
    row: row(f, h("span", {}, input)),
    validate: () => null,
    apply: () => {
      if (input.checked === start) {
        return false;
      }
      node[f.name] = typeof initial === "string" ? String(input.checked) : input.checked;
      return true;
    },
  };
}

function selectEditor(f, node) {
  const initial = node[f.name] === undefined || node[f.name] === null ? "" : String(node[f.name]);
  const options = [...(f.options || [])];
  if (!options.includes(initial)) {
    options.unshift(initial);
  }
  const select = h("select", { id: "field-" + f.name, name: f.name },
    options.map((o) => h("option", { value: o }, (f.optionLabels && f.optionLabels[o]) || (o === "" ? "(none)" : o))));
  select.value = initial;
  return selectField(f, node, select, initial);
}

/**
 * A select holding the field's value (in `control`, a wrapper, when given; `note` as the row's note): required
 * check, written when changed.
 */
function selectField(f, node, select, initial, control = select, note) {
  return {
    row: row(f, control, note),
    validate: () => fieldProblem(f, select.value),
    apply: () => {
      if (select.value === initial) {
        return false;
      }
      node[f.name] = select.value;
      return true;
    },
  };
}

/** Node-RED's typed input: a type menu and a value; the type is stored in its own property. */
function typedEditor(f, node) {
  const initialValue = node[f.name] === undefined || node[f.name] === null ? "" : String(node[f.name]);
  const initialType = node[f.typeField] || f.defaultType || "str";
  const widget = typedInput({ types: f.types, value: initialValue, type: initialType, id: "field-" + f.name,
    typeId: "field-" + f.typeField, name: f.name, label: f.label || f.name });
  return {
    row: row(f, widget.el),
    validate: () => widget.problem(f.required),
    apply: () => {
      let changed = false;
      if (widget.value() !== initialValue) {
        node[f.name] = widget.value();
        changed = true;
      }
      if (widget.type() !== initialType || (node[f.typeField] === undefined && changed)) {
        node[f.typeField] = widget.type();
        changed = true;
      }
      return changed;
    },
  };
}

/** Code (function, template, a .proto, PEM text): a code editor in the declared language's mode. */
function codeEditor(f, node) {
  const initial = node[f.name] === undefined || node[f.name] === null ? "" : String(node[f.name]);
  const editor = codeArea({ id: "code-" + f.name, value: initial, language: f.language, minLines: 10 });
  editor.el.dataset.field = f.name;
  return {
    row: row(f, editor.el, f.language ? `${f.language}` : null),
    validate: () => fieldProblem(f, editor.value()),
    apply: () => {
      if (editor.value() === initial) {
        return false;
      }
      node[f.name] = editor.value();
      return true;
    },
  };
}

/** A picker of the config nodes of the declared type, with a button to make a new one. */
function configEditor(f, node, ctx) {
  const initial = typeof node[f.name] === "string" ? node[f.name] : "";
  const select = h("select", { id: "field-" + f.name, name: f.name, dataset: { configType: f.configType } });
  const fill = (chosen) => {
    const nodes = ctx.model.configNodes(ctx.registry, f.configType);
    select.replaceChildren(h("option", { value: "" }, "(none)"),
      ...nodes.map((c) => h("option", { value: c.id }, c.name ? `${c.name}` : `${c.type} ${c.id}`)));
    if (chosen && !nodes.some((c) => c.id === chosen)) {
      select.appendChild(h("option", { value: chosen }, `missing: ${chosen}`));
    }
    select.value = chosen;
  };
  const refill = (chosen) => { // after the config node's own form: what depends on it (service lists) looks again
    fill(chosen);
    select.dispatchEvent(new Event("change", { bubbles: true }));
  };
  fill(initial);
  const declared = ctx.registry.get(f.configType);
  const add = h("button", { type: "button", class: "config-add", title: `add a new ${f.configType}`,
    disabled: !declared, onclick: async () => {
      const created = ctx.registry.newNode(f.configType, newId());
      ctx.model.add(created);
      const closed = await openNodeForm(created, ctx, true);
      if (closed === "done") {
        refill(created.id);
      } else {
        if (ctx.model.get(created.id)) {
          ctx.model.remove([created.id]);
        }
        fill(select.value);
      }
    } }, "+");
  const edit = h("button", { type: "button", class: "config-edit", title: "edit the chosen config node",
    onclick: async () => {
      const chosen = ctx.model.get(select.value);
      if (chosen) {
        await openNodeForm(chosen, ctx);
        refill(ctx.model.get(chosen.id) ? chosen.id : "");
      }
    } }, "✎");
  return selectField(f, node, select, initial, h("div", { class: "config-picker" }, select, edit, add),
    `config node of type ${f.configType}`);
}

/**
 * Structured values without a declared shape (nested options, theme colours): JSON in a code editor with a format
 * button; a parse error names its line and column.
 */
function jsonEditor(f, node) {
  const initial = node[f.name] === undefined ? f.default : node[f.name];
  const startText = initial === undefined ? "" : JSON.stringify(initial, null, 2);
  const editor = jsonArea({ id: "field-" + f.name, value: startText, label: f.label || f.name });
  return {
    row: row(f, editor.el, "JSON"),
    validate: () => editor.problem(f.required),
    apply: () => {
      if (editor.value() === startText) {
        return false;
      }
      const next = editor.value().trim() === "" ? undefined : JSON.parse(editor.value());
      if (same(next, initial)) {
        return false;
      }
      if (next === undefined) {
        delete node[f.name];
      } else {
        node[f.name] = next;
      }
      return true;
    },
  };
}
