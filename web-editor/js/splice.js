// Splicing a node into a wire and detaching nodes from their wires, as Node-RED's editor does: a single node with
// an input and an output and no wires yet, dropped on a wire, is inserted into it; detached nodes leave their wires
// and the nodes before them are wired to the nodes after them. DOM-free (unit-tested).

/** Whether a dragged node may be spliced: it alone is moving, has ports on both sides and no wires yet. */
export function canSplice(model, ids, ports) {
  if (ids.length !== 1) {
    return false;
  }
  const node = model.get(ids[0]);
  if (!node || node.type === "group" || !(ports.inputs > 0) || !(ports.outputs > 0)) {
    return false;
  }
  const hasOut = Array.isArray(node.wires) && node.wires.some((p) => Array.isArray(p) && p.length > 0);
  return !hasOut && !model.nodes.some((n) => outputsOf(n).some(({ target }) => target === node.id));
}

function outputsOf(n) {
  const out = [];
  if (Array.isArray(n.wires)) {
    n.wires.forEach((targets, port) => {
      for (const target of Array.isArray(targets) ? targets : []) {
        out.push({ source: n.id, port, target });
      }
    });
  }
  return out;
}

/** Inserts the node into the wire source:port → target (its first output goes on to the target). One undo step. */
export function splice(model, nodeId, wire) {
  const source = model.get(wire.source);
  const node = model.get(nodeId);
  if (!source || !node || !Array.isArray(source.wires?.[wire.port])) {
    return false;
  }
  source.wires[wire.port] = source.wires[wire.port].map((t) => (t === wire.target ? nodeId : t));
  node.wires = Array.isArray(node.wires) && node.wires.length ? node.wires : [[]];
  node.wires[0] = [...new Set([...(node.wires[0] || []), wire.target])];
  model.changed();
  return true;
}

/**
 * Lifts these nodes out of their wires: every wire between them and other nodes goes, and each node wired into the
 * set is wired to the nodes the set led to from there (through the set's own wires). Wires inside the set stay.
 * Returns whether anything changed (the caller's changed() files it; this does not).
 */
export function detach(model, ids) {
  const set = new Set(ids);
  const links = model.nodes.flatMap(outputsOf);
  const inbound = links.filter((l) => !set.has(l.source) && set.has(l.target));
  const crossing = links.filter((l) => set.has(l.source) !== set.has(l.target));
  if (crossing.length === 0) {
    return false;
  }
  const onward = (start) => { // the outside nodes reached from `start` through wires inside the set
    const found = new Set();
    const seen = new Set([start]);
    const stack = [start];
    while (stack.length) {
      const at = stack.pop();
      for (const l of links.filter((x) => x.source === at)) {
        if (!set.has(l.target)) {
          found.add(l.target);
        } else if (!seen.has(l.target)) {
          seen.add(l.target);
          stack.push(l.target);
        }
      }
    }
    return found;
  };
  const added = inbound.flatMap((l) => [...onward(l.target)].map((target) => ({ ...l, target })));
  for (const l of crossing) {
    const n = model.get(l.source);
    n.wires[l.port] = n.wires[l.port].filter((t) => t !== l.target);
  }
  for (const l of added) {
    const n = model.get(l.source);
    if (l.source !== l.target && !n.wires[l.port].includes(l.target)) {
      n.wires[l.port].push(l.target);
    }
  }
  return true;
}
