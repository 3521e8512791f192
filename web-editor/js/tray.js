// The edit tray, as Node-RED's editor has it: a panel sliding in from the right over the workspace (not a centred
// modal), a title, the Delete / Cancel / Done buttons at its top, tabs (Properties, Description, Appearance) and a
// footer. Trays stack: a config node edited from a node's form opens in a tray above the form's own, which stays
// where it is underneath.

import { actionButtons, focusFirst, h, mountOverlay } from "./dialog.js";

/**
 * Opens a tray. `opts` = {title, id, tabs: [{id, label, body}], buttons: [{label, id, class, action}], footer,
 * onCancel}; a button whose class has "left" sits before the others (Delete). Returns {close, root, select(tabId)}.
 */
export function openTray({ title, id, tabs, buttons, footer, onCancel }) {
  const bar = h("nav", { class: "tray-tabs", role: "tablist" });
  const body = h("div", { class: "tray-body" });
  const root = h("div", { class: "tray", id, role: "dialog", "aria-label": title });
  const overlay = h("div", { class: "overlay tray-overlay" }, root);
  const close = mountOverlay(overlay, onCancel);
  const [left, right] = [buttons.filter((b) => /\bleft\b/.test(b.class || "")),
    buttons.filter((b) => !/\bleft\b/.test(b.class || ""))];
  root.append(h("header", { class: "tray-header" }, h("span", { class: "tray-title" }, title),
    ...actionButtons(left, close), h("span", { class: "spacer" }), ...actionButtons(right, close)), bar, body,
  footer ? h("footer", { class: "tray-footer" }, footer) : null);
  const select = (tabId) => {
    for (const t of tabs) {
      const on = t.id === tabId;
      t.button.classList.toggle("active", on);
      t.button.setAttribute("aria-selected", String(on));
      t.section.hidden = !on;
      if (on) { // code editors measure themselves once visible
        t.section.querySelectorAll(".code-holder").forEach((c) => c.dispatchEvent(new Event("tray-shown")));
      }
    }
    root.dataset.tab = tabId;
  };
  for (const t of tabs) {
    t.button = h("button", { type: "button", role: "tab", class: "tray-tab", id: `${id}-tab-${t.id}`,
      dataset: { tab: t.id }, onclick: () => select(t.id) }, t.label);
    t.section = h("section", { class: "tray-section", dataset: { tab: t.id } }, t.body);
    bar.append(t.button);
    body.append(t.section);
  }
  bar.hidden = tabs.length < 2;
  select(tabs[0].id);
  // slide in: start off-screen, then let the transition move it into place
  requestAnimationFrame(() => root.classList.add("open"));
  focusFirst(body);
  return { close, root, select };
}
