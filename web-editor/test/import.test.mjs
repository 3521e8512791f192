// Import of flow JSON into the editor's model: parsing, ids that clash, nodes without z, subflows and groups.

import assert from "node:assert/strict";
import { test } from "node:test";

import { parseFlows } from "../js/flowjson.js";
import { FlowModel } from "../js/model.js";

const tab = (id, label = id) => ({ id, type: "tab", label, disabled: false, info: "", env: [] });
const node = (id, z, wires = [[]], extra = {}) => ({ id, type: "change", z, name: id, x: 100, y: 100, wires,
  ...extra });

test("parseFlows reads an array, a v2 {flows} document and a single node, and names what is wrong", () => {
  assert.deepEqual(parseFlows('[{"id":"a","type":"tab"}]').map((n) => n.id), ["a"]);
  assert.deepEqual(parseFlows('{"flows":[{"id":"a","type":"tab"}],"rev":"1"}').map((n) => n.id), ["a"]);
  assert.deepEqual(parseFlows('{"id":"a","type":"inject"}').map((n) => n.id), ["a"]);
  assert.throws(() => parseFlows("[{"), /^Error: not valid JSON/);
  assert.throws(() => parseFlows("42"), /must be an array of nodes/);
  assert.throws(() => parseFlows('[{"id":"a","type":"tab"},{"id":7,"type":"x"}]'), /element 1 is not a node/);
});

test("into an empty workspace an import goes exactly as given, as one undoable step", () => {
  const m = new FlowModel();
  m.load([]);
  const flows = [tab("t1"), node("a", "t1", [["b"]]), node("b", "t1")];
  const added = m.importNodes(structuredClone(flows), null);
  assert.deepEqual(added, flows);
  assert.deepEqual(m.snapshot(), flows);
  assert.equal(m.get("a").wires[0][0], "b");
  assert.ok(m.dirty);
  assert.ok(m.undo());
  assert.deepEqual(m.snapshot(), []);
});

test("ids already in use get new ones and every reference follows: wires, z, g, group members, config, links", () => {
  const m = new FlowModel();
  const existing = [tab("t1"), node("a", "t1", [["b"]]), node("b", "t1"),
    { id: "cfg", type: "mqtt-broker", broker: "x" }];
  m.load(structuredClone(existing));
  const imported = [tab("t1", "again"),
    { id: "g1", type: "group", z: "t1", nodes: ["a", "b"], x: 10, y: 10, w: 300, h: 100 },
    node("a", "t1", [["b"]], { g: "g1", broker: "cfg" }), node("b", "t1", [[]], { g: "g1" }),
    { id: "cfg", type: "mqtt-broker", broker: "y" },
    { id: "lo", type: "link out", z: "t1", links: ["li"], x: 1, y: 1, wires: [] },
    { id: "li", type: "link in", z: "t1", links: ["lo"], x: 1, y: 1, wires: [[]] }];
  const added = m.importNodes(imported, "t1");
  const by = (name) => added.find((n) => n.name === name || n.label === name || n.type === name);
  const [newTab, group, a, b, cfg] = added;
  for (const [n, was] of [[newTab, "t1"], [a, "a"], [b, "b"], [cfg, "cfg"]]) {
    assert.notEqual(n.id, was, `${was} got a fresh id`);
    assert.match(n.id, /^[0-9a-f]{16}$/);
  }
  assert.equal(group.id, "g1", "an id not in use is kept");
  assert.equal(a.z, newTab.id);
  assert.deepEqual(a.wires, [[b.id]]);
  assert.equal(a.broker, cfg.id, "a config reference follows the renamed config node");
  assert.deepEqual(group.nodes, [a.id, b.id]);
  assert.equal(b.g, "g1");
  assert.deepEqual(by("link out").links, ["li"]);
  assert.deepEqual(m.get("a").wires, [["b"]], "the existing nodes are untouched");
  assert.equal(m.get("cfg").broker, "x");
  assert.equal(m.nodes.length, existing.length + imported.length);
});

test("nodes without a known z land on the current tab; config nodes without z stay global", () => {
  const m = new FlowModel();
  m.load([tab("t1"), tab("t2")]);
  const added = m.importNodes([node("x", "gone"), { id: "tls", type: "tls-config", name: "mine" },
    { id: "scoped", type: "tls-config", z: "gone" }], "t2");
  assert.equal(added[0].z, "t2", "a node of a tab that is not imported lands on the current tab");
  assert.equal(added[1].z, undefined, "a global config node stays global");
  assert.equal(added[2].z, "t2", "a tab-scoped config node follows its nodes");
});

test("the placeholder tab of an empty workspace gives way to an import that brings tabs", () => {
  const m = new FlowModel();
  m.load([tab("auto", "Flow 1")]);
  const added = m.importNodes([tab("t9"), node("n", "t9"), node("stray", "elsewhere")], "auto", "auto");
  assert.deepEqual(m.workspaces().map((w) => w.id), ["t9"]);
  assert.equal(added[2].z, "t9", "what was meant for the placeholder goes to the import's first tab");
  m.undo();
  assert.deepEqual(m.workspaces().map((w) => w.id), ["auto"], "one undo brings the placeholder back");

  const kept = new FlowModel();
  kept.load([tab("auto"), node("mine", "auto")]);
  kept.importNodes([tab("t9")], "auto", "auto");
  assert.deepEqual(kept.workspaces().map((w) => w.id), ["auto", "t9"], "a placeholder with nodes stays");
  const noTabs = new FlowModel();
  noTabs.load([tab("auto")]);
  noTabs.importNodes([node("n", "t9")], "auto", "auto");
  assert.equal(noTabs.get("n").z, "auto", "an import without tabs lands on the placeholder");
});

test("a subflow definition, its nodes and its instances come in together", () => {
  const m = new FlowModel();
  m.load([tab("t1")]);
  const sf = { id: "sf1", type: "subflow", name: "S", in: [{ x: 50, y: 30, wires: [{ id: "inner" }] }],
    out: [{ x: 300, y: 30, wires: [{ id: "inner", port: 0 }] }], env: [] };
  m.importNodes([sf, node("inner", "sf1"), node("inst", "t1", [[]], { type: "subflow:sf1" })], "t1");
  assert.deepEqual(m.workspaces().map((w) => w.id), ["t1", "sf1"], "subflow definitions are workspaces after tabs");
  assert.equal(m.get("inner").z, "sf1", "a subflow's node stays in its subflow");
  assert.equal(m.get("inst").type, "subflow:sf1");
});

test("a positioned node without z (a single node's export) lands on the current tab, as in Node-RED", () => {
  const m = new FlowModel();
  m.load([tab("t1"), tab("t2")]);
  const [n, cfg] = m.importNodes([{ id: "n", type: "inject", x: 100, y: 80, wires: [[]] },
    { id: "cfg", type: "mqtt-broker", broker: "h" }], "t2");
  assert.equal(n.z, "t2");
  assert.equal(cfg.z, undefined, "a config node has no position and stays global");
});

test("an imported subflow whose id is in use gets a new one, and its imported instances use it", () => {
  const m = new FlowModel();
  m.load([tab("t1"), { id: "sf1", type: "subflow", name: "old", in: [], out: [], env: [] }]);
  const [sf, inner, inst] = m.importNodes([{ id: "sf1", type: "subflow", name: "new", in: [], out: [], env: [] },
    node("inner", "sf1"), node("inst", "t1", [[]], { type: "subflow:sf1" })], "t1");
  assert.notEqual(sf.id, "sf1");
  assert.equal(inner.z, sf.id);
  assert.equal(inst.type, "subflow:" + sf.id, "the instance runs the subflow it came with");
  assert.equal(m.get("sf1").name, "old");
});

test("wires to nodes outside the import are dropped, as Node-RED's import drops them", () => {
  const m = new FlowModel();
  m.load([tab("t1"), node("b", "t1")]);
  m.importNodes([node("a", "t1", [["b", "c", "gone"]]), node("c", "t1")], "t1");
  assert.deepEqual(m.get("a").wires, [["c"]]);
});
