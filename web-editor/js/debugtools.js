// The debug sidebar's message tools, as Node-RED's: copy a property's path (relative to msg, in the form a change
// node or a function takes: payload.items[1].name, payload["a b"]) or its value, and pin a path so the messages a
// debug node sends next open at it.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The path of `key` below `parent` ("" is msg itself); `index`: an array position. */
export function childPath(parent, key, index) {
  if (index) {
    return `${parent}[${key}]`;
  }
  if (IDENTIFIER.test(key)) {
    return parent ? `${parent}.${key}` : key;
  }
  return `${parent}[${JSON.stringify(key)}]`;
}

/** What "copy value" puts on the clipboard: a string as it is, anything else as JSON. */
export function valueText(v) {
  return typeof v === "string" ? v : JSON.stringify(v, null, 2);
}

/** Copies text to the clipboard: the async clipboard API, else a selected text area (pages without permission). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

/** Pinned paths per debug node: what stays open as that node's next messages arrive. */
export class Pins {
  constructor() {
    this.byNode = new Map();
  }

  has(node, path) {
    return this.byNode.get(node)?.has(path) || false;
  }

  toggle(node, path) {
    const set = this.byNode.get(node) || new Set();
    if (!set.delete(path)) {
      set.add(path);
    }
    this.byNode.set(node, set);
    return set.has(path);
  }

  /** Whether `path` is a pinned path or on the way to one (so its tree node opens). */
  opens(node, path) {
    for (const p of this.byNode.get(node) || []) {
      if (p === path || p.startsWith(path + ".") || p.startsWith(path + "[") || path === "") {
        return true;
      }
    }
    return false;
  }
}
