// A flow tab's own edit tray, as Node-RED's "Edit flow" tray: its name, whether it is enabled, whether it is locked
// (`locked: true`: its nodes' forms only show, nothing in it can be changed until it is unlocked), its description
// (`info`, markdown) and its environment properties (`env`: [{name, type, value}], read by $env and ${...}).

import { codeArea } from "./codearea.js";
import { h } from "./dialog.js";
import { ENV_TYPES } from "./subflowenv.js";
import { openTray } from "./tray.js";
import { typedInput } from "./typedinput.js";

/** Opens the tray for tab `w`; `onChanged()` runs when Done changed something. */
export function openTabTray(w, onChanged) {
  const subflow = w.type === "subflow";
  const key = subflow ? "name" : "label";
  const name = h("input", { type: "text", id: "tab-label", value: w[key] || "" });
  const enabled = h("input", { type: "checkbox", id: "tab-enabled", checked: !w.disabled });
  const locked = h("input", { type: "checkbox", id: "tab-locked", checked: !!w.locked });
  const description = codeArea({ id: "tab-description", value: typeof w.info === "string" ? w.info : "",
    language: "markdown", minLines: 12 });
  const env = envRows(Array.isArray(w.env) ? w.env : []);
  const properties = h("div", { class: "node-form" },
    h("div", { class: "form-row" }, h("label", { for: "tab-label" }, "Name"), name),
    subflow ? null : h("div", { class: "form-row" }, h("label", {}, locked, " Locked (nothing in this flow can be changed)")),
    h("div", { class: "form-row" }, h("label", {}, "Environment variables"), env.el));
  const lockedNow = () => !subflow && locked.checked;
  const follow = () => { // a locked flow's tray changes nothing but the lock itself
    for (const c of [name, enabled, ...properties.querySelectorAll(".env-rows input, .env-rows select, .env-rows button")]) {
      c.disabled = lockedNow();
    }
    description.cm?.setOption("readOnly", lockedNow());
  };
  locked.addEventListener("change", follow);
  const tray = openTray({
    title: subflow ? "Edit subflow" : "Edit flow",
    id: "tab-dialog",
    tabs: [{ id: "properties", label: "Properties", body: properties },
      { id: "description", label: "Description", body: h("div", { class: "form-row" }, description.el) }],
    footer: subflow ? null : h("label", { class: "form-enabled" }, enabled, " Enabled"),
    buttons: [
      { label: "Cancel", id: "tab-cancel", action: () => true },
      { label: "Done", class: "primary", id: "tab-done", action: () => {
        const next = { [key]: name.value, disabled: subflow ? w.disabled : !enabled.checked,
          locked: subflow ? w.locked : locked.checked, info: description.value(), env: env.value() };
        let changed = false;
        for (const [k, v] of Object.entries(next)) {
          const before = w[k] === undefined ? (k === "env" ? [] : k === "info" ? "" : k === "locked" ? false : w[k]) : w[k];
          if (JSON.stringify(before) !== JSON.stringify(v)) {
            if (k === "locked" && !v) {
              delete w.locked;
            } else {
              w[k] = v;
            }
            changed = true;
          }
        }
        if (changed) {
          onChanged();
        }
        return true;
      } },
    ],
  });
  follow();
  return tray;
}

/** The env property list: a row per property (name, typed value, remove) and an add button. */
function envRows(initial) {
  const list = h("div", { class: "env-rows", id: "tab-env" });
  const rows = [];
  const add = (e) => {
    const name = h("input", { type: "text", class: "env-name", placeholder: "name", value: e.name || "" });
    const value = typedInput({ types: ENV_TYPES, value: e.value, type: e.type || "str", label: e.name || "value" });
    const entry = { name, value };
    const line = h("div", { class: "env-row rule-row" }, name, value.el, h("button", { type: "button",
      class: "env-remove", title: "remove", onclick: () => {
        rows.splice(rows.indexOf(entry), 1);
        line.remove();
      } }, "×"));
    rows.push(entry);
    list.append(line);
  };
  initial.forEach(add);
  return {
    el: h("div", {}, list, h("button", { type: "button", class: "rule-add", id: "tab-env-add",
      onclick: () => add({}) }, "+ add")),
    value: () => rows.filter((r) => r.name.value.trim() !== "")
      .map((r) => ({ name: r.name.value.trim(), type: r.value.type(), value: r.value.value() })),
  };
}
