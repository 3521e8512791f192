// What the canvas draws from a node type's declaration (GET /nodes) instead of knowing types by name: the button on
// a node and the dashed wires of a node that sends without wires.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Registry } from "../js/registry.js";

// as GET /nodes serves inject, debug, link out and link in (NodeType.describe)
const registry = new Registry([
  { type: "inject", inputs: 0, outputs: 1, fields: [], button: { action: "inject", title: "inject now" } },
  { type: "debug", inputs: 1, outputs: 0, fields: [{ name: "active", kind: "boolean", default: true }],
    button: { action: "debug", toggle: "active", title: "debug output" } },
  { type: "link out", inputs: 1, outputs: 0, virtualWires: { field: "links", when: { mode: ["link"] } },
    fields: [{ name: "mode", kind: "select", default: "link" }, { name: "links", kind: "json", default: [] }] },
  { type: "link in", inputs: 0, outputs: 1, fields: [{ name: "links", kind: "json", default: [] }] },
]);

test("a node's button is its type's declared one; other and unknown types have none", () => {
  assert.deepEqual(registry.button({ id: "i", type: "inject" }), { action: "inject", title: "inject now" });
  assert.equal(registry.button({ id: "d", type: "debug" }).toggle, "active");
  assert.equal(registry.button({ id: "l", type: "link in" }), null);
  assert.equal(registry.button({ id: "u", type: "inject-ish" }), null);
});

test("a link out sends to its links while its declared condition holds: in link mode, not in return mode", () => {
  assert.deepEqual(registry.virtualTargets({ id: "o", type: "link out", mode: "link", links: ["a", "b"] }), ["a", "b"]);
  assert.deepEqual(registry.virtualTargets({ id: "o", type: "link out", links: ["a"] }), ["a"],
    "a node without mode has the declared default, link");
  assert.deepEqual(registry.virtualTargets({ id: "o", type: "link out", mode: "return", links: ["a"] }), []);
  assert.deepEqual(registry.virtualTargets({ id: "o", type: "link out", mode: "link" }), []);
});

test("a links field that is not declared as virtual wires draws nothing (link in's back references)", () => {
  assert.deepEqual(registry.virtualTargets({ id: "i", type: "link in", links: ["o"] }), []);
  assert.deepEqual(registry.virtualTargets({ id: "u", type: "unknown", links: ["o"] }), []);
});
