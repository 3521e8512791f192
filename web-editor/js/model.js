// The workspace: the flow file's node objects, kept as imported so export gives back every field untouched.

export function newId() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const HISTORY_LIMIT = 100;

/**
 * Undo works on whole-workspace states: every change (add, delete, move, wire, form edit, import, tab operation)
 * ends in changed(), which files the state before it. One mechanism covers every kind of edit.
 */
export class FlowModel {
  constructor() {
    this.nodes = [];
    this.byId = new Map();
    this.dirty = false;
    this.listeners = new Set();
    this.undoStack = [];
    this.redoStack = [];
    this.current = "[]";
    this.deployed = new Map(); // id -> JSON of the node as last loaded or deployed (the "changed" markers)
    this.credentials = new Map(); // id -> credential fields edited since the last deploy (see credentials.js)
  }

  onChange(fn) {
    this.listeners.add(fn);
  }

  changed(structural = true) {
    const state = JSON.stringify(this.nodes);
    if (state !== this.current) {
      this.undoStack.push(this.current);
      if (this.undoStack.length > HISTORY_LIMIT) {
        this.undoStack.shift();
      }
      this.redoStack = [];
      this.current = state;
    }
    this.dirty = true;
    this.notify(structural);
  }

  notify(structural) {
    for (const fn of this.listeners) {
      fn(structural);
    }
  }

  /** Replaces everything (what is deployed); not a change. */
  load(nodes) {
    this.setNodes(nodes);
    this.current = JSON.stringify(nodes);
    this.undoStack = [];
    this.redoStack = [];
    this.markDeployed();
    this.notify(true);
  }

  setNodes(nodes) {
    this.nodes = nodes;
    this.byId = new Map(nodes.map((n) => [n.id, n]));
  }

  /** The workspace as it is now is what runs: no node counts as changed. */
  markDeployed() {
    this.credentials.clear(); // sent and stored by the runtime
    this.deployed = new Map(this.nodes.map((n) => [n.id, JSON.stringify(n)]));
    this.deployedState = JSON.stringify(this.nodes);
    this.dirty = false;
  }

  /**
   * Takes what another user deployed as the new baseline (changed markers compare against it) and the merge of
   * it with this workspace as the workspace: an undoable change.
   */
  rebase(nodes, deployedNodes) {
    this.deployed = new Map(deployedNodes.map((n) => [n.id, JSON.stringify(n)]));
    this.deployedState = JSON.stringify(deployedNodes);
    this.setNodes(nodes);
    this.changed();
  }

  /** Changed since the last deploy (Node-RED's blue dot): its JSON, or credentials typed into its form. */
  isChanged(node) {
    return this.credentials.has(node.id) || this.deployed.get(node.id) !== JSON.stringify(node);
  }

  canUndo() {
    return this.undoStack.length > 0;
  }

  canRedo() {
    return this.redoStack.length > 0;
  }

  undo() {
    return this.travel(this.undoStack, this.redoStack);
  }

  redo() {
    return this.travel(this.redoStack, this.undoStack);
  }

  travel(from, to) {
    if (from.length === 0) {
      return false;
    }
    to.push(this.current);
    this.current = from.pop();
    this.setNodes(JSON.parse(this.current));
    this.dirty = this.current !== this.deployedState || this.credentials.size > 0; // credentials are outside undo
    this.notify(true);
    return true;
  }

  get(id) {
    return this.byId.get(id);
  }

  /** Workspaces: tabs first, then subflow definitions. */
  workspaces() {
    return [...this.nodes.filter((n) => n.type === "tab"), ...this.nodes.filter((n) => n.type === "subflow")];
  }

  /** Canvas nodes of a workspace (no config nodes, tabs or groups). */
  nodesOn(z, registry) {
    return this.nodes.filter((n) => n.z === z && n.type !== "group" && !registry.isStructure(n)
      && !registry.isConfig(n));
  }

  groupsOn(z) {
    return this.nodes.filter((n) => n.z === z && n.type === "group");
  }

  configNodes(registry, type) {
    return this.nodes.filter((n) => registry.isConfig(n) && (!type || n.type === type));
  }

  add(node) {
    if (this.byId.has(node.id)) {
      throw new Error("duplicate node id " + node.id);
    }
    this.nodes.push(node);
    this.byId.set(node.id, node);
    this.changed();
  }

  /** Removes nodes and every wire and group membership pointing at them; a tab takes its nodes along. */
  remove(ids) {
    const gone = new Set(ids);
    for (const n of this.nodes) {
      if ((n.type === "tab" || n.type === "subflow") && gone.has(n.id)) {
        for (const m of this.nodes) {
          if (m.z === n.id) {
            gone.add(m.id);
          }
        }
      }
    }
    this.nodes = this.nodes.filter((n) => !gone.has(n.id));
    for (const id of gone) {
      this.byId.delete(id);
    }
    for (const n of this.nodes) {
      if (Array.isArray(n.wires)) {
        n.wires = n.wires.map((port) => (Array.isArray(port) ? port.filter((t) => !gone.has(t)) : port));
      }
      if (n.type === "group" && Array.isArray(n.nodes)) {
        n.nodes = n.nodes.filter((t) => !gone.has(t));
      }
      if (gone.has(n.g)) { // its group was deleted, it stays: no "g" naming a group that is not there
        delete n.g;
      }
    }
    this.changed();
  }

  addWire(sourceId, port, targetId) {
    const n = this.byId.get(sourceId);
    if (!n || sourceId === targetId) {
      return false;
    }
    if (!Array.isArray(n.wires)) {
      n.wires = [];
    }
    while (n.wires.length <= port) {
      n.wires.push([]);
    }
    if (n.wires[port].includes(targetId)) {
      return false;
    }
    n.wires[port].push(targetId);
    this.changed();
    return true;
  }

  removeWire(sourceId, port, targetId) {
    const n = this.byId.get(sourceId);
    if (n && Array.isArray(n.wires) && Array.isArray(n.wires[port])) {
      n.wires[port] = n.wires[port].filter((t) => t !== targetId);
      this.changed();
    }
  }

  /**
   * Adds imported nodes. Into an empty workspace they go exactly as given; otherwise ids already in use get new ones
   * (with wires, z, group, config and subflow-instance references rewritten) so nothing existing is overwritten.
   * As in Node-RED's import, wires to nodes outside the import are dropped and canvas nodes (a z or a position)
   * whose z is not a workspace land on `currentTab`.
   * `placeholder`: the empty tab the editor made for an empty workspace; it gives way when the import brings tabs
   * (nodes meant for it go to the import's first tab). One undo step reverts it all.
   */
  importNodes(imported, currentTab, placeholder = null) {
    const gaveWay = placeholder && imported.some((n) => n.type === "tab")
      && !this.nodes.some((n) => n.z === placeholder);
    if (gaveWay) {
      this.setNodes(this.nodes.filter((n) => n.id !== placeholder));
    }
    const clash = imported.some((n) => this.byId.has(n.id));
    let nodes = imported;
    if (clash) {
      const renamed = new Map(imported.map((n) => [n.id, this.byId.has(n.id) ? newId() : n.id]));
      nodes = imported.map((n) => rewriteIds(n, renamed));
    }
    wiresWithin(nodes);
    if (gaveWay && currentTab === placeholder) {
      currentTab = nodes.find((n) => n.type === "tab").id;
    }
    const workspaces = new Set([...this.workspaces().map((w) => w.id),
      ...nodes.filter((n) => n.type === "tab" || n.type === "subflow").map((n) => n.id)]);
    for (const n of nodes) {
      const onCanvas = n.z !== undefined || isFlowNode(n);
      if (n.type !== "tab" && n.type !== "subflow" && onCanvas && !workspaces.has(n.z) && currentTab) {
        n.z = currentTab;
      }
    }
    placeUnpositioned(nodes.filter((n) => n.z === currentTab));
    for (const n of nodes) {
      this.nodes.push(n);
      this.byId.set(n.id, n);
    }
    this.changed();
    return nodes;
  }

  /**
   * Pastes Node-RED JSON (a copy from this editor or from Node-RED's) as Node-RED's paste does: every node gets a
   * fresh id (references rewritten, wires to nodes outside the paste dropped), config nodes and subflow definitions
   * that already exist are reused (the nodes of such a subflow are not pasted again), and nodes land on `tab`
   * unless the paste brings their tab or subflow. The nodes landing on `tab` keep their layout with its top-left at the
   * canvas point `at`, else 20 px right of and below the originals. Returns the pasted nodes.
   */
  pasteNodes(incoming, tab, at = null) {
    const reuse = (n) => this.byId.has(n.id) && (n.type === "subflow" || (n.x === undefined
      && n.type !== "tab" && n.type !== "group" && n.type !== "junction"));
    const reused = new Set(incoming.filter(reuse).map((n) => n.id));
    const kept = incoming.filter((n) => !reused.has(n.id) && !reused.has(n.z));
    const renamed = new Map(incoming.map((n) => [n.id, reused.has(n.id) ? n.id : newId()]));
    const nodes = kept.map((n) => rewriteIds(n, renamed));
    wiresWithin(nodes);
    const spaces = new Set(nodes.filter((n) => n.type === "tab" || n.type === "subflow").map((n) => n.id));
    const pasted = new Set(nodes.map((n) => n.id));
    for (const n of nodes) {
      if (n.type !== "tab" && n.type !== "subflow" && isFlowNode(n) && !spaces.has(n.z)) {
        n.z = tab;
      }
      if (n.g !== undefined && !pasted.has(n.g)) {
        delete n.g;
      }
      if (n.type === "group" && Array.isArray(n.nodes)) {
        n.nodes = n.nodes.filter((m) => pasted.has(m));
      }
    }
    placeUnpositioned(nodes.filter((n) => n.z === tab));
    moveTo(nodes.filter((n) => n.z === tab), at);
    for (const n of nodes) {
      this.nodes.push(n);
      this.byId.set(n.id, n);
    }
    this.changed();
    return nodes;
  }

  /** The flows to deploy or export: a deep copy, in order; for a deploy with the credentials edited since. */
  snapshot(withCredentials = false) {
    const copy = JSON.parse(JSON.stringify(this.nodes));
    if (withCredentials) {
      for (const n of copy) {
        if (this.credentials.has(n.id)) {
          n.credentials = { ...this.credentials.get(n.id) };
        }
      }
    }
    return copy;
  }
}

/**
 * A copy of a node with every reference to a renamed id rewritten (wires, z, g, group members, links, config, and
 * the subflow a "subflow:<id>" instance runs).
 */
function rewriteIds(node, renamed) {
  const map = (v) => (typeof v === "string" && renamed.has(v) ? renamed.get(v) : v);
  const copy = JSON.parse(JSON.stringify(node));
  copy.id = renamed.get(node.id);
  if (node.type.startsWith("subflow:")) {
    copy.type = "subflow:" + map(node.type.substring(8));
  }
  for (const key of Object.keys(copy)) {
    const v = copy[key];
    if (key === "wires" && Array.isArray(v)) {
      copy.wires = v.map((port) => (Array.isArray(port) ? port.map(map) : port));
    } else if ((key === "links" || key === "nodes" || key === "scope") && Array.isArray(v)) {
      copy[key] = v.map(map);
    } else if (key !== "id" && key !== "type" && typeof v === "string") {
      copy[key] = map(v); // z, g and config node references are plain id strings
    }
  }
  return copy;
}

/**
 * A node that belongs on a flow tab: it has a position, or wires (config nodes have neither), the rule the runtime
 * uses too. Node-RED lands such a node without a "z" on the current tab.
 */
function isFlowNode(n) {
  return n.x !== undefined || Array.isArray(n.wires);
}

/** Flow nodes that came without a position get one, in a column, so they show on their tab. */
function placeUnpositioned(nodes) {
  let row = 0;
  for (const n of nodes) {
    if (n.type !== "tab" && n.type !== "subflow" && n.x === undefined && Array.isArray(n.wires)) {
      n.x = 120;
      n.y = 60 + 40 * row++;
    }
  }
}

/** Keeps only the wires between these nodes. */
function wiresWithin(nodes) {
  const ids = new Set(nodes.map((n) => n.id));
  for (const n of nodes) {
    if (Array.isArray(n.wires)) {
      n.wires = n.wires.map((port) => (Array.isArray(port) ? port.filter((t) => ids.has(t)) : port));
    }
  }
}

/** Moves positioned nodes together so their top-left is at `at` (else 20 px right and down). */
function moveTo(nodes, at) {
  const placed = nodes.filter((n) => typeof n.x === "number" && typeof n.y === "number");
  if (placed.length === 0) {
    return;
  }
  const dx = at ? Math.round(at.x - Math.min(...placed.map((n) => n.x))) : 20;
  const dy = at ? Math.round(at.y - Math.min(...placed.map((n) => n.y))) : 20;
  for (const n of nodes) {
    if (typeof n.x === "number") {
      n.x += dx;
      n.y += dy;
    }
  }
}
