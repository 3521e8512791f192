// Ctrl+F search of nodes (label, name, type, id or any property value) across all tabs, and the quick-add popup
// (ctrl+click on the canvas) that adds a node of a typed type at that point.

import { h, openDialog } from "./dialog.js";

/** Nodes matching every word of the query, with their label. */
export function findNodes(model, registry, query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return [];
  }
  const out = [];
  for (const n of model.nodes) {
    if (n.type === "tab" || n.type === "subflow") {
      continue;
    }
    const label = n.type === "group" ? n.name || "group" : registry.label(n, model);
    const haystack = (label + " " + JSON.stringify(n)).toLowerCase();
    if (words.every((w) => haystack.includes(w))) {
      out.push({ node: n, label });
    }
  }
  return out;
}

export function openSearch(model, registry, reveal) {
  const input = h("input", { type: "search", id: "search-input", placeholder: "search nodes: name, type, property" });
  const list = h("div", { id: "search-results", class: "search-results" });
  let dlg;
  const show = () => {
    const hits = findNodes(model, registry, input.value).slice(0, 100);
    list.replaceChildren(...hits.map(({ node, label }) => {
      const ws = model.get(node.z);
      return h("div", { class: "search-result", dataset: { id: node.id }, onclick: () => {
        dlg.close();
        reveal(node.id);
      } }, h("span", { class: "search-label" }, label), " ",
      h("span", { class: "hint" }, `${node.type}${ws ? " — " + (ws.label || ws.name || ws.id) : ""}`));
    }));
    if (input.value.trim() && hits.length === 0) {
      list.append(h("p", { class: "hint" }, "no matches"));
    }
  };
  input.addEventListener("input", show);
  input.addEventListener("keydown", (e) => {
    const first = list.querySelector(".search-result");
    if (e.key === "Enter" && first) {
      e.preventDefault(); // the key is used up: the canvas must not take it as "edit the selected node"
      first.click();
    }
  });
  dlg = openDialog({ title: "Search flows", id: "search-dialog", body: h("div", {}, input, list),
    buttons: [{ label: "Close", id: "search-close", action: () => true }] });
  input.focus();
}

/** A type picker at a point; resolves the chosen type or null. */
export function quickAdd(registry, clientX, clientY) {
  return new Promise((resolve) => {
    const input = h("input", { type: "search", id: "quick-add-input", placeholder: "add a node…" });
    const list = h("div", { class: "quick-add-list" });
    const popup = h("div", { class: "popup quick-add", id: "quick-add", style: `left:${clientX}px;top:${clientY}px` },
      input, list);
    const close = (type) => {
      popup.remove();
      document.removeEventListener("mousedown", outside, true);
      resolve(type);
    };
    const outside = (e) => {
      if (!popup.contains(e.target)) {
        close(null);
      }
    };
    const types = [...registry.types.values()].filter((t) => !t.config);
    const show = () => {
      const q = input.value.trim().toLowerCase();
      const hits = types.filter((t) => !q || t.type.toLowerCase().includes(q)
        || registry.paletteLabel(t.type).toLowerCase().includes(q)).slice(0, 12);
      list.replaceChildren(...hits.map((t) => h("div", { class: "quick-add-item", dataset: { type: t.type },
        style: `border-left: 10px solid ${t.color}`, onmousedown: (e) => {
          e.preventDefault();
          close(t.type);
        } }, registry.paletteLabel(t.type))));
    };
    input.addEventListener("input", show);
    input.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        close(null);
      } else if (e.key === "Enter") {
        e.preventDefault();
        const first = list.querySelector(".quick-add-item");
        close(first ? first.dataset.type : null);
      }
    });
    document.body.appendChild(popup);
    document.addEventListener("mousedown", outside, true);
    show();
    input.focus();
  });
}
