// The canvas tools' actions (named as in Node-RED's keymap, bound in keys.js), the main menu's own entries and the
// right-click context menu with the items Node-RED 5's offers for the canvas, a node, a wire or a selection. Every
// entry runs an action of the one actions table main.js builds, so a key, a menu item and a context item agree.

import { openGroupForm } from "./groupform.js";
import { addMenuItem, openMenu } from "./menu.js";
import { openShortcuts } from "./shortcuts.js";

/** Actions of the canvas tools. ctx: {canvas, model, tools, settings, actions() -> the whole table} */
export function toolActions({ canvas, model, tools, settings, actions }) {
  let copiedStyle = null;
  const selectedGroups = () => [...canvas.selection].map((id) => model.get(id)).filter((n) => n?.type === "group");
  const setDisabled = (off) => {
    const nodes = canvas.selectedNodes().filter((n) => (n.d === true) !== off);
    for (const n of nodes) {
      if (off) {
        n.d = true;
      } else {
        delete n.d;
      }
    }
    if (nodes.length) {
      model.changed();
    }
  };
  const align = (edge) => () => tools.align(edge);
  return {
    "group-selection": () => tools.group("group"),
    "ungroup-selection": () => tools.group("ungroup"),
    "merge-selection-to-group": () => tools.group("merge"),
    "add-selection-to-group": () => tools.group("add"),
    "remove-selection-from-group": () => tools.group("remove"),
    "edit-group": () => {
      const [g] = selectedGroups();
      if (g) {
        openGroupForm(g, () => model.changed());
      }
    },
    "copy-group-style": () => {
      const [g] = selectedGroups();
      copiedStyle = g ? { ...g.style } : copiedStyle;
    },
    "paste-group-style": () => {
      const targets = selectedGroups();
      if (copiedStyle && targets.length) {
        targets.forEach((g) => { g.style = { ...copiedStyle }; });
        model.changed();
      }
    },
    "align-selection-to-grid": () => tools.toGrid(),
    "align-selection-to-left": align("left"),
    "align-selection-to-center": align("center"),
    "align-selection-to-right": align("right"),
    "align-selection-to-top": align("top"),
    "align-selection-to-middle": align("middle"),
    "align-selection-to-bottom": align("bottom"),
    "distribute-selection-horizontally": () => tools.distribute("h"),
    "distribute-selection-vertically": () => tools.distribute("v"),
    "detach-selected-nodes": () => tools.detachSelection(),
    "delete-selection-and-reconnect": () => {
      tools.detachSelection();
      canvas.deleteSelection();
    },
    "enable-selected-nodes": () => setDisabled(false),
    "disable-selected-nodes": () => setDisabled(true),
    "show-keyboard": () => openShortcuts(actions()),
    "show-user-settings": () => settings.open(),
  };
}

/** The actions that change the flow shown: on a locked flow they do nothing and their menu items are disabled. */
export const EDITING_ACTIONS = new Set(["delete", "cut", "paste", "convert-to-subflow", "group-selection",
  "ungroup-selection", "merge-selection-to-group", "add-selection-to-group", "remove-selection-from-group",
  "edit-group", "paste-group-style", "align-selection-to-grid", "align-selection-to-left",
  "align-selection-to-center", "align-selection-to-right", "align-selection-to-top", "align-selection-to-middle",
  "align-selection-to-bottom", "distribute-selection-horizontally", "distribute-selection-vertically",
  "detach-selected-nodes", "delete-selection-and-reconnect", "enable-selected-nodes", "disable-selected-nodes",
  "move-up", "move-down", "move-left", "move-right", "step-up", "step-down", "step-left", "step-right"]);

/** The actions table with its editing actions doing nothing while `locked()` (Node-RED's locked flow). */
export function lockable(actions, locked) {
  return Object.fromEntries(Object.entries(actions).map(([name, run]) => [name,
    EDITING_ACTIONS.has(name) ? (...args) => (locked() ? undefined : run(...args)) : run]));
}

/** The main menu's entries of the core editor; other modules add theirs with menu.js's addMenuItem. */
export function addCoreMenuItems(actions) {
  const item = (id, label, section, order, action) => addMenuItem({ id, label, section, order, action,
    onselect: () => actions[action]() });
  item("menu-import", "Import", "io", 10, "import");
  item("menu-export", "Export", "io", 20, "export");
  item("menu-search", "Search flows", "view", 10, "search");
  item("menu-sidebar", "Show or hide the sidebar", "view", 20, "toggle-sidebar");
  item("menu-settings", "Settings", "settings", 10, "show-user-settings");
  item("menu-shortcuts", "Keyboard shortcuts", "settings", 20, "show-keyboard");
}

/** Opens the context menu for a right-click (the canvas already selected what was under the mouse). */
export function openContextMenu(e, { canvas, model, actions, canPaste }) {
  const run = (action) => () => actions[action]();
  const locked = canvas.locked();
  const entry = (id, label, action, disabled = false) => ({ id, label, action,
    disabled: disabled || (locked && EDITING_ACTIONS.has(action)), onselect: run(action) });
  const nodes = canvas.selectedNodes();
  const sel = [...canvas.selection].map((id) => model.get(id)).filter(Boolean);
  const hasSelection = sel.length > 0;
  const hasGroup = sel.some((n) => n.type === "group");
  const inGroup = sel.some((n) => n.g);
  const wire = !!canvas.selectedWire;
  const items = [
    { id: "ctx-insert", label: "Insert", children: [
      { id: "ctx-insert-node", label: "Node…", disabled: locked, onselect: () => canvas.hooks.quickAdd?.(e.clientX, e.clientY) },
    ] },
    entry("ctx-import", "Import", "import"),
    null,
  ];
  if (nodes.length) {
    items.push({ id: "ctx-node", label: "Node", children: [
      entry("ctx-edit", "Edit", "edit", nodes.length !== 1),
      entry("ctx-enable", "Enable", "enable-selected-nodes", !nodes.some((n) => n.d === true)),
      entry("ctx-disable", "Disable", "disable-selected-nodes", !nodes.some((n) => n.d !== true)),
      entry("ctx-detach", "Detach from wires", "detach-selected-nodes"),
    ] });
  }
  if (hasSelection) {
    items.push({ id: "ctx-group", label: "Group", children: [
      entry("ctx-group-selection", "Group selection", "group-selection"),
      entry("ctx-ungroup", "Ungroup", "ungroup-selection", !hasGroup),
      entry("ctx-merge", "Merge into a group", "merge-selection-to-group"),
      entry("ctx-add-to-group", "Add to group", "add-selection-to-group", !hasGroup || sel.length < 2),
      entry("ctx-remove-from-group", "Remove from group", "remove-selection-from-group", !inGroup),
      null,
      entry("ctx-edit-group", "Edit group style", "edit-group", !hasGroup),
      entry("ctx-copy-style", "Copy group style", "copy-group-style", !hasGroup),
      entry("ctx-paste-style", "Paste group style", "paste-group-style", !hasGroup),
    ] });
    items.push({ id: "ctx-arrange", label: "Arrange", children: [
      entry("ctx-align-left", "Align left", "align-selection-to-left"),
      entry("ctx-align-center", "Align centre", "align-selection-to-center"),
      entry("ctx-align-right", "Align right", "align-selection-to-right"),
      null,
      entry("ctx-align-top", "Align top", "align-selection-to-top"),
      entry("ctx-align-middle", "Align middle", "align-selection-to-middle"),
      entry("ctx-align-bottom", "Align bottom", "align-selection-to-bottom"),
      null,
      entry("ctx-distribute-h", "Distribute horizontally", "distribute-selection-horizontally", sel.length < 3),
      entry("ctx-distribute-v", "Distribute vertically", "distribute-selection-vertically", sel.length < 3),
      null,
      entry("ctx-align-grid", "Align to grid", "align-selection-to-grid"),
    ] });
    items.push(null);
  }
  items.push(
    entry("ctx-undo", "Undo", "undo", !model.canUndo()),
    entry("ctx-redo", "Redo", "redo", !model.canRedo()),
    null,
    entry("ctx-cut", "Cut", "cut", !hasSelection),
    entry("ctx-copy", "Copy", "copy", !hasSelection),
    entry("ctx-paste", "Paste", "paste", !canPaste()),
    entry("ctx-delete", "Delete", "delete", !hasSelection && !wire),
    entry("ctx-delete-reconnect", "Delete and reconnect", "delete-selection-and-reconnect", nodes.length === 0),
    null,
    entry("ctx-export", "Export", "export"),
    entry("ctx-subflow", "Selection to subflow", "convert-to-subflow", nodes.length === 0),
    null,
    entry("ctx-select-all", "Select all", "select-all"),
  );
  return openMenu(items, e.clientX, e.clientY, { id: "context-menu" });
}
