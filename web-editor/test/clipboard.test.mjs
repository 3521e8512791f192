// Copy and paste in the editor's model: what a copy holds, and a paste with fresh ids, remapped wires and reused
// config nodes.

import assert from "node:assert/strict";
import { test } from "node:test";

import { copyOf, parseFlows } from "../js/flowjson.js";
import { FlowModel } from "../js/model.js";

function workspace() {
  const m = new FlowModel();
  m.load([{ id: "t1", type: "tab", label: "Flow 1" }, { id: "t2", type: "tab", label: "Flow 2" },
    { id: "cfg", type: "mqtt-broker", broker: "localhost" },
    { id: "sf", type: "subflow", name: "S", in: [], out: [], env: [] },
    { id: "g", type: "group", z: "t1", nodes: ["a", "b"], x: 50, y: 50, w: 400, h: 100 },
    { id: "a", type: "mqtt in", z: "t1", g: "g", broker: "cfg", x: 100, y: 100, wires: [["b", "c"]] },
    { id: "b", type: "subflow:sf", z: "t1", g: "g", x: 300, y: 100, wires: [["c"]] },
    { id: "c", type: "debug", z: "t1", x: 500, y: 160, wires: [] }]);
  return m;
}

test("a copy holds the selection, the config nodes and subflow definitions it uses, in flow-file order", () => {
  const m = workspace();
  const copy = copyOf(m.nodes, ["b", "a"]);
  assert.deepEqual(copy.map((n) => n.id), ["cfg", "sf", "a", "b"]);
  assert.equal(copy.find((n) => n.id === "a").g, undefined, "a member of a group not copied leaves it");
  const withGroup = copyOf(m.nodes, ["g"]);
  assert.deepEqual(withGroup.map((n) => n.id), ["cfg", "sf", "g", "a", "b"], "a group brings its members");
  assert.equal(withGroup.find((n) => n.id === "a").g, "g");
  assert.deepEqual(m.get("a").g, "g", "the workspace is untouched");
});

test("a paste gets fresh ids; wires and group membership follow among the pasted nodes", () => {
  const m = workspace();
  const text = JSON.stringify(copyOf(m.nodes, ["g"]));
  const pasted = m.pasteNodes(parseFlows(text), "t1");
  const [group, a, b] = pasted;
  assert.deepEqual(pasted.map((n) => n.type), ["group", "mqtt in", "subflow:sf"],
    "the config node and subflow definition that exist are reused, not pasted again");
  for (const n of pasted) {
    assert.ok(!["g", "a", "b"].includes(n.id), n.type + " has a fresh id");
    assert.equal(n.z, "t1");
  }
  assert.equal(a.wires[0][0], b.id, "the copy is wired to the copy");
  assert.deepEqual(group.nodes, [a.id, b.id]);
  assert.equal(a.g, group.id);
  assert.equal(a.broker, "cfg", "the config reference stays on the reused config node");
  assert.deepEqual(m.get("a").wires, [["b", "c"]], "the originals are untouched");
  assert.equal(m.nodes.length, 8 + 3);
  m.undo();
  assert.equal(m.nodes.length, 8, "one undo removes the whole paste");
});

test("a paste keeps the copied layout, moved to the mouse point or 20 px down and right", () => {
  const m = workspace();
  const copy = () => parseFlows(JSON.stringify(copyOf(m.nodes, ["a", "c"])));
  const [a1, c1] = m.pasteNodes(copy(), "t1");
  assert.deepEqual([a1.x, a1.y, c1.x, c1.y], [120, 120, 520, 180]);
  const [a2, c2] = m.pasteNodes(copy(), "t1", { x: 1000.4, y: 40.6 });
  assert.deepEqual([a2.x, a2.y, c2.x, c2.y], [1000, 41, 1400, 101], "its top-left lands at the point");
});

test("Node-RED's clipboard JSON pastes: a config node not in the workspace comes along, global", () => {
  const m = workspace();
  const fromNodeRed = [
    { id: "a1b2c3d4e5f60718", type: "change", z: "9f8e7d6c5b4a3921", rules: [], x: 330, y: 260,
      wires: [["0a1b2c3d4e5f6071"]] },
    { id: "0a1b2c3d4e5f6071", type: "http request", z: "9f8e7d6c5b4a3921", tls: "77aa88bb99cc0011", x: 530, y: 260,
      wires: [[]] },
    { id: "77aa88bb99cc0011", type: "tls-config", name: "mine" }];
  const [change, request, tls] = m.pasteNodes(fromNodeRed, "t1");
  assert.equal(change.z, "t1");
  assert.deepEqual(change.wires, [[request.id]]);
  assert.equal(request.tls, tls.id);
  assert.notEqual(tls.id, "77aa88bb99cc0011");
  assert.equal("z" in tls, false, "the config node stays global");
});

test("nodes copied on one tab and pasted on another land on the current tab, as in Node-RED", () => {
  const m = workspace();
  const pasted = m.pasteNodes(parseFlows(JSON.stringify(copyOf(m.nodes, ["c"]))), "t2");
  assert.deepEqual(pasted.map((n) => n.z), ["t2"]);
});

test("wires to nodes outside the paste are dropped, as Node-RED's paste drops them", () => {
  const m = workspace();
  const [a] = m.pasteNodes(parseFlows(JSON.stringify(copyOf(m.nodes, ["a"]))), "t1");
  assert.deepEqual(a.wires, [[]], "the copy is not wired to the originals");
  assert.deepEqual(m.get("b").wires, [["c"]]);
});

test("a copied subflow instance whose definition exists pastes the instance, not the definition's nodes again", () => {
  const m = workspace();
  m.add({ id: "inner", type: "change", z: "sf", x: 10, y: 10, wires: [] });
  const pasted = m.pasteNodes(parseFlows(JSON.stringify(copyOf(m.nodes, ["b"]))), "t1");
  assert.deepEqual(pasted.map((n) => n.type), ["subflow:sf"]);
  assert.equal(m.nodes.filter((n) => n.z === "sf").length, 1);
});
