// What the editor's model counts as changed since the last deploy (Node-RED's blue dots and dirty flag), and what
// a deploy sends.

import assert from "node:assert/strict";
import { test } from "node:test";

import { FlowModel } from "../js/model.js";

function deployed() {
  const m = new FlowModel();
  m.load([{ id: "t1", type: "tab" }, { id: "a", type: "inject", z: "t1", x: 1, y: 1, wires: [["b"]] },
    { id: "b", type: "debug", z: "t1", x: 2, y: 2, wires: [] }, { id: "cfg", type: "mqtt-broker", broker: "h" }]);
  return m;
}

const changedIds = (m) => m.nodes.filter((n) => m.isChanged(n)).map((n) => n.id);

test("after a load nothing is changed; an edited or added node is, the others are not", () => {
  const m = deployed();
  assert.deepEqual(changedIds(m), []);
  assert.equal(m.dirty, false);
  m.get("a").name = "renamed";
  m.changed();
  m.add({ id: "c", type: "debug", z: "t1", x: 3, y: 3, wires: [] });
  assert.deepEqual(changedIds(m), ["a", "c"]);
  assert.equal(m.dirty, true);
  m.removeWire("a", 0, "b");
  assert.deepEqual(changedIds(m), ["a", "c"], "a removed wire changes its source only");
});

test("a deploy makes what is there now the deployed state", () => {
  const m = deployed();
  m.get("b").active = false;
  m.changed();
  m.markDeployed();
  assert.deepEqual(changedIds(m), []);
  assert.equal(m.dirty, false);
  m.undo();
  assert.deepEqual(changedIds(m), ["b"], "undoing past a deploy changes the node again");
  assert.equal(m.dirty, true);
  m.redo();
  assert.equal(m.dirty, false, "back at the deployed state nothing is left to deploy");
});

test("undoing every edit since the deploy leaves nothing changed", () => {
  const m = deployed();
  m.get("a").x = 40;
  m.changed(false);
  m.remove(["b"]);
  m.undo();
  m.undo();
  assert.deepEqual(changedIds(m), []);
  assert.equal(m.dirty, false);
});

test("credentials edited since the deploy go with the deploy only, and are gone after it", () => {
  const m = deployed();
  m.credentials.set("cfg", { user: "u", password: "p" });
  m.changed();
  const sent = m.snapshot(true);
  assert.deepEqual(sent.find((n) => n.id === "cfg").credentials, { user: "u", password: "p" });
  assert.equal(sent.filter((n) => n.credentials).length, 1);
  assert.equal(m.snapshot().find((n) => n.id === "cfg").credentials, undefined, "an export carries none");
  assert.equal(m.get("cfg").credentials, undefined, "the workspace's nodes carry none");
  sent[1].name = "edited copy";
  assert.equal(m.get("a").name, undefined, "the snapshot is a copy");
  m.markDeployed();
  assert.equal(m.snapshot(true).some((n) => n.credentials), false);
});

test("credentials typed since the deploy count as a change of their node, after an undo too", () => {
  const m = deployed();
  m.get("a").x = 50;
  m.changed(false);
  m.credentials.set("cfg", { password: "secret" });
  m.changed();
  assert.deepEqual(changedIds(m), ["a", "cfg"], "Node-RED marks a node whose credentials were edited");
  m.undo();
  assert.deepEqual(changedIds(m), ["cfg"]);
  assert.equal(m.dirty, true, "the typed password is still to be deployed (and leaving the page warns)");
  m.markDeployed();
  assert.deepEqual(changedIds(m), []);
});
