// The keyboard shortcuts dialog (shift-? or the main menu): every binding of keys.js's keymap, grouped by action,
// so it always lists the keys that really work.

import { h, openDialog } from "./dialog.js";
import { KEYMAP } from "./keys.js";

/** Actions in keymap order with their keys: [{action, keys[]}]; only actions this editor performs. */
export function shortcutRows(actions, keymap = KEYMAP) {
  const rows = new Map();
  for (const [key, action] of Object.entries(keymap)) {
    if (actions[action]) {
      rows.set(action, [...(rows.get(action) || []), key]);
    }
  }
  return [...rows].map(([action, keys]) => ({ action, keys }));
}

const words = (action) => action.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());

export function openShortcuts(actions) {
  const filter = h("input", { type: "search", id: "shortcut-filter", placeholder: "filter actions" });
  const body = h("tbody");
  const render = () => {
    const q = filter.value.trim().toLowerCase();
    body.replaceChildren(...shortcutRows(actions)
      .filter((r) => !q || r.action.includes(q) || r.keys.some((k) => k.includes(q)))
      .map((r) => h("tr", { dataset: { action: r.action } }, h("td", {}, words(r.action)),
        h("td", {}, r.keys.flatMap((k, i) => [i ? " " : null, h("kbd", {}, k)])))));
  };
  filter.addEventListener("input", render);
  render();
  openDialog({
    title: "Keyboard shortcuts",
    id: "shortcuts",
    body: [filter, h("div", { class: "shortcut-list" }, h("table", { class: "shortcut-table" }, body))],
    buttons: [{ label: "Close", class: "primary", action: () => true }],
  });
}
