// A node type's credential fields in its form, kept as Node-RED keeps them: the server never answers a secret (GET
// credentials/:type/:id gives text fields and has_<field> flags), a stored password shows as Node-RED's "__PWRD__"
// placeholder, and edits wait in the model (never in the node objects, so exports and the clipboard carry none)
// until the next deploy sends them as each node's `credentials`.

import { h } from "./dialog.js";

/** What Node-RED's editor sends for a password the user did not change; the runtime keeps the stored one. */
export const UNCHANGED_PASSWORD = "__PWRD__";

/** Form rows for `type.credentials`; `ctx.readCredentials(type, id)` asks the server what is stored. */
export function credentialEditors(type, node, ctx, row) {
  const pending = ctx.model.credentials.get(node.id) || {};
  const editors = type.credentials.map((f) => {
    const secret = f.kind === "password";
    const input = h("input", { type: secret ? "password" : "text", id: "field-" + f.name, name: f.name,
      autocomplete: secret ? "new-password" : "off", dataset: { credential: "true" } });
    const editor = { f, input, stored: "" };
    editor.row = row(f, input, secret ? "a secret: never shown again, stored encrypted" : "stored as a credential");
    if (pending[f.name] !== undefined) {
      input.value = pending[f.name];
    }
    return editor;
  });
  let loaded = false;
  ctx.readCredentials(node.type, node.id).then((stored) => {
    for (const e of editors) {
      const secret = e.f.kind === "password";
      e.stored = secret ? (stored["has_" + e.f.name] ? UNCHANGED_PASSWORD : "") : (stored[e.f.name] || "");
      if (pending[e.f.name] === undefined) {
        e.input.value = e.stored;
      }
    }
    loaded = true;
  }).catch(() => { loaded = true; }); // nothing stored yet (or not allowed to read): every field starts empty
  return editors.map((e) => ({
    row: e.row,
    validate: () => null,
    apply: () => {
      const initial = pending[e.f.name] !== undefined ? pending[e.f.name] : e.stored;
      if (!loaded && pending[e.f.name] === undefined && e.input.value === "") {
        return false; // closed before the server answered: nothing was typed
      }
      if (e.input.value === initial) {
        return false;
      }
      const next = { ...(ctx.model.credentials.get(node.id) || {}) };
      next[e.f.name] = e.input.value;
      ctx.model.credentials.set(node.id, next);
      return true;
    },
  }));
}
