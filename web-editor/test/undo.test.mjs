// Undo and redo in the editor's model: every edit is one step of whole-workspace states.

import assert from "node:assert/strict";
import { test } from "node:test";

import { FlowModel } from "../js/model.js";

const flows = () => [{ id: "t1", type: "tab", label: "Flow 1" },
  { id: "a", type: "inject", z: "t1", x: 100, y: 100, wires: [["b"]] },
  { id: "b", type: "debug", z: "t1", x: 300, y: 100, wires: [] }];

function loaded() {
  const m = new FlowModel();
  m.load(flows());
  return m;
}

test("a freshly loaded workspace has nothing to undo or redo and is not dirty", () => {
  const m = loaded();
  assert.equal(m.canUndo(), false);
  assert.equal(m.canRedo(), false);
  assert.equal(m.undo(), false);
  assert.equal(m.dirty, false);
});

test("add, wire, move and delete each undo and redo in order", () => {
  const m = loaded();
  const states = [JSON.stringify(m.nodes)];
  m.add({ id: "c", type: "debug", z: "t1", x: 300, y: 200, wires: [] });
  states.push(JSON.stringify(m.nodes));
  assert.equal(m.addWire("a", 0, "c"), true);
  states.push(JSON.stringify(m.nodes));
  m.get("a").x = 140; // a drag changes the node, then files the step
  m.changed(false);
  states.push(JSON.stringify(m.nodes));
  m.remove(["b"]);
  states.push(JSON.stringify(m.nodes));
  assert.deepEqual(m.get("a").wires, [["c"]], "deleting a node removes the wires to it");

  for (let i = states.length - 2; i >= 0; i--) {
    assert.equal(m.undo(), true);
    assert.equal(JSON.stringify(m.nodes), states[i], `undo back to state ${i}`);
  }
  assert.equal(m.undo(), false);
  for (let i = 1; i < states.length; i++) {
    assert.equal(m.redo(), true);
    assert.equal(JSON.stringify(m.nodes), states[i], `redo to state ${i}`);
  }
  assert.equal(m.redo(), false);
});

test("after an undo the restored nodes are the ones get() answers, so later edits apply to them", () => {
  const m = loaded();
  m.get("a").name = "renamed";
  m.changed();
  m.undo();
  assert.equal(m.get("a"), m.nodes.find((n) => n.id === "a"));
  assert.equal(m.get("a").name, undefined);
  m.get("a").name = "again";
  m.changed();
  assert.equal(m.snapshot().find((n) => n.id === "a").name, "again");
});

test("a new edit after an undo clears the redo history", () => {
  const m = loaded();
  m.add({ id: "c", type: "debug", z: "t1", x: 1, y: 1, wires: [] });
  m.undo();
  assert.equal(m.canRedo(), true);
  m.removeWire("a", 0, "b");
  assert.equal(m.canRedo(), false);
  assert.equal(m.get("c"), undefined);
});

test("an edit that changes nothing is no undo step", () => {
  const m = loaded();
  m.changed();
  assert.equal(m.canUndo(), false);
  assert.equal(m.addWire("a", 0, "b"), false, "a wire that exists is not added twice");
  assert.equal(m.addWire("a", 0, "a"), false, "a node is not wired to itself");
  assert.equal(m.canUndo(), false);
});

test("removing a tab takes its nodes along and one undo brings them all back", () => {
  const m = loaded();
  m.remove(["t1"]);
  assert.deepEqual(m.nodes, []);
  m.undo();
  assert.deepEqual(m.snapshot(), flows());
});

test("the history keeps the last 100 steps", () => {
  const m = loaded();
  for (let i = 0; i < 130; i++) {
    m.get("a").x = i;
    m.changed(false);
  }
  let steps = 0;
  while (m.undo()) {
    steps++;
  }
  assert.equal(steps, 100);
  assert.equal(m.get("a").x, 29, "the oldest steps are the ones forgotten");
});

test("listeners hear every change, structural or not", () => {
  const m = loaded();
  const heard = [];
  m.onChange((structural) => heard.push(structural));
  m.get("a").x = 5;
  m.changed(false);
  m.undo();
  m.redo();
  assert.deepEqual(heard, [false, true, true]);
});
