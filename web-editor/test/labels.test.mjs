// Unit tests of the editor's node labels (web-editor/js/labels.js), run by Node's own test runner:
//   node --test web-editor/test/labels.test.mjs
// The computed labels are compared with what Node-RED 5.0.7's editor shows for the same node JSON (label-cases.json:
// nodes of Node-RED's example flows and hand-made ones). NodeTypeLabelsTest runs the same cases through the types'
// real declarations, data labels included.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { computedLabels, computedPortLabels, labelAmong, nodeLabel, portLabel } from "../js/labels.js";

const { cases } = JSON.parse(readFileSync(new URL("./label-cases.json", import.meta.url), "utf8"));
const computedCases = cases.filter((c) => c.node.type in computedLabels);

/** Another node's label, as the case file gives it for the same example. */
function expectedLabelOf(from, id) {
  const other = cases.find((c) => c.from === from && c.node.id === id);
  assert.ok(other, `the case file labels ${id} of ${from}, which a label reads`);
  return other.label;
}

function contextOf(c) {
  const others = new Map((c.others || []).map((n) => [n.id, n]));
  return { node: (id) => others.get(id), labelOf: (id) => expectedLabelOf(c.from, id), httpNodeRoot: "/" };
}

for (const c of computedCases) {
  test(`${c.node.type} ${c.node.id} (${c.from}) is labelled ${JSON.stringify(c.label)}`, () => {
    assert.equal(nodeLabel({ computed: true }, c.node, contextOf(c)), c.label);
  });
}

const computedPorts = { portLabels: { computed: true } };
for (const c of cases.filter((c) => c.ports && c.node.type in computedPortLabels)) {
  test(`${c.node.type} ${c.node.id} (${c.from}) has the port labels ${JSON.stringify(c.ports)}`, () => {
    for (const [direction, labels] of Object.entries(c.ports)) {
      assert.deepEqual(labels.map((_, i) => portLabel(computedPorts, c.node, direction, i)), labels, direction);
    }
  });
}

test("every computed port label has cases", () => {
  const untested = Object.entries(computedPortLabels).flatMap(([type, fns]) => Object.keys(fns)
    .filter((dir) => !cases.some((c) => c.node.type === type && c.ports && c.ports[dir] && c.ports[dir].length))
    .map((dir) => type + " " + dir));
  assert.deepEqual(untested, []);
});

test("a node's own port labels win; a declared list gives its last entry past its end", () => {
  const node = { type: "switch", rules: [{ t: "else" }], outputLabels: ["mine"] };
  assert.equal(portLabel(computedPorts, node, "output", 0), "mine");
  assert.equal(portLabel(computedPorts, { ...node, outputLabels: [""] }, "output", 0), "otherwise");
  assert.equal(portLabel(computedPorts, { type: "switch" }, "output", 0), null, "no rules: none, no throw");
  const exec = { outputLabels: ["stdout", "stderr", "return code"] };
  assert.equal(portLabel(exec, { type: "exec" }, "output", 1), "stderr");
  assert.equal(portLabel(exec, { type: "exec" }, "input", 0), null);
  assert.equal(portLabel({ outputLabels: ["a", "b"] }, { type: "x" }, "output", 4), "b");
  assert.equal(portLabel(undefined, { type: "unknown" }, "output", 0), null);
});

test("every computed label has cases, from Node-RED's examples where it has nodes there", () => {
  const untested = Object.keys(computedLabels).filter((type) => !computedCases.some((c) => c.node.type === type));
  assert.deepEqual(untested, []);
  assert.ok(computedCases.filter((c) => c.from.endsWith(".json")).length >= 60, "example nodes among the cases");
});

test("the inject label marks a node that fires once, and one that repeats, as Node-RED does", () => {
  const inject = (props) => nodeLabel({ computed: true }, { type: "inject", payload: "on", payloadType: "str",
    topic: "", ...props }, {});
  assert.equal(inject({}), "on");
  assert.equal(inject({ once: true }), "on ¹");
  assert.equal(inject({ once: true, repeat: "2" }), "on\t↻");
  assert.equal(inject({ repeat: "0" }), "on");
  assert.equal(inject({ crontab: "00 12 * * *", name: "noon" }), "noon\t↻");
});

test("a data label is the first set field, else its text; a set value that is no text gives the type", () => {
  const declared = { fields: ["name", "topic"], otherwise: "mqtt" };
  assert.equal(nodeLabel(declared, { type: "mqtt in", name: "", topic: "a/b" }, {}), "a/b");
  assert.equal(nodeLabel(declared, { type: "mqtt in", name: "in", topic: "a/b" }, {}), "in");
  assert.equal(nodeLabel(declared, { type: "mqtt in", name: "", topic: "" }, {}), "mqtt");
  assert.equal(nodeLabel(declared, { type: "mqtt in", topic: 7 }, {}), "mqtt in");
  assert.equal(nodeLabel({ fields: ["path"] }, { type: "websocket-client", path: "" }, {}), "websocket-client");
});

test("a label that cannot be computed from the node, or a type nobody declares, shows the name or the type", () => {
  assert.equal(nodeLabel({ computed: true }, { type: "complete", scope: null }, {}), "complete");
  assert.equal(nodeLabel({ computed: true }, { type: "change", rules: [null] }, {}), "change");
  assert.equal(nodeLabel(undefined, { type: "my-plugin-node", name: "mine" }, {}), "mine");
  assert.equal(nodeLabel(undefined, { type: "my-plugin-node", name: "" }, {}), "my-plugin-node");
});

test("labelAmong gives a websocket node its listener's label, and a link call its target's name", () => {
  const nodes = new Map([
    ["wl", { id: "wl", type: "websocket-listener", path: "chat" }],
    ["wi", { id: "wi", type: "websocket in", name: "", server: "wl", client: "" }],
    ["li", { id: "li", type: "link in", name: "handler" }],
    ["lc", { id: "lc", type: "link call", name: "", links: ["li"], linkType: "static" }],
  ]);
  const declarationOf = (type) => (type in computedLabels ? { computed: true } : { fields: ["name"], otherwise: type });
  const label = (id) => labelAmong(declarationOf, (other) => nodes.get(other), nodes.get(id));
  assert.equal(label("wi"), "[ws] /chat");
  assert.equal(label("lc"), "handler");
  nodes.delete("wl");
  assert.equal(label("wi"), "websocket");
});
