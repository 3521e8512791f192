// Node-RED's default key bindings (its keymap.json), mapped to this editor's actions. Two-key chords such as
// "ctrl-g d" work as in Node-RED. Keys typed into inputs and dialogs stay theirs.

const KEYMAP = {
  "ctrl-f": "search",
  "ctrl-d": "deploy",
  "ctrl-e": "export",
  "ctrl-i": "import",
  "ctrl-space": "toggle-sidebar",
  "ctrl-alt-l": "clear-debug",
  "ctrl-g c": "show-config-tab",
  "ctrl-g d": "show-debug-tab",
  "ctrl-g i": "show-info-tab",
  "ctrl-g h": "show-info-tab",
  "ctrl-g x": "show-context-tab",
  "backspace": "delete",
  "delete": "delete",
  "enter": "edit",
  "ctrl-enter": "go-to-selection",
  "ctrl-x": "cut",
  "ctrl-c": "copy",
  "ctrl-v": "paste",
  "ctrl-z": "undo",
  "ctrl-y": "redo",
  "ctrl-shift-z": "redo",
  "ctrl-a": "select-all",
  "escape": "select-none",
  "alt-s u": "select-upstream",
  "alt-s d": "select-downstream",
  "alt-s c": "select-connected",
  "shift-?": "show-keyboard",
  "ctrl-shift-?": "show-keyboard", // ctrl-? as typed on most layouts; Node-RED binds only shift-?
  "ctrl-,": "show-user-settings",
  "ctrl-shift-g": "group-selection",
  "ctrl-shift-u": "ungroup-selection",
  "ctrl-shift-c": "copy-group-style",
  "ctrl-shift-v": "paste-group-style",
  "alt-a g": "align-selection-to-grid",
  "alt-a l": "align-selection-to-left",
  "alt-a r": "align-selection-to-right",
  "alt-a t": "align-selection-to-top",
  "alt-a b": "align-selection-to-bottom",
  "alt-a m": "align-selection-to-middle",
  "alt-a c": "align-selection-to-center",
  "alt-a h": "distribute-selection-horizontally",
  "alt-a v": "distribute-selection-vertically",
  "ctrl-up": "move-up",
  "ctrl-down": "move-down",
  "ctrl-left": "move-left",
  "ctrl-right": "move-right",
  "shift-up": "step-up",
  "shift-down": "step-down",
  "shift-left": "step-left",
  "shift-right": "step-right",
  "up": "nearest-up",
  "down": "nearest-down",
  "left": "nearest-left",
  "right": "nearest-right",
  "ctrl-[": "previous-tab",
  "ctrl-]": "next-tab",
  "ctrl-+": "zoom-in",
  "ctrl-=": "zoom-in",
  "ctrl-shift-+": "zoom-in",
  "ctrl--": "zoom-out",
  "ctrl-0": "zoom-reset",
  "ctrl-1": "zoom-fit",
};

/** Keys the browser must still see so its copy/paste events fire. */
const NATIVE = new Set(["copy", "cut", "paste"]);

const NAMES = { arrowup: "up", arrowdown: "down", arrowleft: "left", arrowright: "right", " ": "space" };

export function keyName(e) {
  const key = e.key.toLowerCase();
  const parts = [];
  if (e.ctrlKey || e.metaKey) {
    parts.push("ctrl");
  }
  if (e.altKey) {
    parts.push("alt");
  }
  if (e.shiftKey && key.length > 1 || e.shiftKey && /[a-z0-9?+]/.test(key)) {
    parts.push("shift");
  }
  parts.push(NAMES[key] || key);
  return parts.join("-");
}

/** Starts listening. `actions` maps action names to functions. */
export function bindKeys(actions, keymap = KEYMAP) {
  let pending = null; // the first key of a chord
  document.addEventListener("keydown", (e) => {
    const active = document.activeElement;
    if (e.defaultPrevented || document.querySelector("#dialogs .overlay, .popup") || (active
      && (/^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) || active.isContentEditable))) {
      return;
    }
    if (["control", "shift", "alt", "meta"].includes(e.key.toLowerCase())) {
      return;
    }
    const name = keyName(e);
    const chord = pending ? pending + " " + name : null;
    pending = null;
    const action = (chord && keymap[chord]) || keymap[name];
    if (!action) {
      if (Object.keys(keymap).some((k) => k.startsWith(name + " "))) {
        pending = name;
        e.preventDefault();
      }
      return;
    }
    if (!actions[action]) {
      return;
    }
    if (!NATIVE.has(action)) {
      e.preventDefault();
    }
    actions[action](e);
  });
}

/** The keys bound to an action, as the keymap writes them ("ctrl-shift-g"); chords hold a space. */
export function keysFor(action, keymap = KEYMAP) {
  return Object.keys(keymap).filter((k) => keymap[k] === action);
}

export { KEYMAP };
