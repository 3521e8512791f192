// The debug sidebar's copy path (paths as a change node or a function takes them) and pins.

import assert from "node:assert/strict";
import { test } from "node:test";

import { childPath, Pins, valueText } from "../js/debugtools.js";

test("paths join identifiers with dots, array positions in brackets, other keys quoted", () => {
  assert.equal(childPath("", "payload", false), "payload");
  assert.equal(childPath("payload", "items", false), "payload.items");
  assert.equal(childPath("payload.items", "1", true), "payload.items[1]");
  assert.equal(childPath("payload", "odd key", false), 'payload["odd key"]');
  assert.equal(childPath("payload", "1st", false), 'payload["1st"]');
  assert.equal(childPath("", "a\"b", false), '["a\\"b"]');
});

test("copy value: strings as they are, the rest as JSON", () => {
  assert.equal(valueText("second"), "second");
  assert.equal(valueText(7), "7");
  assert.equal(JSON.parse(valueText({ a: [1] })).a[0], 1);
});

test("a pin opens its path and the way to it, for its own debug node only", () => {
  const pins = new Pins();
  assert.equal(pins.toggle("d1", "payload.items[1].tags"), true);
  assert.equal(pins.opens("d1", "payload.items"), true);
  assert.equal(pins.opens("d1", "payload.items[1]"), true);
  assert.equal(pins.opens("d1", "payload.item"), false);
  assert.equal(pins.opens("d2", "payload.items"), false);
  assert.equal(pins.toggle("d1", "payload.items[1].tags"), false);
  assert.equal(pins.opens("d1", "payload.items"), false);
});
