// The node types the runtime declares (GET /nodes): the only source for the palette, node looks and forms.

import { labelAmong, portLabel } from "./labels.js";

/** Flow-file entries that are structure, not node types. */
const STRUCTURE = new Set(["tab", "subflow", "group"]);

/** A subflow template's icon as the editor's icons are named: Node-RED keeps "name.svg" or "module/name.svg". */
export function subflowIcon(def) {
  const icon = def && def.icon;
  return typeof icon === "string" && icon ? icon.replace(/^.*\//, "").replace(/\.(svg|png)$/, "") : "subflow";
}

export class Registry {
  constructor(types) {
    this.types = new Map(types.map((t) => [t.type, t]));
  }

  get(type) {
    return this.types.get(type);
  }

  /** Families in declaration order, each with its types. */
  families() {
    const out = new Map();
    for (const t of this.types.values()) {
      if (!out.has(t.family)) {
        out.set(t.family, []);
      }
      out.get(t.family).push(t);
    }
    return out;
  }

  isStructure(node) {
    return STRUCTURE.has(node.type);
  }

  /** A node the runtime cannot run: neither declared nor an instance of a subflow in these flows. */
  isUnknown(node, model) {
    if (STRUCTURE.has(node.type) || this.types.has(node.type)) {
      return false;
    }
    return !(node.type.startsWith("subflow:") && model.get(node.type.substring(8)));
  }

  /** Config nodes live outside the canvas; unknown types count as config when they have no position. */
  isConfig(node) {
    const t = this.types.get(node.type);
    if (t) {
      return !!t.config;
    }
    if (STRUCTURE.has(node.type) || node.type.startsWith("subflow:")) {
      return false;
    }
    return node.x === undefined && node.y === undefined;
  }

  color(node, model) {
    const t = this.types.get(node.type);
    if (t) {
      return t.color;
    }
    if (node.type.startsWith("subflow:")) {
      const def = model.get(node.type.substring(8));
      return (def && def.color) || "#DDAA99";
    }
    return "#ffffff";
  }

  inputs(node, model) {
    const t = this.types.get(node.type);
    if (t) {
      return t.inputs;
    }
    if (node.type.startsWith("subflow:")) {
      const def = model.get(node.type.substring(8));
      return def && Array.isArray(def.in) ? Math.min(def.in.length, 1) : 1;
    }
    return 1;
  }

  /** Outputs: a node's own "outputs" (function, switch) wins over the declaration, as in Node-RED. */
  outputs(node, model) {
    if (typeof node.outputs === "number" || (typeof node.outputs === "string" && /^\d+$/.test(node.outputs))) {
      return Number(node.outputs);
    }
    const t = this.types.get(node.type);
    if (t) {
      return t.outputs;
    }
    if (node.type.startsWith("subflow:")) {
      const def = model.get(node.type.substring(8));
      return def && Array.isArray(def.out) ? def.out.length : 0;
    }
    return Array.isArray(node.wires) ? node.wires.length : 0;
  }

  /**
   * The node's label as Node-RED shows it: a subflow instance's name or its subflow's, else its type's declared
   * label (labels.js).
   */
  label(node, model) {
    if (node.type.startsWith("subflow:")) {
      const def = model.get(node.type.substring(8));
      return node.name ? String(node.name) : (def && def.name) || "subflow";
    }
    // the editor is not told the runtime's httpNodeRoot: labels show Redwire's default, "/"
    return labelAmong((type) => this.types.get(type)?.label, (id) => model.get(id), node);
  }

  paletteLabel(type) {
    const t = this.types.get(type);
    return (t && t.paletteLabel) || type;
  }

  icon(node, model) {
    if (typeof node.icon === "string" && /^[a-z0-9-]+$/.test(node.icon)) {
      return node.icon;
    }
    if (node.type.startsWith("subflow:")) {
      return subflowIcon(model && model.get(node.type.substring(8)));
    }
    const t = this.types.get(node.type);
    return (t && t.icon) || "node";
  }

  /** Icons on the right for nodes that only receive (Node-RED's align: "right"). */
  alignRight(node) {
    const t = this.types.get(node.type);
    return !!t && (t.align === "right" || (t.inputs > 0 && t.outputs === 0));
  }

  /** A port's label (labels.js), null for none. */
  portLabel(node, direction, index) {
    return portLabel(this.types.get(node.type), node, direction, index);
  }

  /** The button the node's type declares (inject's press button, debug's toggle), or null. */
  button(node) {
    const t = this.types.get(node.type);
    return (t && t.button) || null;
  }

  /**
   * The nodes this one sends to without a wire: the ids in the field its type declares as virtual wires (link out's
   * links) while the declared `when` holds — read from the node, else the field's default (a link out without a mode
   * sends to its links, one in return mode does not).
   */
  virtualTargets(node) {
    const t = this.types.get(node.type);
    const v = t && t.virtualWires;
    if (!v || !Array.isArray(node[v.field])) {
      return [];
    }
    return this.sendsVirtually(node) ? node[v.field] : [];
  }

  /**
   * The virtual-wire link between `a` and `b` dragged on the canvas, either way round: {source, target, field, back}
   * when one sends to the other by its declared virtual wires (link out to link in), else null.
   */
  virtualLink(a, b) {
    for (const [source, target] of [[a, b], [b, a]]) {
      const t = this.types.get(source.type);
      const v = t && t.virtualWires;
      const f = v && t.fields.find((x) => x.name === v.field);
      if (f && f.nodeRefs && f.nodeRefs.type === target.type && this.sendsVirtually(source)) {
        return { source, target, field: v.field, back: f.nodeRefs.back };
      }
    }
    return null;
  }

  /** Whether the node sends by virtual wires now (its type declares them and their `when` holds). */
  sendsVirtually(node) {
    const t = this.types.get(node.type);
    const v = t && t.virtualWires;
    if (!v) {
      return false;
    }
    const valueOf = (name) => (node[name] !== undefined ? node[name] : t.fields.find((f) => f.name === name)?.default);
    return Object.entries(v.when).every(([other, values]) => values.includes(String(valueOf(other) ?? "")));
  }

  /** Whether some type's virtual wires end at nodes of this one (link in), so it takes a dragged link. */
  receivesVirtually(node) {
    return [...this.types.values()].some((t) => t.virtualWires
      && t.fields.find((f) => f.name === t.virtualWires.field)?.nodeRefs?.type === node.type);
  }

  /** A new node of this type with the declared defaults (typed inputs get their default type). */
  newNode(type, id, z) {
    const t = this.types.get(type);
    const node = { id, type };
    if (z !== undefined && !t.config) {
      node.z = z;
    }
    node.name = "";
    for (const f of t.fields) {
      if (f.name === "name" || f.legacy) {
        continue; // legacy fields are what old flows set; a new node does not get them
      }
      node[f.name] = structuredClone(f.default === undefined ? "" : f.default);
      if (f.kind === "typed" && f.typeField) {
        node[f.typeField] = f.defaultType || (f.types && f.types[0]) || "str";
      }
    }
    return node;
  }
}
