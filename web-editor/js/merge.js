// Merging what another user deployed into this workspace (the 409 conflict's "merge"), node by node against the
// flows this workspace last loaded or deployed: a node only the other side changed takes their version, a node
// only we changed keeps ours, a node both changed differently is a conflict that blocks the merge.

/**
 * @param base   Map id -> JSON of each node as last loaded or deployed here
 * @param local  the workspace's nodes now
 * @param remote the nodes deployed on the server now
 * @returns {{nodes: object[], conflicts: string[], remoteChanges: {id, kind, node}[]}}
 *   kind is "added", "changed" or "deleted"; nodes keeps the local order with the other side's additions after
 */
export function mergeRemote(base, local, remote) {
  const localById = new Map(local.map((n) => [n.id, n]));
  const remoteById = new Map(remote.map((n) => [n.id, n]));
  const json = (n) => (n === undefined ? undefined : JSON.stringify(n));
  const remoteChanges = [];
  const conflicts = [];
  const ids = new Set([...base.keys(), ...localById.keys(), ...remoteById.keys()]);
  const pick = new Map(); // id -> node to keep (absent: dropped)
  for (const id of ids) {
    const was = base.get(id);
    const ours = json(localById.get(id));
    const theirs = json(remoteById.get(id));
    if (theirs !== was) {
      const kind = was === undefined ? "added" : theirs === undefined ? "deleted" : "changed";
      remoteChanges.push({ id, kind, node: remoteById.get(id) || JSON.parse(was) });
    }
    if (ours === theirs || theirs === was) {
      if (localById.has(id)) {
        pick.set(id, localById.get(id));
      }
    } else if (ours === was) {
      if (remoteById.has(id)) {
        pick.set(id, remoteById.get(id));
      }
    } else {
      conflicts.push(id);
      if (localById.has(id)) {
        pick.set(id, localById.get(id));
      }
    }
  }
  const nodes = [];
  for (const n of local) {
    if (pick.has(n.id)) {
      nodes.push(pick.get(n.id));
      pick.delete(n.id);
    }
  }
  for (const n of remote) {
    if (pick.has(n.id)) {
      nodes.push(pick.get(n.id));
    }
  }
  return { nodes, conflicts, remoteChanges };
}
