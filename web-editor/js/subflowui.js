// Editing subflow templates as in Node-RED: a template tab gets a toolbar (properties, inputs, outputs, status,
// delete); the properties dialog edits name, category, colour, icon, description, port labels and the env
// properties with their UI types; each template is a palette entry (drag to add an instance, double-click to open
// the template); an instance's form opens its template; "New subflow" makes an empty one.

import { h, openDialog } from "./dialog.js";
import { addMenuItem } from "./menu.js";
import { subflowIcon } from "./registry.js";
import { ENV_TYPES, labelOf } from "./subflowenv.js";
import { newSubflow, setSubflowInputs, setSubflowOutputs, setSubflowStatus } from "./subflows.js";
import { typedInput } from "./typedinput.js";

/** Node-RED's env property UI types: how an instance's form offers the property. */
const UI_TYPES = [["input", "typed input"], ["select", "select"], ["checkbox", "checkbox"], ["spinner", "number spinner"],
  ["cred", "credential"], ["none", "label only"], ["hide", "hidden"]];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class SubflowEditing {
  /** hooks: {showTab(id), toSubflow(), palette (the Palette, for its drag), paletteContainer, icons: [name]} */
  constructor(model, hooks) {
    this.model = model;
    this.hooks = hooks;
    this.toolbar = h("div", { id: "subflow-toolbar", class: "subflow-toolbar", hidden: true });
    document.getElementById("canvas-holder").before(this.toolbar);
    addMenuItem({ id: "menu-new-subflow", label: "New subflow", section: "flows", order: 30,
      onselect: () => hooks.showTab(newSubflow(model).id) });
    addMenuItem({ id: "menu-selection-to-subflow", label: "Selection to subflow", section: "flows", order: 32,
      action: "convert-to-subflow", onselect: () => hooks.toSubflow() });
  }

  /** Redraws what depends on the subflows: the palette entries and the toolbar of the tab shown. */
  refresh(tab) {
    this.renderPalette();
    const sf = this.model.get(tab);
    this.toolbar.hidden = !sf || sf.type !== "subflow";
    if (this.toolbar.hidden) {
      return;
    }
    const outputs = h("input", { type: "number", id: "subflow-outputs", min: 0, max: 50,
      value: String((sf.out || []).length), title: "number of outputs" });
    outputs.addEventListener("change", () => setSubflowOutputs(this.model, sf, Number(outputs.value) || 0));
    const inputs = h("select", { id: "subflow-inputs", title: "number of inputs" },
      h("option", { value: "0" }, "0"), h("option", { value: "1" }, "1"));
    inputs.value = (sf.in || []).length ? "1" : "0";
    inputs.addEventListener("change", () => setSubflowInputs(this.model, sf, Number(inputs.value)));
    const status = h("input", { type: "checkbox", id: "subflow-status", checked: !!sf.status });
    status.addEventListener("change", () => setSubflowStatus(this.model, sf, status.checked));
    this.toolbar.replaceChildren(h("span", { class: "subflow-title" }, "subflow: " + (sf.name || sf.id)),
      h("button", { type: "button", id: "subflow-edit", onclick: () => this.openProperties(sf) }, "edit properties"),
      h("label", {}, "inputs ", inputs), h("label", {}, "outputs ", outputs), h("label", {}, status, " status"),
      h("button", { type: "button", id: "subflow-delete", class: "danger", onclick: () => this.remove(sf) },
        "delete subflow"));
  }

  /** Deletes a template, its nodes and every instance of it (Node-RED asks first too). */
  remove(sf) {
    const instances = this.model.nodes.filter((n) => n.type === "subflow:" + sf.id);
    if (confirm(`Delete subflow "${sf.name || sf.id}" and its ${instances.length} instance(s)?`)) {
      this.model.remove([sf.id, ...instances.map((n) => n.id)]);
    }
  }

  /** The palette entries, in the template's category ("subflows" when it has none), as Node-RED lists them. */
  renderPalette() {
    const container = this.hooks.paletteContainer;
    container.querySelectorAll(".palette-family.subflow-family").forEach((s) => s.remove());
    const byCategory = new Map();
    for (const sf of this.model.nodes.filter((n) => n.type === "subflow")) {
      const category = sf.category || "subflows";
      byCategory.set(category, [...(byCategory.get(category) || []), sf]);
    }
    for (const [category, subflows] of byCategory) {
      const section = h("div", { class: "palette-family subflow-family", dataset: { family: category } },
        h("h3", { onclick: (e) => e.currentTarget.parentElement.classList.toggle("collapsed") }, category));
      for (const sf of subflows) {
        const type = "subflow:" + sf.id;
        const item = h("div", { class: "palette-node subflow-node", dataset: { type, search: [sf.name, category, "subflow"]
          .join(" ").toLowerCase() }, title: `${sf.name || sf.id}: drag onto the canvas to add an instance, `
          + "double-click to edit the template" },
        h("img", { class: "palette-icon", alt: "", src: "editor/icons/" + subflowIcon(sf) + ".svg" }), sf.name || sf.id);
        item.style.background = sf.color || "#DDAA99";
        item.addEventListener("mousedown", (e) => this.hooks.palette.start(e, type, item));
        item.addEventListener("dblclick", () => this.hooks.showTab(sf.id));
        section.appendChild(item);
      }
      container.appendChild(section);
    }
  }

  /** Adds "edit subflow template" to an open instance form. */
  addTemplateButton(formRoot, node, closeForm) {
    const sf = node && node.type.startsWith("subflow:") && this.model.get(node.type.substring(8));
    if (!formRoot || !sf) {
      return;
    }
    const body = formRoot.querySelector(".tray-section[data-tab='properties'], .dialog-body") || formRoot;
    body.prepend(h("div", { class: "form-row" }, h("button", { type: "button", id: "form-edit-template",
      onclick: () => {
        closeForm();
        this.hooks.showTab(sf.id);
      } }, "edit subflow template")));
  }

  /** The template's properties dialog; Done applies everything as one undoable change. */
  openProperties(sf) {
    const input = (id, value, attrs = {}) => h("input", { type: "text", id, value: value ?? "", ...attrs });
    const name = input("subflow-name", sf.name);
    const category = input("subflow-category", sf.category, { placeholder: "subflows", list: "subflow-categories" });
    const categories = h("datalist", { id: "subflow-categories" },
      ...[...this.hooks.families(), "subflows"].map((f) => h("option", { value: f })));
    const color = h("input", { type: "color", id: "subflow-color", value: toHex(sf.color || "#DDAA99") });
    const icon = h("select", { id: "subflow-icon" }, ...this.hooks.icons.map((i) => h("option", { value: i }, i)));
    icon.value = subflowIcon(sf);
    const info = h("textarea", { id: "subflow-info", rows: 3 });
    info.value = sf.info || "";
    const inLabel = input("subflow-input-label", (sf.inputLabels || [])[0]);
    const outLabels = (sf.out || []).map((_, i) => input("subflow-output-label-" + i, (sf.outputLabels || [])[i],
      { placeholder: "output " + (i + 1) }));
    const rows = h("div", { class: "subflow-env", id: "subflow-env" });
    (sf.env || []).forEach((e) => rows.appendChild(envRow(e, sf)));
    const problem = h("div", { class: "validation", id: "subflow-problem" });
    const field = (label, control) => h("div", { class: "form-row" }, h("label", { for: control.id }, label), control);
    openDialog({
      title: "Subflow template: " + (sf.name || sf.id),
      id: "subflow-dialog",
      body: h("div", { class: "node-form" }, field("name", name), field("category", category), categories,
        field("colour", color), field("icon", icon), field("description", info),
        (sf.in || []).length ? field("input label", inLabel) : null,
        ...outLabels.map((o, i) => field(`output ${i + 1} label`, o)),
        h("h4", {}, "environment properties"), rows,
        h("button", { type: "button", id: "subflow-env-add", onclick: () => rows.appendChild(envRow(
          { name: "", type: "str", value: "" }, sf)) }, "+ add property"), problem),
      buttons: [
        { label: "Cancel", id: "subflow-cancel", action: () => true },
        { label: "Done", class: "primary", id: "subflow-done", action: () => {
          const env = [...rows.children].map((r) => r.read());
          const names = env.map((e) => e.name);
          const bad = names.find((n, i) => !ENV_NAME.test(n) || names.indexOf(n) !== i);
          if (bad !== undefined) {
            problem.textContent = `property name "${bad}": letters, digits and _, not starting with a digit, once`;
            return false;
          }
          if (!name.value.trim()) {
            problem.textContent = "a subflow needs a name";
            return false;
          }
          sf.name = name.value.trim();
          sf.category = category.value.trim();
          sf.color = color.value.toUpperCase();
          sf.icon = icon.value === "subflow" ? undefined : `${icon.value}.svg`;
          sf.info = info.value;
          sf.inputLabels = (sf.in || []).length && inLabel.value ? [inLabel.value] : undefined;
          sf.outputLabels = outLabels.some((o) => o.value) ? outLabels.map((o) => o.value) : undefined;
          const secrets = {};
          sf.env = env.map(({ secret, ...e }) => {
            if (secret !== undefined) {
              secrets[e.name] = secret;
            }
            return e;
          });
          if (Object.keys(secrets).length) {
            sf.credentials = { ...(sf.credentials || {}), ...secrets };
          }
          this.model.changed();
          return true;
        } },
      ],
    });
  }
}

function toHex(color) {
  return /^#[0-9a-f]{6}$/i.test(color) ? color : "#DDAA99";
}

/** One env property's row: name, UI type, value (as the UI type takes it), select options, label; `read()` gives it. */
function envRow(e, sf) {
  const ui = e.ui || {};
  const name = h("input", { type: "text", class: "env-name", value: e.name || "", placeholder: "NAME" });
  const uiType = h("select", { class: "env-ui" }, ...UI_TYPES.map(([v, l]) => h("option", { value: v }, l)));
  uiType.value = ui.type || (e.type === "cred" ? "cred" : "input");
  const value = typedInput({ types: ENV_TYPES, value: e.type === "cred" ? "" : e.value, type: e.type === "cred" ? "str"
    : e.type || "str", id: null, typeId: null, name: "env-value", label: "value", dataset: {} });
  value.el.classList.add("env-value");
  const secret = h("input", { type: "password", class: "env-secret", placeholder: sf.credentials?.["has_" + e.name]
    ? "(kept; type to replace)" : "secret" });
  const options = h("textarea", { class: "env-opts", rows: 2, placeholder: "one option a line: value=label" });
  options.value = ((ui.opts && ui.opts.opts) || []).map((o) => `${o.v}=${typeof o.l === "string" ? o.l
    : (o.l && o.l["en-US"]) || o.v}`).join("\n");
  const label = h("input", { type: "text", class: "env-label", placeholder: "label",
    value: labelOf(e) === e.name ? "" : labelOf(e) });
  const shown = () => {
    options.hidden = uiType.value !== "select";
    secret.hidden = uiType.value !== "cred";
    value.el.hidden = uiType.value === "cred";
  };
  uiType.addEventListener("change", shown);
  shown();
  const row = h("div", { class: "env-row" }, name, uiType, value.el, secret, label,
    h("button", { type: "button", class: "env-remove", title: "remove this property", onclick: () => row.remove() },
      "×"), options);
  row.read = () => {
    const kind = uiType.value;
    const out = { name: name.value.trim(), type: value.type(), value: value.value() };
    const entryUi = { type: kind };
    if (label.value.trim()) {
      entryUi.label = { "en-US": label.value.trim() };
    }
    if (kind === "select") {
      entryUi.opts = { opts: options.value.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
        const [v, ...rest] = l.split("=");
        return { l: { "en-US": rest.join("=") || v }, v };
      }) };
      out.type = "str";
    } else if (kind === "checkbox") {
      out.type = "bool";
      out.value = out.value === "true" ? "true" : "false";
    } else if (kind === "spinner") {
      out.type = "num";
    } else if (kind === "cred") {
      out.type = "cred";
      out.value = "";
      if (secret.value) {
        out.secret = secret.value;
      }
    }
    if (kind !== "input" || entryUi.label) {
      out.ui = entryUi;
    }
    return out;
  };
  return row;
}
