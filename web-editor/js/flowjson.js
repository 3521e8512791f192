// Node-RED flow JSON without the page: reading it (import, paste), and what a selection (or a tab) means as flow
// JSON — the nodes plus the config nodes they reference and the subflow definitions their instances use, as
// Node-RED's export and copy include them.

/** Parses flow JSON: an array of nodes, or a v2 {flows: [...]} document. Throws a readable error. */
export function parseFlows(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error("not valid JSON: " + err.message);
  }
  if (parsed && !Array.isArray(parsed) && Array.isArray(parsed.flows)) {
    parsed = parsed.flows;
  }
  if (parsed && !Array.isArray(parsed) && typeof parsed === "object") {
    parsed = [parsed];
  }
  if (!Array.isArray(parsed)) {
    throw new Error("flow JSON must be an array of nodes");
  }
  parsed.forEach((n, i) => {
    if (!n || typeof n !== "object" || typeof n.id !== "string" || typeof n.type !== "string") {
      throw new Error(`element ${i} is not a node (needs string id and type)`);
    }
  });
  return parsed;
}

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

/** What a copy of `ids` puts on the clipboard: their exportable set, a member of a group not copied leaving it. */
export function copyOf(nodes, ids) {
  return exportableSet(nodes, ids).map((n) => {
    if (n.g !== undefined && !ids.includes(n.g)) {
      const { g, ...rest } = n;
      return rest;
    }
    return n;
  });
}
