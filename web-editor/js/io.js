// The import (paste or file) and export dialogs; the flow JSON itself is read and chosen in flowjson.js.

import { h, openDialog } from "./dialog.js";
import { exportableSet, parseFlows } from "./flowjson.js";

/** Shows the import dialog; resolves the parsed nodes, or null when cancelled. */
export function openImport() {
  return new Promise((resolve) => {
    const area = h("textarea", { id: "import-text", rows: 14, spellcheck: "false",
      placeholder: "paste Node-RED flow JSON here" });
    const file = h("input", { type: "file", id: "import-file", accept: ".json,application/json" });
    const problem = h("div", { class: "validation", id: "import-problem" });
    file.addEventListener("change", async () => {
      if (file.files.length > 0) {
        area.value = await file.files[0].text();
      }
    });
    openDialog({
      title: "Import flows",
      id: "import-dialog",
      body: h("div", {}, h("div", { class: "form-row" }, h("label", { for: "import-file" }, "from a file"), file),
        h("div", { class: "form-row" }, h("label", { for: "import-text" }, "or paste"), area), problem),
      onCancel: () => resolve(null),
      buttons: [
        { label: "Cancel", id: "import-cancel", action: () => resolve(null) },
        { label: "Import", class: "primary", id: "import-confirm", action: () => {
          try {
            resolve(parseFlows(area.value));
            return true;
          } catch (err) {
            problem.textContent = err.message;
            return false;
          }
        } },
      ],
    });
  });
}

/**
 * Shows the flows as JSON to copy or download: everything, the current tab or the selection — the last two with
 * the config nodes and subflow definitions they use, so the export runs on its own.
 */
export function openExport(nodes, currentTab, selected = []) {
  const text = (scope) => JSON.stringify(scope === "all" ? nodes
    : exportableSet(nodes, scope === "tab" ? [currentTab] : selected), null, 4);
  const area = h("textarea", { id: "export-text", rows: 18, spellcheck: "false", readonly: true });
  const scope = h("select", { id: "export-scope" }, h("option", { value: "all" }, "all flows"),
    h("option", { value: "tab" }, "current tab only"),
    selected.length ? h("option", { value: "selected" }, `selected nodes (${selected.length})`) : null);
  area.value = text("all");
  scope.addEventListener("change", () => {
    area.value = text(scope.value);
  });
  openDialog({
    title: "Export flows",
    id: "export-dialog",
    body: h("div", {}, h("div", { class: "form-row" }, scope), h("div", { class: "form-row" }, area)),
    buttons: [
      { label: "Copy", id: "export-copy", action: async () => {
        area.select();
        await navigator.clipboard?.writeText(area.value).catch(() => document.execCommand("copy"));
        return false;
      } },
      { label: "Download", id: "export-download", action: () => {
        const a = h("a", { href: URL.createObjectURL(new Blob([area.value], { type: "application/json" })),
          download: "flows.json" });
        a.click();
        URL.revokeObjectURL(a.href);
        return false;
      } },
      { label: "Close", class: "primary", id: "export-close", action: () => true },
    ],
  });
}
