// Modal dialogs (they stack: a config node's form can open above the form that uses it).

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) {
      continue;
    }
    if (k === "class") {
      e.className = v;
    } else if (k === "dataset") {
      Object.assign(e.dataset, v);
    } else if (k.startsWith("on")) {
      e.addEventListener(k.substring(2), v);
    } else if (k === "value") {
      e.value = v;
    } else if (k === "checked") {
      e.checked = !!v;
    } else {
      e.setAttribute(k, v === true ? "" : v);
    }
  }
  for (const c of children.flat()) {
    if (c !== null && c !== undefined && c !== false) {
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
  }
  return e;
}

/**
 * Opens a dialog. Each button's action returns false to keep the dialog open (e.g. validation failed).
 * @returns {{close: Function, root: HTMLElement}}
 */
export function openDialog({ title, body, buttons, id, onCancel }) {
  const footer = h("footer");
  const overlay = h("div", { class: "overlay" });
  const dialog = h("div", { class: "dialog", id, role: "dialog", "aria-label": title },
    h("header", {}, title), h("div", { class: "dialog-body" }, body), footer);
  overlay.appendChild(dialog);
  const close = () => {
    overlay.remove();
    document.removeEventListener("keydown", onKey, true);
  };
  const onKey = (e) => {
    if (e.key === "Escape" && document.querySelector("#dialogs .overlay:last-child") === overlay) {
      e.stopPropagation();
      close();
      if (onCancel) {
        onCancel();
      }
    }
  };
  document.addEventListener("keydown", onKey, true);
  for (const b of buttons) {
    footer.appendChild(h("button", { type: "button", id: b.id, class: b.class, onclick: async () => {
      const keep = await b.action();
      if (keep !== false) {
        close();
      }
    } }, b.label));
  }
  document.getElementById("dialogs").appendChild(overlay);
  const first = dialog.querySelector("input:not([type=checkbox]), textarea, select");
  if (first) {
    first.focus();
  }
  return { close, root: dialog };
}
