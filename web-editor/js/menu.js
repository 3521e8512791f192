// Popup menus: the main menu behind the header's ☰ button, and the renderer the canvas context menu shares.
// Other modules add their own main-menu entries with addMenuItem(); the menu is built each time it opens, so an
// entry's enabled() is asked then.

import { h } from "./dialog.js";
import { keysFor } from "./keys.js";

/** Main-menu sections, top to bottom; an entry naming another section starts a new one at the end. */
const SECTIONS = ["edit", "io", "flows", "view", "settings", "help"];
const mainItems = [];

/**
 * Adds an entry to the main menu.
 * @param item {id, label, onselect(), section? (one of SECTIONS or new), order? (within the section, low first),
 *   action? (a keys.js action name whose key is shown), enabled?() -> boolean, children? [items]}
 */
export function addMenuItem(item) {
  if (!item || !item.id || !item.label || (!item.onselect && !item.children)) {
    throw new Error("a menu item needs an id, a label and onselect (or children)");
  }
  const at = mainItems.findIndex((i) => i.id === item.id);
  const entry = { section: "flows", order: 100, ...item };
  if (at >= 0) {
    mainItems[at] = entry; // re-adding replaces: a module reloaded by a test does not duplicate its entries
  } else {
    mainItems.push(entry);
  }
}

export function removeMenuItem(id) {
  const at = mainItems.findIndex((i) => i.id === id);
  if (at >= 0) {
    mainItems.splice(at, 1);
  }
}

/** The main menu's entries in display order, null between sections. */
export function mainMenuItems() {
  const sections = [...SECTIONS, ...new Set(mainItems.map((i) => i.section).filter((s) => !SECTIONS.includes(s)))];
  const out = [];
  for (const s of sections) {
    const items = mainItems.filter((i) => i.section === s).sort((a, b) => a.order - b.order);
    if (items.length) {
      if (out.length) {
        out.push(null);
      }
      out.push(...items);
    }
  }
  return out;
}

/** Closes every open menu. */
export function closeMenus() {
  for (const m of document.querySelectorAll(".menu-popup")) {
    m.remove();
  }
  document.removeEventListener("mousedown", onOutside, true);
  document.removeEventListener("keydown", onEscape, true);
}

function onOutside(e) {
  if (!e.target.closest || !e.target.closest(".menu-popup, .menu-toggle")) {
    closeMenus();
  }
}

function onEscape(e) {
  if (e.key === "Escape") {
    e.stopPropagation();
    e.preventDefault();
    closeMenus();
  }
}

/**
 * Opens a menu at a client point, kept inside the window. `items`: entries as for addMenuItem plus `disabled`,
 * null for a separator. Returns the menu element.
 */
export function openMenu(items, clientX, clientY, { id, level = 0 } = {}) {
  if (level === 0) {
    closeMenus();
  }
  const menu = h("div", { class: "menu-popup", id, role: "menu", dataset: { level } });
  for (const item of items) {
    menu.appendChild(item === null ? h("div", { class: "menu-separator", role: "separator" }) : menuRow(item, level));
  }
  document.body.appendChild(menu);
  const r = menu.getBoundingClientRect();
  menu.style.left = Math.max(0, Math.min(clientX, window.innerWidth - r.width - 4)) + "px";
  menu.style.top = Math.max(0, Math.min(clientY, window.innerHeight - r.height - 4)) + "px";
  if (level === 0) {
    document.addEventListener("mousedown", onOutside, true);
    document.addEventListener("keydown", onEscape, true);
  }
  return menu;
}

function menuRow(item, level) {
  const disabled = item.disabled || (item.enabled && !item.enabled());
  const keys = item.action ? keysFor(item.action) : [];
  const row = h("div", { class: "menu-item" + (disabled ? " disabled" : "") + (item.children ? " has-children" : ""),
    role: "menuitem", "aria-disabled": disabled ? "true" : null, dataset: { id: item.id } },
  h("span", { class: "menu-label" }, item.label),
  keys.length ? h("span", { class: "menu-shortcut" }, keys[0]) : null,
  item.children ? h("span", { class: "menu-arrow" }, "▸") : null);
  if (disabled) {
    return row;
  }
  if (item.children) {
    const openChildren = () => {
      for (const m of document.querySelectorAll(".menu-popup")) {
        if (Number(m.dataset.level) > level) {
          m.remove();
        }
      }
      const r = row.getBoundingClientRect();
      openMenu(item.children, r.right - 2, r.top - 4, { level: level + 1, id: item.id ? `menu-${item.id}` : null });
    };
    row.addEventListener("mouseenter", openChildren);
    row.addEventListener("click", openChildren);
  } else {
    row.addEventListener("mouseenter", () => {
      for (const m of document.querySelectorAll(".menu-popup")) {
        if (Number(m.dataset.level) > level) {
          m.remove();
        }
      }
    });
    row.addEventListener("click", () => {
      closeMenus();
      item.onselect();
    });
  }
  return row;
}

/** Wires the header's ☰ button to the main menu, opening below it and right-aligned with it. */
export function mountMainMenu(button) {
  button.classList.add("menu-toggle"); // its own click toggles the menu; a press on it is not an outside press
  button.addEventListener("click", () => {
    if (document.getElementById("main-menu")) {
      closeMenus();
      return;
    }
    const r = button.getBoundingClientRect();
    const menu = openMenu(mainMenuItems(), r.right, r.bottom + 2, { id: "main-menu" });
    menu.style.left = Math.max(0, r.right - menu.getBoundingClientRect().width) + "px";
  });
}
