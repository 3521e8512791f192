// Modal dialogs, and the modal layer they share with the edit trays (tray.js): they stack, escape closes the top one.

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
  const dialog = h("div", { class: "dialog", id, role: "dialog", "aria-label": title },
    h("header", {}, title), h("div", { class: "dialog-body" }, body), footer);
  const overlay = h("div", { class: "overlay" }, dialog);
  const close = mountOverlay(overlay, onCancel);
  footer.append(...actionButtons(buttons, close));
  focusFirst(dialog);
  return { close, root: dialog };
}

/**
 * Puts a modal layer (a dialog's or an edit tray's) on top of the others; escape closes the topmost one and calls
 * its `onCancel`. Returns the function that closes it.
 */
export function mountOverlay(overlay, onCancel) {
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
  document.getElementById("dialogs").appendChild(overlay);
  return close;
}

/** The buttons of a dialog or tray: each action returns false to keep it open (e.g. validation failed). */
export function actionButtons(buttons, close) {
  return buttons.map((b) => h("button", { type: "button", id: b.id, class: b.class, title: b.title,
    disabled: b.disabled, onclick: async () => {
      const keep = await b.action();
      if (keep !== false) {
        close();
      }
    } }, b.label));
}

/** Focuses the first field of a dialog or tray, as Node-RED's forms do. */
export function focusFirst(root) {
  const first = root.querySelector("input:not([type=checkbox]), textarea, select");
  if (first) {
    first.focus();
  }
}
