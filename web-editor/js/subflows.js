// "Selection to Subflow" with Node-RED's semantics: the selected nodes move into a new subflow definition; wires
// coming in become its one input port (all must end at one node), each (node, port) with wires going out becomes
// an output port (ordered top to bottom); an instance takes the selection's place, wired where the selection was.

import { newId } from "./model.js";

const GRID = 20;
const snap = (v) => GRID * Math.round(v / GRID);

/**
 * @param sizeOf node → {w, h} as drawn
 * @returns {{error: string}} | {{subflow, instance}} — the model is changed in one step (one undo)
 */
export function selectionToSubflow(model, selectedIds, tab, sizeOf) {
  const chosen = new Set();
  for (const id of selectedIds) {
    const n = model.get(id);
    if (!n || n.z !== tab) {
      continue;
    }
    chosen.add(n.id);
    if (n.type === "group" && Array.isArray(n.nodes)) {
      n.nodes.forEach((m) => chosen.add(m));
    }
  }
  const list = [...chosen].map((id) => model.get(id)).filter(Boolean);
  const nodes = list.filter((n) => n.type !== "group");
  if (nodes.length === 0) {
    return { error: "Cannot create subflow: no nodes selected" };
  }
  const outerGroups = new Set(nodes.filter((n) => n.g && !chosen.has(n.g)).map((n) => n.g));
  if (outerGroups.size > 1) {
    return { error: "Cannot create subflow: selection spans multiple groups" };
  }
  const inbound = [];
  const outbound = new Map(); // "source:port" -> {source, port, targets}
  for (const n of model.nodes.filter((m) => m.z === tab)) {
    (n.wires || []).forEach((targets, port) => (targets || []).forEach((t) => {
      if (!chosen.has(n.id) && chosen.has(t)) {
        inbound.push({ source: n, port, target: t });
      } else if (chosen.has(n.id) && !chosen.has(t) && model.get(t)) {
        const key = n.id + ":" + port;
        if (!outbound.has(key)) {
          outbound.set(key, { source: n, port, targets: [] });
        }
        outbound.get(key).targets.push(t);
      }
    }));
  }
  const inputTargets = [...new Set(inbound.map((l) => l.target))];
  if (inputTargets.length > 1) {
    return { error: "Cannot create subflow: multiple inputs to selection" };
  }
  const outputs = [...outbound.values()].sort((a, b) => a.source.y - b.source.y);

  const box = nodes.reduce((b, n) => {
    const { w, h } = sizeOf(n);
    return [Math.min(b[0], n.x - w / 2), Math.min(b[1], n.y - h / 2), Math.max(b[2], n.x + w / 2),
      Math.max(b[3], n.y + h / 2)];
  }, [Infinity, Infinity, -Infinity, -Infinity]);
  const offsetX = snap(box[0] - 140);
  const offsetY = snap(box[1] - 60);
  const subflow = {
    ...emptySubflow(model),
    in: inputTargets.map((id) => {
      const t = model.get(id);
      return { x: snap(t.x - sizeOf(t).w / 2 - 80 - offsetX), y: snap(t.y - offsetY), wires: [{ id }] };
    }),
    out: outputs.map((o) => ({ x: snap(o.source.x + sizeOf(o.source).w / 2 + 80 - offsetX),
      y: snap(o.source.y - offsetY), wires: [{ id: o.source.id, port: o.port }] })),
  };
  subflow.out.forEach((p, i) => { // ports of one node's outputs would sit on each other: stack them
    while (subflow.out.slice(0, i).some((q) => q.x === p.x && q.y === p.y)) {
      p.y += 2 * GRID;
    }
  });
  const instance = { id: newId(), type: "subflow:" + subflow.id, z: tab, name: "", env: [],
    x: snap((box[0] + box[2]) / 2), y: snap((box[1] + box[3]) / 2),
    wires: outputs.map((o) => [...o.targets]) };

  // rewire the outside: inbound wires now end at the instance (once per source port)
  for (const l of inbound) {
    const port = l.source.wires[l.port];
    l.source.wires[l.port] = [...new Set(port.map((t) => (t === l.target ? instance.id : t)))];
  }
  for (const o of outputs) {
    o.source.wires[o.port] = o.source.wires[o.port].filter((t) => chosen.has(t));
  }
  const [outerGroup] = outerGroups;
  if (outerGroup) {
    const g = model.get(outerGroup);
    g.nodes = g.nodes.filter((m) => !chosen.has(m)).concat(instance.id);
    instance.g = outerGroup;
    nodes.forEach((n) => { if (n.g === outerGroup) { delete n.g; } });
  }
  for (const n of list) {
    if (/^link /.test(n.type) && Array.isArray(n.links)) { // links leaving the subflow are cut on both sides
      for (const other of n.links.filter((id) => !chosen.has(id)).map((id) => model.get(id)).filter(Boolean)) {
        other.links = (other.links || []).filter((id) => id !== n.id);
      }
      n.links = n.links.filter((id) => chosen.has(id));
    }
    n.z = subflow.id;
    n.x -= offsetX; // a group's x/y is its corner, a node's its centre: both move by the same offset
    n.y -= offsetY;
  }
  model.nodes.push(subflow, instance);
  model.byId.set(subflow.id, subflow);
  model.byId.set(instance.id, instance);
  model.changed();
  return { subflow, instance };
}

/** A subflow definition with no nodes and no ports, named "Subflow N" after the highest N in use, as Node-RED does. */
function emptySubflow(model) {
  let lastIndex = 0;
  for (const sf of model.nodes) {
    const m = sf.type === "subflow" && /^Subflow (\d+)$/.exec(sf.name || "");
    if (m) {
      lastIndex = Math.max(lastIndex, Number(m[1]));
    }
  }
  return { id: newId(), type: "subflow", name: "Subflow " + (lastIndex + 1), info: "", category: "", in: [], out: [],
    env: [], meta: {}, color: "#DDAA99" };
}

/** Node-RED's "New Subflow": an empty definition (open it to add ports and nodes); one undo step. */
export function newSubflow(model) {
  const subflow = emptySubflow(model);
  model.nodes.push(subflow);
  model.byId.set(subflow.id, subflow);
  model.changed();
  return subflow;
}

const instancesOf = (model, subflow) => model.nodes.filter((n) => n.type === "subflow:" + subflow.id);

/**
 * Sets a subflow's number of outputs, as the template tab's output spinner does: new ports are placed below the
 * last, removed ones take their wires inside the template and the instances' wires from those outputs with them.
 */
export function setSubflowOutputs(model, subflow, count) {
  const out = Array.isArray(subflow.out) ? subflow.out : [];
  const wanted = Math.max(0, Math.floor(count));
  if (wanted === out.length) {
    return false;
  }
  while (out.length < wanted) {
    const last = out[out.length - 1];
    out.push({ x: last ? last.x : 460, y: last ? last.y + 2 * GRID : 60, wires: [] });
  }
  out.length = wanted;
  subflow.out = out;
  for (const n of instancesOf(model, subflow)) {
    const wires = Array.isArray(n.wires) ? n.wires : [];
    n.wires = Array.from({ length: wanted }, (_, i) => wires[i] || []);
  }
  model.changed();
  return true;
}

/** Gives a subflow its one input (0 or 1); without one, the wires into its instances go. */
export function setSubflowInputs(model, subflow, count) {
  const has = Array.isArray(subflow.in) && subflow.in.length > 0;
  if (has === (count > 0)) {
    return false;
  }
  subflow.in = count > 0 ? [{ x: 60, y: 60, wires: [] }] : [];
  if (count === 0) {
    const instances = new Set(instancesOf(model, subflow).map((n) => n.id));
    for (const n of model.nodes) {
      if (Array.isArray(n.wires)) {
        n.wires = n.wires.map((port) => (port || []).filter((t) => !instances.has(t)));
      }
    }
  }
  model.changed();
  return true;
}

/** Switches a subflow's status output (Node-RED's "status" checkbox on the template tab). */
export function setSubflowStatus(model, subflow, on) {
  if (!!subflow.status === on) {
    return false;
  }
  if (on) {
    const right = Math.max(460, ...(subflow.out || []).map((p) => p.x));
    subflow.status = { x: right, y: 20, wires: [] };
  } else {
    delete subflow.status;
  }
  model.changed();
  return true;
}

