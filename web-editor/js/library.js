// Node-RED's library in the editor (its /library admin API): Import → Examples and Import → Library browse a tree
// of folders and entries with a preview; Export → Library saves flow JSON under a folder and a file name; a form
// whose node type declares a library (the function's code, the template's text) gets a library button that saves
// the form's declared fields as an entry and loads one back into the form.

import { h, openDialog } from "./dialog.js";
import { addMenuItem, openMenu } from "./menu.js";

const enc = (path) => path.split("/").map(encodeURIComponent).join("/");

/** A library folder's listing as tree items: folders (names) first, then entries ({fn, ...properties}). */
function items(listing, folder) {
  return (Array.isArray(listing) ? listing : []).map((d) => (typeof d === "string"
    ? { folder: true, label: d, path: folder + d + "/" }
    : { folder: false, label: d.fn, path: folder + d.fn, props: d }))
    .sort((a, b) => (a.folder === b.folder ? a.label.localeCompare(b.label) : a.folder ? -1 : 1));
}

/**
 * A tree of a library, folders opened on click (read when first opened). `choose(item)` is called for the item
 * clicked: {folder, label, path, props}; `foldersOnly` hides the entries (choosing where to save).
 */
function libraryTree(list, choose, foldersOnly = false) {
  const root = h("div", { class: "library-tree", role: "tree" });
  let selected = null;
  const fill = async (holder, folder) => {
    const listing = items(await list(folder), folder).filter((i) => i.folder || !foldersOnly);
    holder.replaceChildren(...listing.map((item) => {
      const children = h("div", { class: "library-children", hidden: true });
      const label = h("div", { class: "library-item " + (item.folder ? "library-folder" : "library-entry"),
        role: "treeitem", dataset: { path: item.path }, title: item.path }, item.folder ? "▸ " : "", item.label);
      label.addEventListener("click", async () => {
        selected?.classList.remove("selected");
        selected = label;
        label.classList.add("selected");
        if (item.folder) {
          children.hidden = !children.hidden;
          label.firstChild.textContent = children.hidden ? "▸ " : "▾ ";
          if (!children.hidden && !children.dataset.read) {
            children.dataset.read = "true";
            await fill(children, item.path);
          }
        }
        choose(item);
      });
      return h("div", {}, label, children);
    }));
    if (listing.length === 0) {
      holder.replaceChildren(h("div", { class: "hint" }, "empty"));
    }
  };
  return { el: root, ready: fill(root, "") };
}

/**
 * Browses a library's entries of one type; resolves {path, props, text} of the entry chosen, or null when cancelled.
 * `api` is the admin API; `library` "local" or "examples".
 */
export function browseLibrary(api, { library, type, title, id, confirm = "Import" }) {
  const base = `library/${library}/${type}/`;
  return new Promise((resolve) => {
    let chosen = null;
    const preview = h("pre", { class: "library-preview", id: id + "-preview" });
    const ok = h("span");
    const tree = libraryTree((folder) => api.get(base + enc(folder)), async (item) => {
      chosen = item.folder ? null : item;
      preview.textContent = "";
      if (chosen) {
        try {
          chosen.text = await api.text(base + enc(item.path));
          preview.textContent = chosen.text;
        } catch (err) {
          preview.textContent = "cannot read this entry: " + err.message;
          chosen = null;
        }
      }
    });
    tree.ready.catch((err) => tree.el.replaceChildren(h("div", { class: "validation" }, err.message)));
    openDialog({
      title,
      id,
      body: h("div", { class: "library-browser" }, tree.el, preview, ok),
      onCancel: () => resolve(null),
      buttons: [
        { label: "Cancel", id: id + "-cancel", action: () => resolve(null) },
        { label: confirm, class: "primary", id: id + "-confirm", action: () => {
          if (!chosen || chosen.text === undefined) {
            ok.textContent = "choose an entry first";
            return false;
          }
          resolve({ path: chosen.path, props: chosen.props, text: chosen.text });
          return true;
        } },
      ],
    });
  });
}

/**
 * Asks where to save an entry (a folder of the local library and a file name) and saves it with `body(path)` →
 * the POST body. Resolves the path saved, or null when cancelled.
 */
export function saveToLibrary(api, { type, title, id, fileName, body, notify }) {
  const base = `library/local/${type}/`;
  return new Promise((resolve) => {
    let folder = "";
    const where = h("input", { type: "text", id: id + "-folder", value: "", placeholder: "folder (optional)" });
    const name = h("input", { type: "text", id: id + "-name", value: fileName || "" });
    const problem = h("div", { class: "validation", id: id + "-problem" });
    const tree = libraryTree((f) => api.get(base + enc(f)), (item) => {
      folder = item.path;
      where.value = folder.replace(/\/$/, "");
    }, true);
    tree.ready.catch(() => tree.el.replaceChildren());
    openDialog({
      title,
      id,
      body: h("div", { class: "library-browser" }, tree.el,
        h("div", { class: "form-row" }, h("label", { for: id + "-folder" }, "folder"), where),
        h("div", { class: "form-row" }, h("label", { for: id + "-name" }, "file name"), name), problem),
      onCancel: () => resolve(null),
      buttons: [
        { label: "Cancel", id: id + "-cancel", action: () => resolve(null) },
        { label: "Save", class: "primary", id: id + "-confirm", action: async () => {
          const file = name.value.trim();
          const dir = where.value.trim().replace(/^\/+|\/+$/g, "");
          if (!file || /[/\\]/.test(file)) {
            problem.textContent = "a file name, without / or \\";
            return false;
          }
          const path = (dir ? dir + "/" : "") + file;
          try {
            await api.post(base + enc(path), body());
          } catch (err) {
            problem.textContent = "Save failed: " + err.message;
            return false;
          }
          notify?.(`Saved to the library: ${path}`, "success");
          resolve(path);
          return true;
        } },
      ],
    });
  });
}

/** A form control by field name: CodeMirror, a checkbox, or an input/select/textarea. */
function formField(root, name) {
  const cm = root.querySelector(`#code-${CSS.escape(name)}`)?.codeMirror;
  if (cm) {
    return { get: () => cm.getValue(), set: (v) => cm.setValue(v) };
  }
  const input = root.querySelector(`#field-${CSS.escape(name)}`);
  if (!input) {
    return null;
  }
  if (input.type === "checkbox") {
    return { get: () => String(input.checked), set: (v) => { input.checked = v === true || v === "true"; } };
  }
  return { get: () => input.value, set: (v) => {
    input.value = v;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  } };
}

/**
 * Adds the library button to a node's open form when its type declares a library ({type, text, fields}):
 * "Open library…" fills the form from an entry, "Save to library…" saves the form's values as one.
 */
export function addLibraryButton(formRoot, declaration, api, notify) {
  const lib = declaration && declaration.library;
  if (!formRoot || !lib) {
    return;
  }
  const values = () => {
    const body = {};
    for (const f of lib.fields) {
      const control = formField(formRoot, f);
      if (control) {
        body[f] = control.get();
      }
    }
    body.text = formField(formRoot, lib.text)?.get() ?? "";
    return body;
  };
  const load = async () => {
    const entry = await browseLibrary(api, { library: "local", type: lib.type, id: "library-load",
      title: `Open a ${declaration.type} from the library`, confirm: "Load" });
    if (!entry) {
      return;
    }
    for (const f of lib.fields) {
      if (entry.props && entry.props[f] !== undefined) {
        formField(formRoot, f)?.set(entry.props[f]);
      }
    }
    formField(formRoot, lib.text)?.set(entry.text);
  };
  const save = () => {
    const name = formField(formRoot, "name")?.get() || "";
    saveToLibrary(api, { type: lib.type, id: "library-save", title: `Save this ${declaration.type} to the library`,
      fileName: name ? name.replace(/[/\\]/g, "-") + (lib.type === "functions" ? ".js" : ".txt") : "",
      body: values, notify });
  };
  const button = h("button", { type: "button", class: "library-button", id: "form-library",
    title: "library: open or save this node's code" }, "📖 library");
  button.addEventListener("click", () => {
    const r = button.getBoundingClientRect();
    openMenu([{ id: "library-open", label: "Open library…", onselect: load },
      { id: "library-save", label: "Save to library…", onselect: save }], r.left, r.bottom + 2, { id: "library-menu" });
  });
  const body = formRoot.querySelector(".tray-section[data-tab='properties'], .dialog-body") || formRoot;
  body.prepend(h("div", { class: "form-row library-row" }, button));
}

/**
 * The main menu's library entries: Import → Examples, Import → Library, Export → Library.
 * hooks: {importText(json text), exportText() → the JSON the export dialog would show (selection, else tab), notify}
 */
export function addLibraryMenuItems(api, hooks) {
  const importFrom = (library, title, id) => async () => {
    const entry = await browseLibrary(api, { library, type: "flows", title, id });
    if (entry) {
      hooks.importText(entry.text);
    }
  };
  addMenuItem({ id: "menu-import-examples", label: "Import example flows…", section: "io", order: 12,
    onselect: importFrom("examples", "Import an example flow", "examples-dialog") });
  addMenuItem({ id: "menu-import-library", label: "Import from the library…", section: "io", order: 14,
    onselect: importFrom("local", "Import from the library", "library-import") });
  addMenuItem({ id: "menu-export-library", label: "Export to the library…", section: "io", order: 22,
    onselect: () => saveToLibrary(api, { type: "flows", id: "library-export", title: "Export to the library",
      fileName: "", body: () => JSON.parse(hooks.exportText()), notify: hooks.notify }) });
}
