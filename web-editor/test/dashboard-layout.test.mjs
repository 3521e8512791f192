// The dashboard layout sidebar's tree and edits (dashboard.js), found from the declarations alone: pages, groups and
// widgets in order with their sizes, reordering renumbering `order` 1..n, resizing writing width/height.

import assert from "node:assert/strict";
import { test } from "node:test";

import { LayoutRoles, layoutTree, moveTo, resize, siblings, step } from "../js/dashboard.js";
import { FlowModel } from "../js/model.js";
import { Registry } from "../js/registry.js";

const num = (name, d) => ({ name, kind: "number", default: d, required: false });
const config = (name, configType, required = false) => ({ name, kind: "config", configType, required });
// the fields that matter here, as GET /nodes serves the dashboard family (NodeType.describe)
const registry = new Registry([
  { type: "ui-base", config: true, fields: [{ name: "path", kind: "string" }] },
  { type: "ui-theme", config: true, fields: [] },
  { type: "ui-page", config: true, fields: [config("ui", "ui-base", true), config("theme", "ui-theme"),
    num("order", -1)] },
  { type: "ui-link", config: true, fields: [config("ui", "ui-base", true), num("order", -1)] },
  { type: "ui-group", config: true, fields: [config("page", "ui-page", true), num("width", 6), num("height", 1),
    num("order", -1)] },
  { type: "ui-button", fields: [config("group", "ui-group", true), num("order", 0), num("width", 0),
    num("height", 0)] },
  { type: "ui-notification", fields: [config("ui", "ui-base", true)] },
  { type: "inject", fields: [] },
]);

function workspace() {
  const m = new FlowModel();
  m.load([{ id: "t", type: "tab", label: "Flow" },
    { id: "base", type: "ui-base", path: "/dashboard" },
    { id: "theme", type: "ui-theme" },
    { id: "p2", type: "ui-page", ui: "base", theme: "theme", order: 2 },
    { id: "p1", type: "ui-page", ui: "base", theme: "theme", order: 1 },
    { id: "lnk", type: "ui-link", ui: "base", order: 3 },
    { id: "gB", type: "ui-group", page: "p1", width: 6, height: 1, order: 2 },
    { id: "gA", type: "ui-group", page: "p1", width: 4, height: 2, order: 1 },
    { id: "w3", type: "ui-button", z: "t", group: "gA", order: 3, width: 0, height: 0, x: 1, y: 1, wires: [] },
    { id: "w1", type: "ui-button", z: "t", group: "gA", order: 1, width: 2, height: 1, x: 1, y: 2, wires: [] },
    { id: "w2", type: "ui-button", z: "t", group: "gA", order: 2, width: 3, height: 1, x: 1, y: 3, wires: [] },
    { id: "w4", type: "ui-button", z: "t", group: "gB", order: 1, x: 1, y: 4, wires: [] },
    { id: "orphan", type: "ui-button", z: "t", group: "gone", order: 1, x: 1, y: 5, wires: [] },
    { id: "note", type: "ui-notification", z: "t", ui: "base", x: 1, y: 6, wires: [] },
    { id: "i", type: "inject", z: "t", x: 1, y: 7, wires: [] }]);
  return m;
}

const roles = new LayoutRoles(registry);
const ids = (nodes) => nodes.map((n) => n.id);
const shape = (m) => layoutTree(m, roles).map((d) => ({ root: d.root?.id ?? null, pages: d.pages.map((p) => ({
  page: p.node.id, groups: p.groups.map((g) => ({ group: g.node.id, widgets: ids(g.widgets) })) })) }));

test("the declarations give the roles: what names a widget's group, a group's page and a page's dashboard", () => {
  assert.equal(roles.parentField({ type: "ui-button" }), "group");
  assert.equal(roles.parentField({ type: "ui-group" }), "page");
  assert.equal(roles.parentField({ type: "ui-page" }), "", "a page: laid out, no laid-out parent");
  assert.equal(roles.rootFields.get("ui-page"), "ui", "the required config field, not the theme");
  assert.equal(roles.parentField({ type: "ui-notification" }), undefined, "no order field: not laid out");
  assert.equal(roles.parentField({ type: "ui-base" }), undefined);
  assert.equal(roles.sized({ type: "ui-group" }), true);
  assert.equal(roles.sized({ type: "ui-page" }), false);
});

test("the tree lists the dashboard's pages, groups and widgets by order; a widget of a missing group is left out", () => {
  assert.deepEqual(shape(workspace()), [{ root: "base", pages: [
    { page: "p1", groups: [{ group: "gA", widgets: ["w1", "w2", "w3"] }, { group: "gB", widgets: ["w4"] }] },
    { page: "p2", groups: [] },
    { page: "lnk", groups: [] }] }]);
});

test("nodes without an order keep their workspace order after the numbered ones", () => {
  const m = workspace();
  delete m.get("w1").order;
  m.get("w2").order = "";
  assert.deepEqual(ids(siblings(m, roles, m.get("w3"))), ["w3", "w1", "w2"]);
});

test("moving a widget up or down renumbers its group's widgets 1..n and is one undoable change", () => {
  const m = workspace();
  assert.equal(step(m, roles, m.get("w3"), -1), true);
  m.changed();
  assert.deepEqual(shape(m)[0].pages[0].groups[0].widgets, ["w1", "w3", "w2"]);
  assert.deepEqual(["w1", "w3", "w2"].map((id) => m.get(id).order), [1, 2, 3]);
  assert.equal(m.isChanged(m.get("w3")), true, "the deploy's changed marker sees it");
  assert.equal(m.get("w4").order, 1, "another group's widgets are not touched");
  assert.equal(step(m, roles, m.get("w1"), -1), false, "the first cannot go further up");
  m.undo();
  assert.deepEqual(shape(m)[0].pages[0].groups[0].widgets, ["w1", "w2", "w3"]);
});

test("dropping a widget into another group moves it there and renumbers both groups", () => {
  const m = workspace();
  assert.equal(moveTo(m, roles, m.get("w1"), 0, "gB"), true);
  assert.equal(m.get("w1").group, "gB");
  assert.deepEqual(shape(m)[0].pages[0].groups.map((g) => g.widgets), [["w2", "w3"], ["w1", "w4"]]);
  assert.deepEqual(["w2", "w3", "w1", "w4"].map((id) => m.get(id).order), [1, 2, 1, 2]);
});

test("groups reorder within their page and pages within their dashboard, links among the pages", () => {
  const m = workspace();
  moveTo(m, roles, m.get("gB"), 0);
  assert.deepEqual(shape(m)[0].pages[0].groups.map((g) => g.group), ["gB", "gA"]);
  assert.deepEqual([m.get("gB").order, m.get("gA").order], [1, 2]);
  moveTo(m, roles, m.get("lnk"), 0);
  assert.deepEqual(shape(m)[0].pages.map((p) => p.page), ["lnk", "p1", "p2"]);
  assert.deepEqual(["lnk", "p1", "p2"].map((id) => m.get(id).order), [1, 2, 3]);
});

test("resizing writes whole, non-negative widths and heights and says when nothing changed", () => {
  const g = workspace().get("gA");
  assert.equal(resize(g, "width", "8"), true);
  assert.equal(g.width, 8);
  assert.equal(resize(g, "width", 8), false);
  assert.equal(resize(g, "height", "2.6"), true);
  assert.equal(g.height, 3);
  assert.equal(resize(g, "height", -4), true);
  assert.equal(g.height, 0);
  assert.equal(resize(g, "height", "abc"), false);
  assert.equal(g.height, 0);
});

test("a width the flow keeps as a string stays a string", () => {
  const g = { id: "g", type: "ui-group", width: "6" };
  assert.equal(resize(g, "width", 3), true);
  assert.equal(g.width, "3");
});

test("Dashboard 1's tabs, groups and widgets lay out the same way, their tabs under no dashboard", () => {
  const d1 = new LayoutRoles(new Registry([
    { type: "ui_tab", config: true, fields: [num("order", 0)] },
    { type: "ui_group", config: true, fields: [config("tab", "ui_tab", true), num("order", 0), num("width", 6)] },
    { type: "ui_button", fields: [config("group", "ui_group", true), num("order", 0), num("width", 0),
      num("height", 0)] },
  ]));
  const m = new FlowModel();
  m.load([{ id: "tab", type: "ui_tab", order: 1 }, { id: "g", type: "ui_group", tab: "tab", order: 1, width: 6 },
    { id: "b2", type: "ui_button", group: "g", order: 2 }, { id: "b1", type: "ui_button", group: "g", order: 1 }]);
  const [dash] = layoutTree(m, d1);
  assert.equal(dash.root, null);
  assert.deepEqual(ids(dash.pages[0].groups[0].widgets), ["b1", "b2"]);
  assert.equal(d1.sized(m.get("g")), false, "a Dashboard 1 group declares no height: no size inputs");
});
