// Short messages at the top of the editor (deploy results, errors), dismissed by click or after a while.

import { h } from "./dialog.js";

export function notify(text, kind = "info", { details = [], timeout = 4000, id } = {}) {
  const box = h("div", { class: "notification " + kind, id, role: kind === "error" ? "alert" : "status" },
    h("button", { type: "button", class: "close", title: "dismiss", onclick: () => box.remove() }, "×"),
    h("div", { class: "notification-text" }, text),
    details.length ? h("ul", { class: "notification-details" }, details.map((d) => h("li", {}, d))) : null);
  document.getElementById("notifications").appendChild(box);
  if (timeout > 0) {
    setTimeout(() => box.remove(), timeout);
  }
  return box;
}
