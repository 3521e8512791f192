// The dashboard client's evaluator of Dashboard 1's AngularJS {{…}} texts (src/main/resources/.../web/ng.js), run
// as the page runs it (a classic script adding RW.ng); what these expect is what node-red-dashboard 3.6.6 shows
// (Dashboard1ParityTest compares the two pages; this covers more of each filter). Its sanitizer needs a DOM: the
// parity test covers it.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const source = readFileSync(new URL("../../src/main/resources/io/redwire/nodes/dashboard/web/ng.js", import.meta.url),
  "utf8");
const window = { RW: {} };
const page = vm.createContext({ window });
vm.runInContext(source, page);
const { interpolate, prop: pageProp } = window.RW.ng;
// msgs as the page has them: parsed from the socket's JSON, in the page's realm
const pageJson = vm.runInContext("JSON", page);
const parsed = (msg) => msg === undefined ? msg : pageJson.parse(JSON.stringify(msg));
const fill = (text, msg, value) => interpolate(text, { msg: parsed(msg), value });
const prop = (read, name, msg, type) => pageProp(read, name, parsed(msg), type);
// each [text, what it shows] with msg in scope
const shows = (msg, cases) => cases.forEach(([text, want]) => assert.equal(fill(text, msg), want, text));

test("number rounds half up on the decimal digits, groups thousands and pads to the size asked", () => {
  assert.equal(fill("{{msg.payload | number:1}}", { payload: 0.4567 }), "0.5");
  assert.equal(fill("{{msg.payload | number}}", { payload: 0.4567 }), "0.457");
  assert.equal(fill("{{msg.payload | number}}", { payload: 3 }), "3");
  assert.equal(fill("{{msg.payload | number:2}}", { payload: 1234567.891 }), "1,234,567.89");
  assert.equal(fill("{{msg.payload | number:2}}", { payload: 1.005 }), "1.01");
  assert.equal(fill("{{msg.payload | number:2}}", { payload: -0.0001 }), "0.00");
  assert.equal(fill("{{msg.payload | number:8}}", { payload: 1e-7 }), "0.00000010");
  assert.equal(fill("{{msg.payload | number:0}}", { payload: "41.5" }), "42");
  assert.equal(fill("{{msg.payload | number}}", { payload: "abc" }), "");
  assert.equal(fill("{{msg.payload / 0 | number}}", { payload: 1 }), "∞");
  assert.equal(fill("{{msg.payload * 100 | number:0}}%", { payload: 0.4567 }), "46%");
});

test("currency, case, json and limitTo as AngularJS's en-US filters", () => {
  assert.equal(fill("{{msg.payload | currency}}", { payload: -1234.5 }), "-$1,234.50");
  assert.equal(fill("{{msg.payload | currency:'€':0}}", { payload: 9.5 }), "€10");
  assert.equal(fill("{{msg.payload | uppercase}} {{msg.payload | lowercase}}", { payload: "Mixed" }), "MIXED mixed");
  assert.equal(fill("{{msg.payload | uppercase}}", { payload: 7 }), "7");
  assert.equal(fill("{{msg.payload | json}}", { payload: { a: [1] } }), '{\n  "a": [\n    1\n  ]\n}');
  assert.equal(fill("{{msg.payload | json:0}}", { payload: { a: 1, $$hashKey: "x" } }), '{"a":1}');
  assert.equal(fill("{{msg.payload | limitTo:2}}", { payload: [1, 2, 3] }), "[1,2]");
  assert.equal(fill("{{msg.payload | limitTo:-3}}", { payload: "abcdef" }), "def");
  assert.equal(fill("{{msg.payload | limitTo:2:1}}", { payload: "abcdef" }), "bc");
  assert.equal(fill("{{msg.payload | limitTo:4}}", { payload: 0.4567 }), "0.45");
});

test("date formats a time by AngularJS's tokens, quoted text as written, in the browser's zone", () => {
  const t = new Date(2023, 10, 14, 22, 3, 9, 7).getTime();
  const at = (f) => fill("{{msg.payload | date:" + f + "}}", { payload: t });
  assert.equal(at("'yyyy-MM-dd HH:mm:ss.sss'"), "2023-11-14 22:03:09.007");
  assert.equal(at("'EEE d MMM yy h:mm a'"), "Tue 14 Nov 23 10:03 PM");
  assert.equal(at("\"EEEE MMMM d, y 'at' H:m:s\""), "Tuesday November 14, 2023 at 22:3:9");
  assert.equal(at("\"h 'o''clock' ww w G GGGG yyy\""), "10 o'clock 46 46 AD Anno Domini yyy");
  assert.equal(at("'shortTime'"), "10:03 PM");
  assert.equal(fill("{{msg.payload | date}}", { payload: String(t) }), "Nov 14, 2023");
  assert.equal(fill("{{msg.payload | date:'yyyy'}}", { payload: "not a date" }), "not a date");
});

test("expressions: paths, literals, AngularJS's + and - on what is missing, comparison, ternary, methods", () => {
  const msg = { payload: { a: "x", n: 4, list: [1, 2, 3] }, topic: "hall" };
  shows(msg, [
    ["{{msg.payload.a + ' ' + msg.topic}}", "x hall"],
    ["{{msg.payload['a']}}{{msg.payload.list[1]}}{{msg.payload.missing.deeper}}", "x2"],
    ["{{msg.nothing + 'x'}} {{msg.payload.n - msg.nothing}} {{-msg.nothing}}", "x 4 0"],
    ["{{(msg.payload.n + 1) * 2 % 4}} {{msg.payload.n > 3 ? 'high' : 'low'}}", "2 high"],
    ["{{msg.payload.n === 4 && msg.payload.list.length}} {{!msg.payload.n}}", "3 false"],
    ["{{msg.payload.n.toFixed(2)}} {{msg.payload.a.toUpperCase()}}", "4.00 X"],
    ["{{'it\\'s' + \"\\u0021\"}} {{[1, 'a']}} {{null}}{{undefined}}", "it's! [1,\"a\"] "],
    ["{{msg.payload}}", '{"a":"x","n":4,"list":[1,2,3]}']
  ]);
  assert.equal(fill("{{value}}", {}, "0.5"), "0.5");
  assert.equal(fill("no braces", {}), "no braces");
});

test("nothing outside the msg's data is reachable, and what does not parse shows nothing", () => {
  const msg = { payload: "s" };
  shows(msg, [
    ["{{msg.constructor}}", "{{msg.constructor}}"],
    ["{{msg.payload.__proto__}}{{msg['__proto__']}}", ""],
    ["{{msg.payload.valueOf()}}{{msg.payload.at(0)}}", ""],
    ["{{msg.payload | nosuch}}", ""],
    ["{{msg.payload +}} and more", ""],
    ["{{msg.payload; 1}}", ""]
  ]);
});

test("a widget's texts: only the msg fields Dashboard 1 sends, and a text that fails empties those after it", () => {
  const widget = (w) => (name) => w[name];
  const msg = { payload: { a: "x" }, topic: "hall", color: "red" };
  // Dashboard 1 sends msg.topic with the value only where an expression starts with it
  assert.equal(prop(widget({ format: "{{msg.payload.a + ' ' + msg.topic}}" }), "format", msg, "ui-text"), "x ");
  assert.equal(prop(widget({ format: "{{msg.payload.a}}", label: "{{msg.topic}}" }), "format", msg, "ui-text"),
    "x");
  assert.equal(prop(widget({ label: "{{msg.topic}} button", buttonColor: "{{msg.color}}" }), "buttonColor", msg,
    "ui-button"), "red");
  assert.equal(prop(widget({ format: "{{value}}" }), "format", { payload: { a: 1 } }, "ui-text"), "[object Object]");
  assert.equal(prop(widget({ format: "{{msg.payload | nosuch}}", label: "plain" }), "label", msg, "ui-text"), "");
  assert.equal(prop(widget({ format: "{{msg.payload.a}}", label: "{{1 +}}" }), "format", msg, "ui-text"), "x");
  // a text naming "constructor" is not compiled: the format's place shows it as written, its own nothing
  const named = widget({ format: "{{msg.payload.a}}", label: "constructor" });
  assert.deepEqual([prop(named, "format", msg, "ui-text"), prop(named, "label", msg, "ui-text")], ["constructor", ""]);
  assert.equal(prop(widget({ label: "{{msg.topic}}", min: "{{msg.topic}}" }), "min", msg, "ui-slider"),
    "{{msg.topic}}");
});
