// "Selection to Subflow" in the editor's model (Node-RED's semantics): ports from the wires crossing the selection.

import assert from "node:assert/strict";
import { test } from "node:test";

import { FlowModel } from "../js/model.js";
import { selectionToSubflow } from "../js/subflows.js";

const size = () => ({ w: 100, h: 30 });

/** in → a → b → out1, b → out2 (port 1), with a and b to be converted. */
function chain() {
  const m = new FlowModel();
  m.load([{ id: "t1", type: "tab", label: "Flow 1" },
    { id: "in", type: "inject", z: "t1", x: 100, y: 100, wires: [["a", "out1"]] },
    { id: "a", type: "change", z: "t1", x: 300, y: 100, wires: [["b"]] },
    { id: "b", type: "switch", z: "t1", x: 500, y: 100, wires: [["out1"], ["out2"]] },
    { id: "out1", type: "debug", z: "t1", x: 700, y: 100, wires: [] },
    { id: "out2", type: "debug", z: "t1", x: 700, y: 200, wires: [] }]);
  return m;
}

test("the selection moves into a new subflow; crossing wires become its ports and the instance's wires", () => {
  const m = chain();
  const before = JSON.stringify(m.nodes);
  const { subflow, instance, error } = selectionToSubflow(m, ["a", "b"], "t1", size);
  assert.equal(error, undefined);
  assert.equal(subflow.name, "Subflow 1");
  assert.deepEqual(subflow.in.map((p) => p.wires), [[{ id: "a" }]], "one input, to the node the wires came to");
  assert.deepEqual(subflow.out.map((p) => p.wires), [[{ id: "b", port: 0 }], [{ id: "b", port: 1 }]]);
  assert.equal(instance.type, "subflow:" + subflow.id);
  assert.equal(instance.z, "t1");
  assert.deepEqual(instance.wires, [["out1"], ["out2"]]);
  assert.deepEqual(m.get("in").wires, [[instance.id, "out1"]], "the wire into the selection now ends at the instance");
  assert.equal(m.get("a").z, subflow.id);
  assert.deepEqual(m.get("b").wires, [[], []], "wires leaving the subflow are its output ports now");
  assert.deepEqual(m.get("a").wires, [["b"]], "wires inside the selection stay");
  assert.ok(m.get("a").x < 300, "the moved nodes are shifted to the subflow's origin");
  m.undo();
  assert.equal(JSON.stringify(m.nodes), before, "one undo reverts the conversion");
});

test("a second conversion is Subflow 2; ports of one node's outputs do not sit on each other", () => {
  const m = chain();
  selectionToSubflow(m, ["a"], "t1", size);
  const { subflow } = selectionToSubflow(m, ["b"], "t1", size);
  assert.equal(subflow.name, "Subflow 2");
  const [p0, p1] = subflow.out;
  assert.notDeepEqual([p0.x, p0.y], [p1.x, p1.y]);
});

test("what cannot be converted is refused with Node-RED's reason and changes nothing", () => {
  const m = chain();
  const before = JSON.stringify(m.nodes);
  assert.deepEqual(selectionToSubflow(m, ["b", "out1"], "t1", size),
    { error: "Cannot create subflow: multiple inputs to selection" });
  assert.deepEqual(selectionToSubflow(m, [], "t1", size), { error: "Cannot create subflow: no nodes selected" });
  assert.deepEqual(selectionToSubflow(m, ["a"], "elsewhere", size),
    { error: "Cannot create subflow: no nodes selected" }, "only nodes of the tab count");
  assert.equal(JSON.stringify(m.nodes), before);
  assert.equal(m.canUndo(), false);
});

test("a selection inside a group leaves the instance in that group; links to the outside are cut on both sides", () => {
  const m = new FlowModel();
  m.load([{ id: "t1", type: "tab" },
    { id: "g", type: "group", z: "t1", nodes: ["lo", "x"], x: 0, y: 0, w: 500, h: 200 },
    { id: "lo", type: "link out", z: "t1", g: "g", links: ["li"], x: 100, y: 100, wires: [] },
    { id: "x", type: "change", z: "t1", g: "g", x: 300, y: 100, wires: [] },
    { id: "li", type: "link in", z: "t1", links: ["lo"], x: 600, y: 100, wires: [[]] }]);
  const { instance, subflow } = selectionToSubflow(m, ["lo"], "t1", size);
  assert.equal(instance.g, "g");
  assert.deepEqual(m.get("g").nodes, ["x", instance.id]);
  assert.equal(m.get("lo").g, undefined);
  assert.equal(m.get("lo").z, subflow.id);
  assert.deepEqual(m.get("lo").links, []);
  assert.deepEqual(m.get("li").links, []);
});

test("a new subflow is empty and named after the highest Subflow N", async () => {
  const { newSubflow } = await import("../js/subflows.js");
  const model = new FlowModel();
  model.load([{ id: "s7", type: "subflow", name: "Subflow 7", in: [], out: [] }]);
  const sf = newSubflow(model);
  assert.equal(sf.name, "Subflow 8");
  assert.deepEqual([sf.in, sf.out, sf.env], [[], [], []]);
  assert.ok(model.get(sf.id));
  model.undo();
  assert.equal(model.get(sf.id), undefined);
});

test("outputs added to and removed from a template follow in its instances' wires", async () => {
  const { setSubflowOutputs, setSubflowInputs, setSubflowStatus } = await import("../js/subflows.js");
  const model = new FlowModel();
  model.load([{ id: "t", type: "tab" },
    { id: "s", type: "subflow", name: "S", in: [{ x: 60, y: 60, wires: [{ id: "c" }] }],
      out: [{ x: 300, y: 60, wires: [{ id: "c", port: 0 }] }] },
    { id: "c", type: "change", z: "s", wires: [[]] },
    { id: "a", type: "inject", z: "t", wires: [["i"]] },
    { id: "i", type: "subflow:s", z: "t", wires: [["d"]] },
    { id: "d", type: "debug", z: "t", wires: [] }]);
  const sf = model.get("s");
  assert.equal(setSubflowOutputs(model, sf, 2), true);
  assert.equal(sf.out.length, 2);
  assert.deepEqual(sf.out[1], { x: 300, y: 100, wires: [] });
  assert.deepEqual(model.get("i").wires, [["d"], []]);
  setSubflowOutputs(model, sf, 0);
  assert.deepEqual(model.get("i").wires, []);
  model.undo();
  assert.deepEqual(model.get("i").wires, [["d"], []]);
  assert.equal(setSubflowInputs(model, model.get("s"), 0), true);
  assert.deepEqual(model.get("a").wires, [[]], "wires into the instance go with the input");
  assert.equal(setSubflowStatus(model, model.get("s"), true), true);
  assert.ok(model.get("s").status);
});
