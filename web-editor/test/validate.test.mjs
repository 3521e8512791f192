// validate.js applies a served declaration (GET /nodes) as the runtime's FieldChecks does: rows and their
// sub-fields in use, row counts, ranges, patterns and requiredWhen. Run: node --test web-editor/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { nodeProblems } from "../js/validate.js";

const type = { fields: [
  { name: "rules", kind: "rows", default: [], minRows: 1, maxRows: 2, defaultRow: { t: "set", p: "" }, row: [
    { name: "t", kind: "select", default: "set", options: ["set", "delete"] },
    { name: "p", kind: "string", default: "", required: true, label: "property" },
    { name: "to", kind: "typed", default: "", typeField: "tot", types: ["str", "json"], defaultType: "str",
      label: "value", shownWhen: { t: ["set"] } },
  ] },
  { name: "port", kind: "number", default: 1, range: { min: 0, max: 65535, integer: true } },
  { name: "ssl", kind: "boolean", default: false },
  { name: "key", kind: "code", default: "", pattern: { regex: "-----BEGIN ", problem: "must be PEM text" },
    requiredWhen: [{ when: { ssl: ["true"] }, problem: "ssl needs the key" }] },
] };

test("a valid node has no problems", () => {
  assert.deepEqual(nodeProblems({ rules: [{ t: "set", p: "a", to: "{}", tot: "json" }], port: "8080" }, type), []);
});

test("row problems name the row; a sub-field not in use for the row is not checked", () => {
  assert.deepEqual(nodeProblems({ rules: [{ t: "set", p: "" }, { t: "set", p: "a", to: "{", tot: "json" }] }, type)
    .map((p) => p.replace(/JSON: .*/, "JSON")), ["row 1: property is required", "row 2: value is not valid JSON"]);
  assert.deepEqual(nodeProblems({ rules: [{ t: "delete", p: "a", to: "{", tot: "json" }] }, type), []);
});

test("row counts and ranges", () => {
  assert.deepEqual(nodeProblems({ rules: [] }, type), ["rules needs at least one row"]);
  assert.deepEqual(nodeProblems({ rules: [{ p: "a" }, { p: "b" }, { p: "c" }] }, type),
    ["rules takes at most 2 rows"]);
  assert.deepEqual(nodeProblems({ rules: [{ p: "a" }], port: "1.5" }, type),
    ["port must be a whole number from 0 to 65535"]);
});

test("a lower bound alone has no upper end", () => {
  const timed = { fields: [{ name: "timeout", kind: "number", default: 0, range: { min: 0, integer: false } }] };
  assert.deepEqual(nodeProblems({ timeout: "-1" }, timed), ["timeout must be a number of at least 0"]);
  assert.deepEqual(nodeProblems({ timeout: "1e12" }, timed), []);
});

test("a field required in one mode is checked only in that mode", () => {
  const rules = [{ p: "a" }];
  assert.deepEqual(nodeProblems({ rules, ssl: true }, type), ["ssl needs the key"]);
  assert.deepEqual(nodeProblems({ rules, ssl: true, key: "not pem" }, type), ["ssl needs the key"]);
  assert.deepEqual(nodeProblems({ rules, ssl: false, key: "not pem" }, type), []);
});
