// The dashboard layout sidebar: each dashboard's pages, each page's groups and each group's widgets in their order
// with their sizes, reorderable (drag, or the up/down buttons) and resizable, as Dashboard 2.0's layout sidebar
// offers. The tree comes from the declarations, no type is named here: a type that declares an `order` field is laid
// out; its parent is the node named by its first config field whose type is laid out too (a widget's group, a
// group's page); a laid-out config type without such a parent is a page, under the dashboard its first required
// config field names (a page's ui-base). Every edit goes through the model, so undo and the changed markers see it.

import { h } from "./dialog.js";

const ORDER = "order";

/** The layout roles the declarations give: which types are laid out and which field names each one's parent. */
export class LayoutRoles {
  constructor(registry) {
    this.registry = registry;
    this.parentFields = new Map(); // type -> the field naming its parent ("" for a page)
    this.rootFields = new Map(); // page type -> the field naming its dashboard (or none)
    const laidOut = (type) => !!registry.get(type)?.fields?.some((f) => f.name === ORDER);
    for (const [type, t] of registry.types) {
      if (!laidOut(type)) {
        continue;
      }
      const configFields = (t.fields || []).filter((f) => f.kind === "config");
      const parent = configFields.find((f) => laidOut(f.configType));
      if (parent) {
        this.parentFields.set(type, parent.name);
      } else if (t.config) {
        this.parentFields.set(type, "");
        this.rootFields.set(type, configFields.find((f) => f.required)?.name || null);
      }
    }
  }

  /** The field naming the node's parent, "" for a page, undefined for a node that is not laid out. */
  parentField(node) {
    return this.parentFields.get(node.type);
  }

  /** Whether a node of this type takes a width and a height. */
  sized(node) {
    const fields = this.registry.get(node.type)?.fields || [];
    return fields.some((f) => f.name === "width") && fields.some((f) => f.name === "height");
  }
}

/** Nodes by their `order`, ties (and nodes without one) kept in workspace order, as the dashboard lays them out. */
function byOrder(nodes) {
  const rank = (n) => (Number.isFinite(Number(n.order)) && n.order !== "" ? Number(n.order) : Infinity);
  return nodes.map((n, i) => ({ n, i })).sort((a, b) => rank(a.n) - rank(b.n) || a.i - b.i).map((x) => x.n);
}

/**
 * The layout: [{root: the dashboard node or null, pages: [{node, groups: [{node, widgets: [node]}]}]}], each list in
 * order. A group whose page is missing and a widget whose group is missing are left out (the form shows that).
 */
export function layoutTree(model, roles) {
  const children = new Map(); // parent id -> laid-out nodes naming it
  const pages = [];
  for (const n of model.nodes) {
    const field = roles.parentField(n);
    if (field === "") {
      pages.push(n);
    } else if (field && typeof n[field] === "string" && n[field]) {
      if (!children.has(n[field])) {
        children.set(n[field], []);
      }
      children.get(n[field]).push(n);
    }
  }
  const under = (id) => byOrder(children.get(id) || []);
  const roots = new Map();
  for (const page of byOrder(pages)) {
    const rootField = roles.rootFields.get(page.type);
    const rootId = rootField && model.get(page[rootField]) ? page[rootField] : null;
    if (!roots.has(rootId)) {
      roots.set(rootId, { root: rootId ? model.get(rootId) : null, pages: [] });
    }
    roots.get(rootId).pages.push({ node: page, groups: under(page.id).map((group) => ({ node: group,
      widgets: under(group.id) })) });
  }
  return [...roots.values()];
}

/** The node's siblings in layout order (the nodes sharing its parent, or its dashboard for a page). */
export function siblings(model, roles, node) {
  const field = roles.parentField(node);
  const key = field === "" ? roles.rootFields.get(node.type) : field;
  return byOrder(model.nodes.filter((n) => roles.parentField(n) === field && (!key || n[key] === node[key])));
}

/**
 * Moves a laid-out node to position `index` among the children of `parentId` (its own parent when null; a widget
 * may change group, a group page) and numbers both lists 1..n, as Dashboard 2.0's sidebar writes `order`. Returns
 * whether anything changed; the caller files the change with the model.
 */
export function moveTo(model, roles, node, index, parentId = null) {
  const field = roles.parentField(node);
  if (field === undefined) {
    return false;
  }
  const before = JSON.stringify(model.nodes);
  const left = siblings(model, roles, node).filter((n) => n !== node);
  if (parentId && field && parentId !== node[field]) {
    node[field] = parentId;
    renumber(left);
  }
  const list = siblings(model, roles, node).filter((n) => n !== node);
  list.splice(Math.max(0, Math.min(index, list.length)), 0, node);
  renumber(list);
  return JSON.stringify(model.nodes) !== before;
}

/** Moves a node one place up (-1) or down (+1) among its siblings. */
export function step(model, roles, node, delta) {
  const index = siblings(model, roles, node).indexOf(node);
  return moveTo(model, roles, node, index + delta);
}

function renumber(list) {
  list.forEach((n, i) => {
    n.order = i + 1;
  });
}

/**
 * Sets a node's width or height (whole columns/rows, 0 = automatic for a widget), kept a string where the flow had
 * one (Dashboard 2.0's forms write "6"); whether it changed.
 */
export function resize(node, dimension, value) {
  const v = Math.max(0, Math.round(Number(value)));
  if (!Number.isFinite(v) || Number(node[dimension]) === v) {
    return false;
  }
  node[dimension] = typeof node[dimension] === "string" ? String(v) : v;
  return true;
}

export class DashboardPanel {
  /** hooks: {reveal(id), edit(node), visible() → whether the panel is shown} */
  constructor(container, model, registry, hooks) {
    Object.assign(this, { container, model, registry, hooks, roles: new LayoutRoles(registry) });
    this.dragged = null; // the node a drag started on, until its drop
  }

  render(force = false) {
    if (!force && !this.hooks.visible()) {
      return;
    }
    const trees = layoutTree(this.model, this.roles);
    this.container.replaceChildren(h("div", { class: "dashboard-tree", id: "dashboard-tree" },
      ...(trees.length ? trees.map((t) => this.dashboard(t))
        : [h("p", { class: "hint" }, "No dashboard pages in this workspace.")])));
  }

  dashboard({ root, pages }) {
    const head = root ? h("div", { class: "dashboard-item dashboard-root", dataset: { id: root.id },
      onclick: () => this.hooks.edit(root) }, this.registry.label(root, this.model)) : null;
    return h("div", { class: "dashboard-base" }, head, ...pages.map((p) => h("div", { class: "dashboard-page-holder" },
      this.item(p.node, "page"),
      h("div", { class: "dashboard-children" }, ...p.groups.map((g) => h("div", { class: "dashboard-group-holder" },
        this.item(g.node, "group"),
        h("div", { class: "dashboard-children", dataset: { group: g.node.id } },
          ...g.widgets.map((w) => this.item(w, "widget")))))))));
  }

  /** One row: label, size inputs where the type takes them, up/down buttons; draggable among its kind. */
  item(node, kind) {
    const { model, registry, roles } = this;
    const apply = (changed) => {
      if (changed) {
        model.changed();
        this.render(true);
      }
    };
    const size = (dimension) => h("input", { type: "number", min: "0", step: "1", class: "dashboard-" + dimension,
      title: dimension, value: String(node[dimension] ?? 0), onclick: (e) => e.stopPropagation(),
      onchange: (e) => apply(resize(node, dimension, e.target.value)) });
    const button = (label, delta) => h("button", { type: "button", class: `dashboard-${label}`, title: `move ${label}`,
      onclick: (e) => {
        e.stopPropagation();
        apply(step(model, roles, node, delta));
      } }, label === "up" ? "▲" : "▼");
    const row = h("div", { class: `dashboard-item dashboard-${kind}`, draggable: "true", dataset: { id: node.id },
      title: `${registry.paletteLabel(node.type)} ${node.id}`,
      onclick: () => (kind === "widget" ? this.hooks.reveal(node.id) : this.hooks.edit(node)) },
    h("span", { class: "dashboard-label" }, registry.label(node, model)),
    h("span", { class: "dashboard-type" }, registry.paletteLabel(node.type)),
    roles.sized(node) ? h("span", { class: "dashboard-size" }, size("width"), "×", size("height")) : null,
    button("up", -1), button("down", 1));
    row.addEventListener("dragstart", (e) => {
      this.dragged = node;
      e.dataTransfer.setData("text/plain", node.id);
    });
    row.addEventListener("dragover", (e) => {
      if (this.droppable(node)) {
        e.preventDefault();
      }
    });
    row.addEventListener("drop", (e) => {
      e.preventDefault();
      const moved = this.dragged;
      const ok = this.droppable(node) && moved !== node;
      this.dragged = null;
      if (ok) {
        const field = roles.parentField(node);
        const index = siblings(model, roles, node).filter((n) => n !== moved).indexOf(node);
        apply(moveTo(model, roles, moved, index, field ? node[field] : null));
      }
    });
    return row;
  }

  /** A drop target of the same layout level (widget on widget, group on group, page on page of one dashboard). */
  droppable(target) {
    const moved = this.dragged;
    if (!moved || this.roles.parentField(moved) !== this.roles.parentField(target)) {
      return false;
    }
    const rootField = this.roles.rootFields.get(moved.type);
    return this.roles.parentField(moved) !== "" || !rootField || moved[rootField] === target[rootField];
  }
}

/** Adds the panel and its sidebar tab button; the panel redraws on every workspace change while shown. */
export function mountDashboardPanel(sidebar, tabButtons, model, registry, hooks) {
  const section = h("section", { id: "dashboard-panel", class: "sidebar-panel", hidden: true });
  sidebar.appendChild(section);
  const panel = new DashboardPanel(section, model, registry, { ...hooks, visible: () => !section.hidden });
  tabButtons.appendChild(h("button", { type: "button", dataset: { panel: "dashboard-panel" },
    onclick: () => panel.render(true) }, "dashboard"));
  model.onChange((structural) => {
    if (structural) {
      panel.render();
    }
  });
  return panel;
}
