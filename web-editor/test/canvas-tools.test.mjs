// The canvas tools' DOM-free rules: the wire path (against the paths Node-RED's editor drew for the seed flow),
// the splice decision and splice, detach, Arrange's arithmetic, groups in Node-RED's flow format, the shortcut list.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { wirePath } from "../js/wirepath.js";
import { canSplice, detach, splice } from "../js/splice.js";
import { alignMoves, distributeMoves, snapPoint } from "../js/arrange.js";
import { DEFAULT_STYLE, addToGroup, groupSelection, mergeSelection, removeFromGroup, ungroupSelection }
  from "../js/groups.js";
import { shortcutRows } from "../js/shortcuts.js";
import { addMenuItem, mainMenuItems, removeMenuItem } from "../js/menu.js";
import { FlowModel } from "../js/model.js";

const numbers = (d) => d.match(/-?\d+(\.\d+)?(e-?\d+)?/g).map(Number);
const letters = (d) => d.match(/[MCSh]/g).join("");

test("every wire of the seed flow is drawn as Node-RED's editor drew it", () => {
  const { paths } = JSON.parse(readFileSync(new URL("./nodered-wire-paths.json", import.meta.url)));
  let loops = 0;
  for (const expected of paths) {
    const n = numbers(expected);
    const [x1, y1, x2, y2] = [n[0], n[1], n[n.length - 2], n[n.length - 1]];
    loops += x2 <= x1 ? 1 : 0;
    const ours = wirePath(x1, y1, x2, y2);
    assert.equal(letters(ours), letters(expected), `commands of ${expected}`);
    const got = numbers(ours);
    assert.equal(got.length, n.length, `${ours} vs ${expected}`);
    got.forEach((v, i) => assert.ok(Math.abs(v - n[i]) < 1e-6, `${ours}\n vs ${expected} at ${i}`));
  }
  assert.ok(loops >= 5, "the seed flow's loop-back wires are among them");
});

test("a loop-back on one row dips below both nodes, lower when a status shows", () => {
  const plain = numbers(wirePath(300, 100, 100, 104));
  const withStatus = numbers(wirePath(300, 100, 100, 104, true));
  assert.equal(Math.max(...plain.filter((_, i) => i % 2 === 1 && i < 12)), 129, "25 px below the lower port");
  assert.equal(Math.max(...withStatus.filter((_, i) => i % 2 === 1 && i < 12)), 139, "35 px with a status");
  assert.match(wirePath(300, 100, 100, 104), / h -200 /, "runs back left under the nodes");
});

function flow(nodes) {
  const m = new FlowModel();
  m.load(nodes);
  return m;
}

test("only a lone node with ports on both sides and no wires may be spliced; splicing rewires through it", () => {
  const m = flow([{ id: "a", type: "inject", z: "t", wires: [["b"]] }, { id: "b", type: "debug", z: "t", wires: [] },
    { id: "n", type: "change", z: "t", wires: [[]] }]);
  const both = { inputs: 1, outputs: 1 };
  assert.equal(canSplice(m, ["n"], both), true);
  assert.equal(canSplice(m, ["n"], { inputs: 1, outputs: 0 }), false, "no output");
  assert.equal(canSplice(m, ["n", "a"], both), false, "more than one node moving");
  assert.equal(canSplice(m, ["a"], both), false, "already wired");
  assert.equal(canSplice(m, ["b"], both), false, "wired into");
  assert.ok(splice(m, "n", { source: "a", port: 0, target: "b" }));
  assert.deepEqual(m.get("a").wires, [["n"]]);
  assert.deepEqual(m.get("n").wires, [["b"]]);
  assert.ok(m.canUndo(), "one undo step");
});

test("detaching joins the nodes before the lifted ones to the nodes after them", () => {
  const m = flow([{ id: "a", type: "x", z: "t", wires: [["b"]] }, { id: "b", type: "x", z: "t", wires: [["c"]] },
    { id: "c", type: "x", z: "t", wires: [["d"]] }, { id: "d", type: "x", z: "t", wires: [] }]);
  assert.ok(detach(m, ["b", "c"]));
  assert.deepEqual(m.get("a").wires, [["d"]], "a now leads to d");
  assert.deepEqual(m.get("b").wires, [["c"]], "the wire inside the lifted pair stays");
  assert.deepEqual(m.get("c").wires, [[]]);
  assert.equal(detach(m, ["b", "c"]), false, "nothing left to detach");
});

test("align and distribute follow Node-RED's Arrange arithmetic", () => {
  const items = [{ id: "a", x: 100, y: 100, w: 100, h: 30 }, { id: "b", x: 300, y: 160, w: 140, h: 30 },
    { id: "g", x: 150, y: 300, w: 200, h: 80, group: true }];
  assert.deepEqual(alignMoves(items, "left"), [{ id: "b", dx: -180, dy: 0 }, { id: "g", dx: -100, dy: 0 }]);
  assert.deepEqual(alignMoves(items, "right"), [{ id: "a", dx: 220, dy: 0 }, { id: "g", dx: 20, dy: 0 }]);
  assert.deepEqual(alignMoves(items, "top"), [{ id: "b", dx: 0, dy: -60 }, { id: "g", dx: 0, dy: -215 }]);
  assert.deepEqual(alignMoves(items, "middle").find((m) => m.id === "a"), { id: "a", dx: 0, dy: 132.5 });
  assert.deepEqual(alignMoves(items.slice(0, 1), "left"), [], "one item has nothing to align with");
  const row = [{ id: "a", x: 100, y: 0, w: 100, h: 30 }, { id: "b", x: 150, y: 0, w: 60, h: 30 },
    { id: "c", x: 500, y: 0, w: 100, h: 30 }];
  assert.deepEqual(distributeMoves(row, "h"), [{ id: "b", dx: 150, dy: 0 }], "equal 120 px gaps");
  assert.deepEqual(snapPoint(133, 47, 100), { x: 130, y: 40 }, "left edge and centre row on the 20 px grid");
});

test("groups are written as Node-RED writes them and come apart again", () => {
  const m = flow([{ id: "a", type: "x", z: "t", x: 100, y: 100, wires: [] },
    { id: "b", type: "x", z: "t", x: 300, y: 100, wires: [] }, { id: "c", type: "x", z: "t", x: 500, y: 200 }]);
  const box = (id) => ({ x: m.get(id).x, y: m.get(id).y, w: 100, h: 30 });
  const g = groupSelection(m, ["a", "b"], "t", box);
  assert.equal(g.type, "group");
  assert.deepEqual(g.nodes, ["a", "b"]);
  assert.deepEqual(g.style, DEFAULT_STYLE);
  assert.deepEqual([g.x, g.y, g.w, g.h], [24, 59, 352, 82], "26 px around the members");
  assert.equal(m.get("a").g, g.id);
  assert.equal(addToGroup(m, [g.id, "c"], box).id, g.id);
  assert.equal(m.get("c").g, g.id);
  assert.equal(g.h, 182, "grew to take c");
  removeFromGroup(m, ["c"], box);
  assert.equal(m.get("c").g, undefined);
  assert.equal(g.h, 82);
  g.style.fill = "#ffcc00";
  const merged = mergeSelection(m, [g.id, "c"], "t", box);
  assert.deepEqual(merged.nodes.sort(), ["a", "b", "c"]);
  assert.equal(merged.style.fill, "#ffcc00", "keeps the merged group's style");
  assert.equal(m.get(g.id), undefined, "the old group is gone");
  const again = groupSelection(m, ["a"], "t", box);
  m.remove([again.id]);
  assert.equal(m.get("a").g, undefined, "deleting a group leaves its members, without a dangling g");
  ungroupSelection(m, [merged.id], box);
  assert.ok(m.nodes.every((n) => n.type !== "group" && n.g === undefined));
  assert.ok(groupSelection(m, [], "t", box).error);
});

test("the shortcuts list is the keymap's, only for actions the editor has", () => {
  const rows = shortcutRows({ redo: () => {}, "group-selection": () => {} });
  assert.deepEqual(rows, [{ action: "redo", keys: ["ctrl-y", "ctrl-shift-z"] },
    { action: "group-selection", keys: ["ctrl-shift-g"] }]);
});

test("main menu entries sort by section and order; re-adding replaces", () => {
  addMenuItem({ id: "t-b", label: "B", section: "io", order: 20, onselect: () => {} });
  addMenuItem({ id: "t-a", label: "A", section: "io", order: 10, onselect: () => {} });
  addMenuItem({ id: "t-z", label: "Z", section: "mine", onselect: () => {} });
  addMenuItem({ id: "t-a", label: "A2", section: "io", order: 10, onselect: () => {} });
  assert.deepEqual(mainMenuItems().map((i) => i && i.label), ["A2", "B", null, "Z"]);
  assert.throws(() => addMenuItem({ id: "x" }), /needs an id, a label and onselect/);
  ["t-a", "t-b", "t-z"].forEach(removeMenuItem);
  assert.deepEqual(mainMenuItems(), []);
});

test("a styled group survives an export of the tab and an import, and a copy and paste", async () => {
  const { exportableSet, copyOf } = await import("../js/flowjson.js");
  const m = flow([{ id: "t", type: "tab", label: "T" }, { id: "a", type: "x", z: "t", x: 100, y: 100, wires: [["b"]] },
    { id: "b", type: "x", z: "t", x: 300, y: 100, wires: [] }]);
  const box = (id) => ({ x: m.get(id).x, y: m.get(id).y, w: 100, h: 30 });
  const g = groupSelection(m, ["a", "b"], "t", box);
  g.name = "Pipeline";
  Object.assign(g.style, { fill: "#ffdf7f", "fill-opacity": 0.5, stroke: "#3f93cf", "label-position": "se" });
  const exported = JSON.parse(JSON.stringify(exportableSet(m.snapshot(), ["t"])));
  const fresh = new FlowModel();
  fresh.load([]);
  fresh.importNodes(exported, null);
  const back = fresh.nodes.find((n) => n.type === "group");
  assert.deepEqual({ ...back }, { ...g }, "the group as it was, field for field");
  assert.equal(fresh.get("a").g, g.id);
  const pasted = m.pasteNodes(JSON.parse(JSON.stringify(copyOf(m.nodes, [g.id]))), "t");
  const copy = pasted.find((n) => n.type === "group");
  assert.notEqual(copy.id, g.id);
  assert.deepEqual(copy.style, g.style);
  assert.deepEqual(copy.nodes.map((id) => m.get(id).g), [copy.id, copy.id], "the copies are its members");
});
