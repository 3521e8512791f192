// Groups as Node-RED writes them in the flow file: {type:"group", z, name, style{}, nodes[ids], x, y, w, h}, each
// member carrying "g": the group's id. A group's box is fitted around its members with Node-RED's 26 px margin.
// The model operations here are DOM-free (unit-tested); the runtime ignores groups.

import { newId } from "./model.js";

const MARGIN = 26;
const BUTTON_ROOM = 20; // a node's button sticks out of its side; the box makes room for it as Node-RED's does
/** Node-RED's default for a new group: label shown, top-left. */
export const DEFAULT_STYLE = { label: true, "label-position": "nw" };
export const LABEL_POSITIONS = ["nw", "n", "ne", "sw", "s", "se"];

/**
 * Fits a group's x/y/w/h around its members. `box(id)`: a node's centre-based box {x, y, w, h, button?:"left"|"right"}
 * or null for nodes not drawn; member groups use their own x/y/w/h.
 */
export function fitGroup(model, group, box) {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const id of group.nodes || []) {
    const m = model.get(id);
    if (m && m.type === "group") {
      fitGroup(model, m, box);
      x1 = Math.min(x1, m.x - MARGIN);
      y1 = Math.min(y1, m.y - MARGIN);
      x2 = Math.max(x2, m.x + m.w + MARGIN);
      y2 = Math.max(y2, m.y + m.h + MARGIN);
    } else if (m) {
      const b = box(id);
      if (b) {
        x1 = Math.min(x1, b.x - b.w / 2 - MARGIN - (b.button === "left" ? BUTTON_ROOM : 0));
        y1 = Math.min(y1, b.y - b.h / 2 - MARGIN);
        x2 = Math.max(x2, b.x + b.w / 2 + MARGIN + (b.button === "right" ? BUTTON_ROOM : 0));
        y2 = Math.max(y2, b.y + b.h / 2 + MARGIN);
      }
    }
  }
  if (x1 !== Infinity) {
    Object.assign(group, { x: Math.round(x1), y: Math.round(y1), w: Math.round(x2 - x1), h: Math.round(y2 - y1) });
  }
}

/** The groups holding this node or group, innermost first. */
export function ancestors(model, item) {
  const out = [];
  for (let g = item && item.g && model.get(item.g); g && !out.includes(g); g = g.g && model.get(g.g)) {
    out.push(g);
  }
  return out;
}

/** The selection's top-level items: a node inside a selected group is moved with it, not on its own. */
function topLevel(model, ids) {
  const chosen = new Set(ids);
  return ids.map((id) => model.get(id)).filter((n) => n && !ancestors(model, n).some((g) => chosen.has(g.id)));
}

/**
 * Makes a group of the selected nodes and groups (Node-RED's group-selection). They must share one parent group
 * (or none); the new group goes into that parent. Returns the group, or {error}.
 */
export function groupSelection(model, ids, tab, box) {
  const items = topLevel(model, ids).filter((n) => n.z === tab);
  if (items.length === 0) {
    return { error: "Select the nodes to group first." };
  }
  const parent = items[0].g;
  if (items.some((n) => n.g !== parent)) {
    return { error: "These nodes are in different groups; ungroup or remove them first." };
  }
  const group = { id: newId(), type: "group", z: tab, style: { ...DEFAULT_STYLE }, nodes: [], x: 0, y: 0, w: 0, h: 0 };
  if (parent) {
    group.g = parent;
  }
  model.nodes.push(group);
  model.byId.set(group.id, group);
  join(model, group, items);
  if (parent) {
    const p = model.get(parent);
    p.nodes = p.nodes.filter((m) => !items.some((n) => n.id === m));
    p.nodes.push(group.id);
  }
  refit(model, group, box);
  model.changed();
  return group;
}

function join(model, group, items) {
  for (const n of items) {
    n.g = group.id;
    if (!group.nodes.includes(n.id)) {
      group.nodes.push(n.id);
    }
  }
}

/** Fits a group and every group around it. */
function refit(model, group, box) {
  const outer = [group, ...ancestors(model, group)].pop();
  fitGroup(model, outer, box);
}

/** Dissolves the selected groups: their members move up into the group around it (or out of groups). */
export function ungroupSelection(model, ids, box) {
  const any = ids.some((id) => model.get(id)?.type === "group");
  const freed = dissolve(model, ids, box);
  if (any) {
    model.changed();
  }
  return freed;
}

/** Ungrouping without filing an undo step (the caller's changed() files it). Returns the freed members' ids. */
function dissolve(model, ids, box) {
  const groups = ids.map((id) => model.get(id)).filter((n) => n && n.type === "group");
  const freed = [];
  for (const group of groups) {
    const parent = group.g ? model.get(group.g) : null;
    for (const id of group.nodes || []) {
      const m = model.get(id);
      if (!m) {
        continue;
      }
      freed.push(m.id);
      if (parent) {
        m.g = parent.id;
        parent.nodes.push(m.id);
      } else {
        delete m.g;
      }
    }
    if (parent) {
      parent.nodes = parent.nodes.filter((m) => m !== group.id);
    }
    model.nodes = model.nodes.filter((n) => n !== group);
    model.byId.delete(group.id);
    if (parent) {
      refit(model, parent, box);
    }
  }
  return freed;
}

/**
 * Merges the selection into one group (Node-RED's merge-selection-to-group): the selected groups are dissolved and
 * everything selected goes into one new group.
 */
export function mergeSelection(model, ids, tab, box) {
  const items = topLevel(model, ids).filter((n) => n.z === tab);
  const freed = [];
  for (const g of items.filter((n) => n.type === "group")) {
    freed.push(...(g.nodes || []));
  }
  const rest = items.filter((n) => n.type !== "group").map((n) => n.id);
  const groups = items.filter((n) => n.type === "group").map((g) => g.id);
  if (groups.length + rest.length < 1) {
    return { error: "Select the nodes and groups to merge first." };
  }
  const parents = new Set(items.map((n) => n.g));
  if (parents.size > 1) {
    return { error: "These nodes are in different groups; ungroup or remove them first." };
  }
  const style = groups.length ? { ...model.get(groups[0]).style } : null; // the merged group keeps the first's look
  dissolve(model, groups, box);
  const made = groupSelection(model, [...rest, ...freed], tab, box);
  if (style && !made.error) {
    Object.assign(made.style, style);
  }
  return made;
}

/** Adds the selected nodes (not in another group) to the one selected group (Node-RED's add-to-group). */
export function addToGroup(model, ids, box) {
  const items = topLevel(model, ids);
  const groups = items.filter((n) => n.type === "group");
  if (groups.length !== 1) {
    return { error: "Select one group and the nodes to add to it." };
  }
  const [group] = groups;
  const joining = items.filter((n) => n !== group && n.z === group.z && n.g === group.g);
  if (joining.length === 0) {
    return { error: "Select the nodes to add along with the group." };
  }
  if (group.g) {
    const p = model.get(group.g);
    p.nodes = p.nodes.filter((m) => !joining.some((n) => n.id === m));
  }
  join(model, group, joining);
  refit(model, group, box);
  model.changed();
  return group;
}

/** Takes the selected nodes out of their groups, into the group around that one if any (remove-from-group). */
export function removeFromGroup(model, ids, box) {
  const items = ids.map((id) => model.get(id)).filter((n) => n && n.g && model.get(n.g));
  if (items.length === 0) {
    return { error: "None of the selected nodes is in a group." };
  }
  const touched = new Set();
  for (const n of items) {
    const group = model.get(n.g);
    group.nodes = group.nodes.filter((m) => m !== n.id);
    const parent = group.g ? model.get(group.g) : null;
    if (parent) {
      n.g = parent.id;
      parent.nodes.push(n.id);
    } else {
      delete n.g;
    }
    touched.add(group);
  }
  for (const group of touched) {
    if (group.nodes.length === 0) { // an emptied group goes, as in Node-RED
      model.nodes = model.nodes.filter((n) => n !== group);
      model.byId.delete(group.id);
      const parent = group.g && model.get(group.g);
      if (parent) {
        parent.nodes = parent.nodes.filter((m) => m !== group.id);
      }
    } else {
      refit(model, group, box);
    }
  }
  model.changed();
  return items;
}

/** Refits every group holding one of these nodes (after a move). */
export function refitAround(model, ids, box) {
  const outers = new Set();
  for (const id of ids) {
    const chain = ancestors(model, model.get(id));
    if (chain.length) {
      outers.add(chain[chain.length - 1]);
    }
  }
  for (const g of outers) {
    fitGroup(model, g, box);
  }
  return outers.size > 0;
}
