// What a selection (or a tab) means as Node-RED JSON: the nodes plus the config nodes they reference and the
// subflow definitions their instances use, as Node-RED's export and copy include them.

const WORKSPACE = new Set(["tab", "subflow"]);

/** Config nodes (global or tab-scoped): no position, not structure. */
function isConfigLike(n) {
  return !WORKSPACE.has(n.type) && n.type !== "group" && n.type !== "junction" && n.x === undefined;
}

/**
 * The nodes of `ids` with everything they need, in flow-file order. `nodes` is the whole workspace.
 * A tab or subflow id brings its contents.
 */
export function exportableSet(nodes, ids) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const chosen = new Set();
  const queue = [...ids];
  const add = (id) => {
    if (!chosen.has(id) && byId.has(id)) {
      chosen.add(id);
      queue.push(id);
    }
  };
  for (const id of ids) {
    chosen.add(id);
  }
  while (queue.length) {
    const n = byId.get(queue.pop());
    if (!n) {
      continue;
    }
    if (WORKSPACE.has(n.type)) {
      nodes.filter((m) => m.z === n.id).forEach((m) => add(m.id));
    }
    if (n.type === "group" && Array.isArray(n.nodes)) {
      n.nodes.forEach(add);
    }
    if (n.type.startsWith("subflow:")) {
      add(n.type.substring(8));
    }
    for (const [key, v] of Object.entries(n)) {
      if (key !== "id" && key !== "z" && key !== "g" && typeof v === "string" && byId.has(v)
        && isConfigLike(byId.get(v))) {
        add(v);
      }
    }
  }
  return nodes.filter((n) => chosen.has(n.id));
}
