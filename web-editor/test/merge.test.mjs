// The 409 conflict's merge: the other user's deployed changes are kept where this workspace did not touch them.

import assert from "node:assert/strict";
import { test } from "node:test";

import { mergeRemote } from "../js/merge.js";

const base = [{ id: "t1", type: "tab" }, { id: "a", type: "inject", z: "t1" }, { id: "b", type: "debug", z: "t1" },
  { id: "c", type: "debug", z: "t1" }];
const baseMap = () => new Map(base.map((n) => [n.id, JSON.stringify(n)]));
const copy = () => structuredClone(base);

test("their edit, addition and deletion arrive; our edit and addition stay", () => {
  const local = copy();
  local[1].name = "ours";
  local.push({ id: "l", type: "debug", z: "t1" });
  const remote = copy().filter((n) => n.id !== "c");
  remote[2].name = "theirs";
  remote.push({ id: "r", type: "debug", z: "t1" });
  const m = mergeRemote(baseMap(), local, remote);
  assert.deepEqual(m.conflicts, []);
  assert.deepEqual(m.nodes.map((n) => [n.id, n.name]),
    [["t1", undefined], ["a", "ours"], ["b", "theirs"], ["l", undefined], ["r", undefined]]);
  assert.deepEqual(m.remoteChanges.map((c) => [c.id, c.kind]), [["b", "changed"], ["c", "deleted"], ["r", "added"]]);
});

test("a node both sides changed differently is a conflict; the same change on both is not", () => {
  const local = copy();
  local[1].name = "ours";
  local[2].name = "same";
  const remote = copy();
  remote[1].name = "theirs";
  remote[2].name = "same";
  const m = mergeRemote(baseMap(), local, remote);
  assert.deepEqual(m.conflicts, ["a"]);
});

test("a node we deleted that they changed is a conflict, never silently dropped", () => {
  const local = copy().filter((n) => n.id !== "b");
  const remote = copy();
  remote[2].name = "theirs";
  assert.deepEqual(mergeRemote(baseMap(), local, remote).conflicts, ["b"]);
});
