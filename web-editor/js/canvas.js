// The SVG canvas of one workspace: nodes, wires, groups, subflow ports, statuses, and the mouse gestures that edit
// them. Wires are indexed by node so a drag only redraws the wires of the nodes it moves (2000-node tabs stay fast).

import { newId } from "./model.js";
import { nodeProblems } from "./validate.js";
import { wirePath } from "./wirepath.js";

const SVGNS = "http://www.w3.org/2000/svg";
const NODE_HEIGHT = 30;
const PORT_SIZE = 10;
const PORT_GAP = 13;
const ICON_WIDTH = 30;
const SUBFLOW_PORT = 40;
const DOUBLE_CLICK_MS = 400;
export const ZOOM_MIN = 0.3;
export const ZOOM_MAX = 2;
const STATUS_COLORS = { red: "#c0392b", green: "#5a8", yellow: "#F9DF31", blue: "#53A3F3", grey: "#d3d3d3" };

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, v);
  }
  if (parent) {
    parent.appendChild(e);
  }
  return e;
}

let measure;
function textWidth(text) {
  measure = measure || document.createElement("canvas").getContext("2d");
  measure.font = "14px system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";
  return measure.measureText(text).width;
}

export class Canvas {
  /**
   * @param hooks {open(node), button(declared button, node), showTab(id), selectionChanged(),
   *   quickAdd(clientX, clientY)}
   */
  constructor(svg, model, registry, hooks) {
    this.svg = svg;
    this.model = model;
    this.registry = registry;
    this.hooks = hooks;
    this.tab = null;
    this.views = new Map();
    this.view = { x: 0, y: 0, k: 1 };
    this.selection = new Set();
    this.selectedWire = null;
    this.statuses = new Map();
    this.geoms = new Map();
    this.nodeEls = new Map();
    this.wiresByNode = new Map();
    this.drag = null;
    this.lastPress = { id: null, time: 0 };
    this.viewListeners = new Set();

    this.viewport = el("g", { class: "viewport" }, svg);
    this.groupLayer = el("g", { class: "groups" }, this.viewport);
    this.wireLayer = el("g", { class: "wires" }, this.viewport);
    this.nodeLayer = el("g", { class: "nodes" }, this.viewport);
    this.dragLayer = el("g", { class: "drag-layer" }, this.viewport); // see liftForDrag
    this.overlay = el("g", { class: "overlay-layer" }, this.viewport);

    svg.addEventListener("mousedown", (e) => this.onMouseDown(e));
    svg.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      this.hooks.contextMenu?.(e);
    });
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      if (e.ctrlKey || e.metaKey) {
        this.zoomAt(this.view.k * (e.deltaY < 0 ? 1.1 : 1 / 1.1), e.clientX, e.clientY);
      } else {
        this.setView(this.view.x - e.deltaX, this.view.y - e.deltaY);
      }
    }, { passive: false });
    document.addEventListener("mousemove", (e) => this.onMouseMove(e));
    document.addEventListener("mouseup", (e) => this.onMouseUp(e));
  }

  setTab(id) {
    if (this.tab) {
      this.views.set(this.tab, { ...this.view });
    }
    this.tab = id;
    this.view = this.views.get(id) || { x: 0, y: 0, k: 1 };
    this.selection.clear();
    this.selectedWire = null;
    this.render();
    this.selectionChanged();
  }

  onView(fn) {
    this.viewListeners.add(fn);
  }

  setView(x, y, k = this.view.k) {
    this.view = { x: Math.min(200, x), y: Math.min(200, y), k };
    this.viewport.setAttribute("transform", `translate(${this.view.x},${this.view.y}) scale(${this.view.k})`);
    this.svg.style.backgroundSize = `${20 * k}px ${20 * k}px`;
    this.svg.style.backgroundPosition = `${this.view.x}px ${this.view.y}px`;
    for (const fn of this.viewListeners) {
      fn();
    }
  }

  /** Zooms to k keeping the canvas point under (clientX, clientY) in place (the centre when omitted). */
  zoomAt(k, clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const cx = clientX === undefined ? r.width / 2 : clientX - r.left;
    const cy = clientY === undefined ? r.height / 2 : clientY - r.top;
    const next = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(k * 100) / 100));
    const px = (cx - this.view.x) / this.view.k;
    const py = (cy - this.view.y) / this.view.k;
    this.setView(cx - px * next, cy - py * next, next);
  }

  zoomIn() {
    this.zoomAt(this.view.k * 1.25);
  }

  zoomOut() {
    this.zoomAt(this.view.k / 1.25);
  }

  zoomReset() {
    this.zoomAt(1);
  }

  /** Fits every node of the tab into the view (Node-RED's ctrl-1). */
  zoomFit() {
    const b = this.bounds();
    if (!b) {
      return;
    }
    const r = this.svg.getBoundingClientRect();
    const k = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.min(r.width / (b.w + 80), r.height / (b.h + 80))));
    this.setView(r.width / 2 - (b.x + b.w / 2) * k, r.height / 2 - (b.y + b.h / 2) * k, k);
  }

  /** The box around everything on the tab, in canvas coordinates. */
  bounds() {
    let x1 = Infinity;
    let y1 = Infinity;
    let x2 = -Infinity;
    let y2 = -Infinity;
    for (const g of this.geoms.values()) {
      x1 = Math.min(x1, g.x);
      y1 = Math.min(y1, g.y);
      x2 = Math.max(x2, g.x + g.w);
      y2 = Math.max(y2, g.y + g.h);
    }
    return x1 === Infinity ? null : { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
  }

  // ---- geometry ----------------------------------------------------------------------------------------------

  /** Top-left box and ports of a node; x/y in the flow file are its centre, as in Node-RED. */
  geometry(node, index) {
    // a junction is flow-file structure, like tab, subflow and group, not a node type with a look of its own:
    // Node-RED's editor draws it itself as a bare wiring point (no label, icon, button or form)
    const junction = node.type === "junction";
    const label = this.registry.label(node, this.model);
    const outputs = this.registry.outputs(node, this.model);
    const inputs = this.registry.inputs(node, this.model);
    const icon = !junction;
    const labelHidden = node.l === false; // the Appearance tab's "show label" off: an icon-only node, as in Node-RED
    const w = junction ? 10 : labelHidden ? ICON_WIDTH + 10 : Math.max(100, Math.ceil((textWidth(label) + 50 + (icon ? ICON_WIDTH - 10 : 0)) / 20) * 20);
    const h = junction ? 10 : Math.max(NODE_HEIGHT, outputs * 15);
    const cx = typeof node.x === "number" ? node.x : 120 + 160 * Math.floor(index / 10);
    const cy = typeof node.y === "number" ? node.y : 60 + 50 * (index % 10);
    return { x: cx - w / 2, y: cy - h / 2, w, h, inputs, outputs, label, junction, labelHidden };
  }

  outputPoint(g, port) {
    return { x: g.x + g.w, y: g.y + g.h / 2 + (port - (g.outputs - 1) / 2) * PORT_GAP };
  }

  inputPoint(g) {
    return { x: g.x, y: g.y + g.h / 2 };
  }

  canvasPoint(e) {
    const r = this.svg.getBoundingClientRect();
    return { x: (e.clientX - r.left - this.view.x) / this.view.k, y: (e.clientY - r.top - this.view.y) / this.view.k };
  }

  containsClientPoint(x, y) {
    const r = this.svg.getBoundingClientRect();
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  render() {
    for (const layer of [this.groupLayer, this.wireLayer, this.nodeLayer, this.dragLayer, this.overlay]) {
      layer.replaceChildren();
    }
    this.geoms.clear();
    this.nodeEls.clear();
    this.setView(this.view.x, this.view.y, this.view.k);
    if (!this.tab) {
      return;
    }
    for (const g of this.model.groupsOn(this.tab)) {
      this.drawGroup(g);
    }
    this.model.nodesOn(this.tab, this.registry).forEach((n, i) => {
      const geom = this.geometry(n, i);
      this.geoms.set(n.id, geom);
      this.drawNode(n, geom);
    });
    const ws = this.model.get(this.tab);
    if (ws && ws.type === "subflow") {
      this.drawSubflowPorts(ws);
    }
    for (const id of [...this.selection]) {
      if (!this.geoms.has(id) && !this.isGroup(id)) {
        this.selection.delete(id);
      }
    }
    this.renderWires();
  }

  isGroup(id) {
    const g = this.model.get(id);
    return !!g && g.type === "group" && g.z === this.tab;
  }

  drawGroup(group) {
    if (typeof group.x !== "number" || typeof group.w !== "number") {
      return;
    }
    const style = group.style || {};
    const g = el("g", { class: "group" + (this.selection.has(group.id) ? " selected" : ""), "data-id": group.id },
      this.groupLayer);
    // inline style: it wins over the stylesheet's default look, as the style the user chose must
    const paint = (key) => (style[key] && style[key] !== "none"
      ? `${key}:${style[key]};${key}-opacity:${style[key + "-opacity"] ?? 1};` : "");
    const look = paint("fill") + paint("stroke") + (style.stroke ? "stroke-dasharray:none;" : "");
    el("rect", { class: "group-box", x: group.x, y: group.y, width: group.w, height: group.h, rx: 6,
      ...(look ? { style: look } : {}) }, g);
    if (group.name && style.label !== false) { // Node-RED's label positions: n(orth)/s(outh) and w/centre/e
      const pos = style["label-position"] || "nw";
      const x = pos.endsWith("w") ? group.x + 8 : pos.endsWith("e") ? group.x + group.w - 8 : group.x + group.w / 2;
      const y = pos.startsWith("s") ? group.y + group.h - 8 : group.y + 16;
      el("text", { class: `group-label pos-${pos}`, x, y, ...(style.color ? { style: `fill:${style.color}` } : {}) },
        g).textContent = group.name;
    }
    el("rect", { class: "group-resize", x: group.x + group.w - 10, y: group.y + group.h - 10, width: 10,
      height: 10 }, g);
  }

  drawNode(node, geom) {
    const unknown = this.registry.isUnknown(node, this.model);
    const classes = ["node"];
    if (unknown) {
      classes.push("unknown");
    }
    if (node.d === true) {
      classes.push("disabled");
    }
    if (this.selection.has(node.id)) {
      classes.push("selected");
    }
    if (node.type === "junction") {
      classes.push("junction");
    }
    const g = el("g", { class: classes.join(" "), "data-id": node.id, "data-type": node.type,
      transform: `translate(${geom.x},${geom.y})` }, this.nodeLayer);
    this.nodeEls.set(node.id, g);
    el("title", {}, g).textContent = unknown ? `unknown node type: ${node.type}` : `${node.type} ${node.id}`;
    el("rect", { class: "node-body", width: geom.w, height: geom.h, rx: geom.junction ? 3 : 5,
      fill: this.registry.color(node, this.model) }, g);
    if (!geom.junction) {
      const right = this.registry.alignRight(node);
      const icon = this.registry.icon(node, this.model);
      const ix = geom.labelHidden ? 5 : right ? geom.w - ICON_WIDTH : 0;
      el("path", { class: "node-icon-shade" + (geom.labelHidden ? " bare" : ""), d: right
        ? `M ${ix} 0 H ${geom.w - 5} a 5 5 0 0 1 5 5 V ${geom.h - 5} a 5 5 0 0 1 -5 5 H ${ix} Z`
        : `M 5 0 H ${ICON_WIDTH} V ${geom.h} H 5 a 5 5 0 0 1 -5 -5 V 5 a 5 5 0 0 1 5 -5 Z` }, g);
      el("image", { class: "node-icon", href: "editor/icons/" + icon + ".svg", x: ix + 5, y: geom.h / 2 - 10,
        width: 20, height: 20 }, g);
      const textX = right ? (geom.w - ICON_WIDTH) / 2 : ICON_WIDTH + (geom.w - ICON_WIDTH) / 2;
      if (!geom.labelHidden) {
        el("text", { class: "node-label" + (node.name ? "" : " auto"), x: textX, y: geom.h / 2,
          "text-anchor": "middle" }, g).textContent = geom.label;
      }
    }
    if (unknown) {
      el("text", { class: "node-warning", x: 4, y: geom.h / 2 }, g).textContent = "⚠";
    }
    if (geom.inputs > 0) {
      const p = el("g", { class: "port port-in", transform: `translate(${-PORT_SIZE / 2},${geom.h / 2 - PORT_SIZE / 2})` }, g);
      el("rect", { width: PORT_SIZE, height: PORT_SIZE, rx: 3 }, p);
      const label = this.registry.portLabel(node, "input", 0);
      if (label) {
        el("title", {}, p).textContent = label;
      }
    }
    for (let i = 0; i < geom.outputs; i++) {
      const y = this.outputPoint(geom, i).y - geom.y;
      const p = el("g", { class: "port port-out", "data-port": i,
        transform: `translate(${geom.w - PORT_SIZE / 2},${y - PORT_SIZE / 2})` }, g);
      el("rect", { width: PORT_SIZE, height: PORT_SIZE, rx: 3 }, p);
      const label = this.registry.portLabel(node, "output", i);
      if (label) {
        el("title", {}, p).textContent = label;
      }
    }
    this.drawLinkPort(g, node, geom);
    const button = this.registry.button(node);
    if (button) {
      this.drawButton(g, node, button, geom);
    }
    if (!geom.junction && !unknown) {
      const problems = nodeProblems(node, this.registry.get(node.type));
      if (problems.length) {
        const t = el("path", { class: "node-invalid", d: `M ${geom.w - 16} ${-4} l 6 -10 l 6 10 z` }, g);
        el("title", {}, t).textContent = problems.join("\n");
      }
    }
    if (this.model.isChanged(node)) {
      el("circle", { class: "node-changed", cx: geom.w - 4, cy: -4, r: 4 }, g)
        .appendChild(el("title")).textContent = "changed since the last deploy";
    }
    this.drawStatus(g, node.id, geom);
  }

  /** The declared button, on the icon side (right for nodes that only receive): square to press, round to toggle. */
  /**
   * Node-RED's link port: a link out (sending by virtual wires) has one on its right, a link in on its left;
   * dragging from it to the other kind of node links the two (see linkNodes).
   */
  drawLinkPort(g, node, geom) {
    const sends = this.registry.sendsVirtually(node);
    if (!sends && !this.registry.receivesVirtually(node)) {
      return;
    }
    const x = sends ? geom.w - PORT_SIZE / 2 : -PORT_SIZE / 2;
    const p = el("g", { class: "port port-link", transform: `translate(${x},${geom.h / 2 - PORT_SIZE / 2})` }, g);
    el("rect", { width: PORT_SIZE, height: PORT_SIZE, rx: 3 }, p);
  }

  /** Whether the flow shown is locked (`locked: true`): as in Node-RED, its canvas is looked at, not changed. */
  locked() {
    return this.model.get(this.tab)?.locked === true;
  }

  drawButton(g, node, button, geom) {
    const off = !!button.toggle && node[button.toggle] === false;
    const title = !button.toggle ? button.title
      : `${button.title} ${off ? "off (click to enable)" : "on (click to disable)"}`;
    const x = this.registry.alignRight(node) ? geom.w + 6 : -24;
    const b = el("g", { class: `node-button ${button.action}-button${off ? " off" : ""}`,
      "data-action": button.action, transform: `translate(${x},${geom.h / 2 - 9})` }, g);
    el("title", {}, b).textContent = title;
    el("rect", { width: 18, height: 18, rx: 4 }, b);
    el("rect", { class: "button-mark", x: 5, y: 5, width: 8, height: 8, rx: button.toggle ? 4 : 0 }, b);
  }

  drawStatus(g, id, geom) {
    g.querySelector(":scope > .node-status")?.remove();
    const st = this.statuses.get(id);
    if (!st || (!st.fill && !st.shape && (st.text === undefined || st.text === ""))) {
      return;
    }
    const s = el("g", { class: "node-status", transform: `translate(0,${geom.h + 5})` }, g);
    let textX = 0;
    if (st.fill || st.shape) {
      const color = STATUS_COLORS[st.fill] || STATUS_COLORS.grey;
      const ring = st.shape === "ring";
      el("rect", { class: "status-shape", width: 9, height: 9, rx: st.shape === "ring" || st.shape === "dot" ? 4.5 : 2,
        fill: ring ? "#fff" : color, stroke: color, "stroke-width": ring ? 3 : 1 }, s);
      textX = 14;
    }
    if (st.text !== undefined && st.text !== "") {
      el("text", { class: "status-text", x: textX, y: 5 }, s).textContent = String(st.text);
    }
  }

  /** A status from the runtime ({} clears it). */
  setStatus(id, status) {
    if (!status || Object.keys(status).length === 0) {
      this.statuses.delete(id);
    } else {
      this.statuses.set(id, status);
    }
    const g = this.nodeEls.get(id);
    if (g && this.geoms.has(id)) {
      this.drawStatus(g, id, this.geoms.get(id));
    }
  }

  clearStatuses() {
    this.statuses.clear();
    this.nodeLayer.querySelectorAll(".node-status").forEach((s) => s.remove());
  }

  /** Subflow definition tabs: the input, output and status ports are pseudo-nodes with ids "in:i", "out:i". */
  drawSubflowPorts(def) {
    const ports = [
      ...(Array.isArray(def.in) ? def.in : []).map((p, i) => ({ p, id: `in:${i}`, label: "in", inputs: 0, outputs: 1 })),
      ...(Array.isArray(def.out) ? def.out : []).map((p, i) => ({ p, id: `out:${i}`, label: String(i + 1),
        inputs: 1, outputs: 0 })),
      ...(def.status && typeof def.status === "object" ? [{ p: def.status, id: "status", label: "status",
        inputs: 1, outputs: 0 }] : []),
    ];
    for (const { p, id, label, inputs, outputs } of ports) {
      const geom = { x: (p.x ?? 60) - SUBFLOW_PORT / 2, y: (p.y ?? 60) - SUBFLOW_PORT / 2, w: SUBFLOW_PORT,
        h: SUBFLOW_PORT, inputs, outputs, label, subflowPort: true };
      this.geoms.set(id, geom);
      const g = el("g", { class: "node subflow-port", "data-id": id, transform: `translate(${geom.x},${geom.y})` },
        this.nodeLayer);
      this.nodeEls.set(id, g);
      el("rect", { class: "node-body", width: geom.w, height: geom.h, rx: 8 }, g);
      el("text", { class: "node-label", x: geom.w / 2, y: geom.h / 2, "text-anchor": "middle" }, g).textContent = label;
      if (inputs) {
        const pin = el("g", { class: "port port-in", transform: `translate(${-PORT_SIZE / 2},${geom.h / 2 - PORT_SIZE / 2})` }, g);
        el("rect", { width: PORT_SIZE, height: PORT_SIZE, rx: 3 }, pin);
      }
      if (outputs) {
        const pout = el("g", { class: "port port-out", "data-port": 0,
          transform: `translate(${geom.w - PORT_SIZE / 2},${geom.h / 2 - PORT_SIZE / 2})` }, g);
        el("rect", { width: PORT_SIZE, height: PORT_SIZE, rx: 3 }, pout);
      }
    }
  }

  /** Every wire on the tab as {source, port, target, dashed}: node wires, link connections, subflow ports. */
  wireList() {
    const out = [];
    for (const id of this.geoms.keys()) {
      const node = this.model.get(id);
      if (!node) {
        continue;
      }
      if (Array.isArray(node.wires)) {
        node.wires.forEach((targets, port) => {
          if (Array.isArray(targets)) {
            for (const target of targets) {
              out.push({ source: id, port, target });
            }
          }
        });
      }
      for (const target of this.registry.virtualTargets(node)) {
        out.push({ source: id, port: 0, target, link: true });
      }
    }
    const def = this.model.get(this.tab);
    if (def && def.type === "subflow") {
      (def.in || []).forEach((p, i) => (p.wires || []).forEach((w) => out.push({ source: `in:${i}`, port: 0,
        target: w.id })));
      (def.out || []).forEach((p, i) => (p.wires || []).forEach((w) => out.push({ source: w.id, port: w.port || 0,
        target: `out:${i}` })));
      if (def.status && Array.isArray(def.status.wires)) {
        def.status.wires.forEach((w) => out.push({ source: w.id, port: w.port || 0, target: "status" }));
      }
    }
    return out;
  }

  renderWires() {
    this.wireLayer.replaceChildren();
    this.wiresByNode.clear();
    for (const w of this.wireList()) {
      const sg = this.geoms.get(w.source);
      const tg = this.geoms.get(w.target);
      if (!sg || !tg) {
        continue;
      }
      const sel = !w.link && this.selectedWire && this.selectedWire.source === w.source
        && this.selectedWire.port === w.port && this.selectedWire.target === w.target;
      const path = el("path", { class: (w.link ? "link-wire" : "wire") + (sel ? " selected" : ""),
        d: this.wirePath(w), "data-source": w.source, "data-port": w.port, "data-target": w.target },
      this.wireLayer);
      path.wire = w;
      for (const id of [w.source, w.target]) {
        if (!this.wiresByNode.has(id)) {
          this.wiresByNode.set(id, []);
        }
        this.wiresByNode.get(id).push(path);
      }
    }
  }

  wirePath(w) {
    const sg = this.geoms.get(w.source);
    const tg = this.geoms.get(w.target);
    const a = this.outputPoint(sg, Math.min(w.port, Math.max(sg.outputs - 1, 0)));
    const b = this.inputPoint(tg);
    return wirePath(a.x, a.y, b.x, b.y, this.statuses.has(w.source) || this.statuses.has(w.target));
  }

  /** Redraws only the wires touching these nodes. */
  updateWiresOf(ids) {
    const done = new Set();
    for (const id of ids) {
      for (const path of this.wiresByNode.get(id) || []) {
        if (!done.has(path)) {
          done.add(path);
          path.setAttribute("d", this.wirePath(path.wire));
        }
      }
    }
  }

  refreshSelection() {
    for (const [id, g] of this.nodeEls) {
      g.classList.toggle("selected", this.selection.has(id));
    }
    for (const g of this.groupLayer.querySelectorAll(".group")) {
      g.classList.toggle("selected", this.selection.has(g.dataset.id));
    }
    for (const p of this.wireLayer.querySelectorAll(".wire.selected")) {
      p.classList.remove("selected");
    }
    if (this.selectedWire) {
      const w = this.selectedWire;
      this.wireLayer.querySelector(`.wire[data-source="${CSS.escape(w.source)}"][data-port="${w.port}"]`
        + `[data-target="${CSS.escape(w.target)}"]`)?.classList.add("selected");
    }
    this.selectionChanged();
  }

  selectionChanged() {
    if (this.hooks.selectionChanged) {
      this.hooks.selectionChanged();
    }
  }

  /** Selected nodes (not groups or subflow ports). */
  selectedNodes() {
    return [...this.selection].map((id) => this.model.get(id)).filter((n) => n && n.type !== "group");
  }

  // ---- gestures ----------------------------------------------------------------------------------------------

  onMouseDown(e) {
    this.svg.focus({ preventScroll: true });
    if (this.tools?.pressWhileFollowing(e)) {
      return;
    }
    const t = e.target;
    if (e.button === 2) { // the context menu's press: it acts on what is under the mouse, selected first
      this.pressForMenu(t);
      return;
    }
    if (e.button === 1 || (e.button === 0 && e.altKey)) {
      this.drag = { mode: "pan", sx: e.clientX, sy: e.clientY, px: this.view.x, py: this.view.y };
      this.svg.classList.add("panning");
      e.preventDefault();
      return;
    }
    if (e.button !== 0) {
      return;
    }
    const nodeEl = t.closest(".node");
    const button = t.closest(".node-button");
    const locked = this.locked();
    if (button && nodeEl) {
      this.drag = { mode: "button", id: nodeEl.dataset.id, action: button.dataset.action };
      e.preventDefault();
      return;
    }
    const linkPort = t.closest(".port-link");
    if (linkPort && nodeEl && !locked) {
      const g = this.geoms.get(nodeEl.dataset.id);
      const start = this.registry.sendsVirtually(this.model.get(nodeEl.dataset.id)) ? this.outputPoint(g, 0)
        : this.inputPoint(g);
      this.drag = { mode: "link", from: nodeEl.dataset.id, start,
        path: el("path", { class: "drag-wire link-wire", d: curve(start, start) }, this.overlay) };
      e.preventDefault();
      return;
    }
    const out = t.closest(".port-out");
    if (out && nodeEl && !locked) {
      const source = nodeEl.dataset.id;
      const port = Number(out.dataset.port);
      const start = this.outputPoint(this.geoms.get(source), port);
      this.drag = { mode: "wire", source, port, start,
        path: el("path", { class: "drag-wire", d: curve(start, start) }, this.overlay) };
      e.preventDefault();
      return;
    }
    const inPort = t.closest(".port-in");
    if (inPort && nodeEl && !locked) { // dragging back from an input: released on a node, wires that node's output here
      const target = nodeEl.dataset.id;
      const end = this.inputPoint(this.geoms.get(target));
      this.drag = { mode: "wire-back", target, end,
        path: el("path", { class: "drag-wire", d: curve(end, end) }, this.overlay) };
      e.preventDefault();
      return;
    }
    if (nodeEl) {
      const id = nodeEl.dataset.id;
      const now = performance.now();
      if (this.lastPress.id === id && now - this.lastPress.time < DOUBLE_CLICK_MS) {
        this.lastPress = { id: null, time: 0 };
        this.drag = null;
        if (this.model.get(id)) {
          this.hooks.open(this.model.get(id));
        }
        e.preventDefault();
        return;
      }
      this.lastPress = { id, time: now };
      this.pressSelect(id, e);
      if (!locked) {
        this.startMove(e);
      }
      e.preventDefault();
      return;
    }
    const groupEl = t.closest(".group");
    if (groupEl) {
      const group = this.model.get(groupEl.dataset.id);
      if (t.classList.contains("group-resize") && !locked) {
        this.drag = { mode: "resize", group, sx: e.clientX, sy: e.clientY, w: group.w, h: group.h };
      } else if (this.lastPress.id === group.id && performance.now() - this.lastPress.time < DOUBLE_CLICK_MS) {
        this.lastPress = { id: null, time: 0 };
        this.hooks.openGroup?.(group);
      } else {
        this.lastPress = { id: group.id, time: performance.now() };
        this.pressSelect(group.id, e);
        if (!locked) {
          this.startMove(e);
        }
      }
      e.preventDefault();
      return;
    }
    const wire = t.closest(".wire");
    if (wire) {
      this.selection.clear();
      this.selectedWire = { source: wire.dataset.source, port: Number(wire.dataset.port), target: wire.dataset.target };
      this.refreshSelection();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && this.hooks.quickAdd && !locked) {
      e.preventDefault();
      this.hooks.quickAdd(e.clientX, e.clientY);
      return;
    }
    if (!e.shiftKey) {
      this.selection.clear();
    }
    this.selectedWire = null;
    this.refreshSelection();
    const start = this.canvasPoint(e);
    this.drag = { mode: "box", start, additive: e.shiftKey,
      rect: el("rect", { class: "select-box", x: start.x, y: start.y, width: 0, height: 0 }, this.overlay) };
    e.preventDefault();
  }

  /** A right press on an unselected node, group or wire selects it alone; elsewhere the selection stays. */
  pressForMenu(t) {
    const item = t.closest(".node, .group");
    const wire = t.closest(".wire");
    if (item && this.model.get(item.dataset.id) && !this.selection.has(item.dataset.id)) {
      this.selection = new Set([item.dataset.id]);
      this.selectedWire = null;
      this.refreshSelection();
    } else if (!item && wire) {
      this.selection.clear();
      this.selectedWire = { source: wire.dataset.source, port: Number(wire.dataset.port), target: wire.dataset.target };
      this.refreshSelection();
    }
  }

  pressSelect(id, e) {
    this.unselectIfStill = null;
    if (e.shiftKey || e.ctrlKey || e.metaKey) {
      if (this.selection.has(id)) {
        this.unselectIfStill = id; // on release, unless the press became a (Ctrl-drag detach) move
      } else {
        this.selection.add(id);
      }
    } else if (!this.selection.has(id)) {
      this.selection = new Set([id]);
    }
    this.selectedWire = null;
    this.refreshSelection();
  }

  /** Starts moving the selection: nodes, subflow ports, and groups with everything inside them. */
  startMove(e) {
    const origins = new Map();
    const groups = new Map();
    const addGroup = (group) => {
      groups.set(group.id, { x: group.x, y: group.y });
      for (const m of group.nodes || []) {
        const member = this.model.get(m);
        if (member && member.type === "group") {
          addGroup(member);
        } else if (this.geoms.has(m)) {
          const g = this.geoms.get(m);
          origins.set(m, { x: g.x + g.w / 2, y: g.y + g.h / 2 });
        }
      }
    };
    for (const sid of this.selection) {
      const g = this.geoms.get(sid);
      if (g) {
        origins.set(sid, { x: g.x + g.w / 2, y: g.y + g.h / 2 });
      } else if (this.isGroup(sid)) {
        addGroup(this.model.get(sid));
      }
    }
    this.drag = { mode: "move", sx: e.clientX, sy: e.clientY, origins, groups, moved: false };
    this.tools?.moveStarted(this.drag, e);
  }

  /** Moves nodes (and ports, groups) by a canvas offset from their drag origins. */
  moveBy(d, dx, dy) {
    for (const [id, o] of d.origins) {
      const x = Math.round(o.x + dx);
      const y = Math.round(o.y + dy);
      const target = this.positionOf(id);
      if (target) {
        target.x = x;
        target.y = y;
      }
      const g = this.geoms.get(id);
      g.x = x - g.w / 2;
      g.y = y - g.h / 2;
      this.nodeEls.get(id)?.setAttribute("transform", `translate(${g.x},${g.y})`);
    }
    for (const [id, o] of d.groups) {
      const group = this.model.get(id);
      group.x = Math.round(o.x + dx);
      group.y = Math.round(o.y + dy);
    }
    if (d.groups.size) {
      this.groupLayer.replaceChildren();
      for (const g of this.model.groupsOn(this.tab)) {
        this.drawGroup(g);
      }
    }
    this.updateWiresOf(d.origins.keys());
  }

  /**
   * Moves the dragged nodes and their wires into a small layer of their own for the drag. Chromium recomputes the
   * bounding box of a changed element's ancestors: in the 2000-node layers that walks every sibling on each move,
   * in the drag layer only the few that move.
   */
  liftForDrag(d) {
    d.lifted = { nodes: [], wires: new Set() };
    for (const id of d.origins.keys()) {
      for (const path of this.wiresByNode.get(id) || []) {
        d.lifted.wires.add(path);
      }
    }
    for (const path of d.lifted.wires) {
      this.dragLayer.appendChild(path);
    }
    for (const id of d.origins.keys()) {
      const nodeEl = this.nodeEls.get(id);
      if (nodeEl) {
        d.lifted.nodes.push(nodeEl);
        this.dragLayer.appendChild(nodeEl);
      }
    }
  }

  /** Puts lifted nodes and wires back into their layers (the moved nodes end on top, as Node-RED leaves them). */
  settleAfterDrag(d) {
    if (!d.lifted) {
      return;
    }
    for (const path of d.lifted.wires) {
      if (path.parentNode === this.dragLayer) {
        this.wireLayer.appendChild(path);
      }
    }
    for (const nodeEl of d.lifted.nodes) {
      if (nodeEl.parentNode === this.dragLayer) {
        this.nodeLayer.appendChild(nodeEl);
      }
    }
  }

  /** The object holding a canvas item's x/y: a node, or a subflow definition's port. */
  positionOf(id) {
    const m = /^(in|out):(\d+)$/.exec(id);
    if (m || id === "status") {
      const def = this.model.get(this.tab);
      return id === "status" ? def.status : def[m[1]][Number(m[2])];
    }
    return this.model.get(id);
  }

  /**
   * Mouse moves are applied once per animation frame, with the latest position: a mouse reporting faster than the
   * screen refreshes costs one update per frame, not one per event.
   */
  onMouseMove(e) {
    if (!this.drag) {
      return;
    }
    this.pendingMove = e;
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => this.flushMove());
    }
  }

  /** Applies the pending mouse move now (the frame's work; also before a release, so it lands where it was let go). */
  flushMove() {
    if (this.frame) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
    }
    const e = this.pendingMove;
    this.pendingMove = null;
    if (e && this.drag) {
      this.applyMove(this.drag, e);
    }
  }

  applyMove(d, e) {
    if (d.mode === "pan") {
      this.setView(d.px + e.clientX - d.sx, d.py + e.clientY - d.sy);
    } else if (d.mode === "move") {
      const dx = (e.clientX - d.sx) / this.view.k;
      const dy = (e.clientY - d.sy) / this.view.k;
      if (!d.moved && Math.abs(dx) + Math.abs(dy) < 3) {
        return;
      }
      if (!d.moved) {
        this.tools?.firstMove(d);
        this.liftForDrag(d);
      }
      d.moved = true;
      const [mx, my] = this.tools ? this.tools.adjust(d, dx, dy, e) : [dx, dy];
      this.moveBy(d, mx, my);
      this.tools?.moved(d);
    } else if (d.mode === "resize") {
      d.group.w = Math.max(40, Math.round(d.w + (e.clientX - d.sx) / this.view.k));
      d.group.h = Math.max(30, Math.round(d.h + (e.clientY - d.sy) / this.view.k));
      d.moved = true;
      this.groupLayer.replaceChildren();
      for (const g of this.model.groupsOn(this.tab)) {
        this.drawGroup(g);
      }
    } else if (d.mode === "wire") {
      d.path.setAttribute("d", curve(d.start, this.canvasPoint(e)));
    } else if (d.mode === "wire-back") {
      d.path.setAttribute("d", curve(this.canvasPoint(e), d.end));
    } else if (d.mode === "link") {
      d.path.setAttribute("d", curve(d.start, this.canvasPoint(e)));
    } else if (d.mode === "box") {
      const p = this.canvasPoint(e);
      d.rect.setAttribute("x", Math.min(p.x, d.start.x));
      d.rect.setAttribute("y", Math.min(p.y, d.start.y));
      d.rect.setAttribute("width", Math.abs(p.x - d.start.x));
      d.rect.setAttribute("height", Math.abs(p.y - d.start.y));
    }
  }

  onMouseUp(e) {
    this.flushMove();
    const d = this.drag;
    this.drag = null;
    if (!d) {
      return;
    }
    if (d.mode === "pan") {
      this.svg.classList.remove("panning");
    } else if (d.mode === "move" || d.mode === "resize") {
      this.settleAfterDrag(d);
      if (d.moved && !(d.mode === "move" && this.tools?.dropped(d))) {
        this.model.changed(false);
      }
      if (!d.moved && this.unselectIfStill) {
        this.selection.delete(this.unselectIfStill);
        this.refreshSelection();
      }
      this.unselectIfStill = null;
    } else if (d.mode === "wire" || d.mode === "wire-back") {
      d.path.remove();
      const hit = document.elementFromPoint(e.clientX, e.clientY);
      const target = hit && hit.closest && hit.closest("#canvas .node");
      if (target) {
        const geom = this.geoms.get(target.dataset.id);
        if (d.mode === "wire" && geom && geom.inputs > 0) {
          this.connect(d.source, d.port, target.dataset.id);
        } else if (d.mode === "wire-back" && geom && geom.outputs > 0) {
          const port = hit.closest(".port-out") ? Number(hit.closest(".port-out").dataset.port) : 0;
          this.connect(target.dataset.id, port, d.target);
        }
      }
    } else if (d.mode === "link") {
      d.path.remove();
      const hit = document.elementFromPoint(e.clientX, e.clientY);
      const target = hit && hit.closest && hit.closest("#canvas .node");
      if (target) {
        this.linkNodes(d.from, target.dataset.id);
      }
    } else if (d.mode === "box") {
      const x1 = Number(d.rect.getAttribute("x"));
      const y1 = Number(d.rect.getAttribute("y"));
      const x2 = x1 + Number(d.rect.getAttribute("width"));
      const y2 = y1 + Number(d.rect.getAttribute("height"));
      d.rect.remove();
      for (const [id, g] of this.geoms) {
        const cx = g.x + g.w / 2;
        const cy = g.y + g.h / 2;
        if (cx >= x1 && cx <= x2 && cy >= y1 && cy <= y2) {
          this.selection.add(id);
        }
      }
      this.refreshSelection();
    } else if (d.mode === "button") {
      const hit = document.elementFromPoint(e.clientX, e.clientY);
      const button = hit && hit.closest && hit.closest(".node-button");
      const nodeEl = button && button.closest(".node");
      const node = this.model.get(d.id);
      const declared = node && this.registry.button(node);
      if (declared && nodeEl && nodeEl.dataset.id === d.id && button.dataset.action === d.action) {
        this.hooks.button(declared, node);
      }
    }
  }

  /** A wire from a node or subflow input port to a node or subflow output/status port. */
  connect(source, port, target) {
    if (source === target) {
      return;
    }
    const def = this.model.get(this.tab);
    const sourcePort = /^in:(\d+)$/.exec(source);
    const targetPort = /^out:(\d+)$/.exec(target);
    if (sourcePort && !this.model.get(target)) {
      return;
    }
    if (sourcePort) {
      const p = def.in[Number(sourcePort[1])];
      p.wires = p.wires || [];
      if (!p.wires.some((w) => w.id === target)) {
        p.wires.push({ id: target });
        this.model.changed();
      }
    } else if (targetPort || target === "status") {
      const p = target === "status" ? def.status : def.out[Number(targetPort[1])];
      p.wires = p.wires || [];
      if (!p.wires.some((w) => w.id === source && (w.port || 0) === port)) {
        p.wires.push({ id: source, port });
        this.model.changed();
      }
    } else {
      this.model.addWire(source, port, target);
    }
  }

  /**
   * Links two nodes by their virtual wires, as dropping Node-RED's link port on a node does: the sender lists the
   * receiver in its declared field and the receiver lists the sender back (link out's and link in's `links`).
   */
  linkNodes(a, b) {
    const na = this.model.get(a);
    const nb = this.model.get(b);
    const link = na && nb && a !== b ? this.registry.virtualLink(na, nb) : null;
    if (!link) {
      return;
    }
    const add = (node, field, id) => {
      const list = Array.isArray(node[field]) ? node[field] : [];
      if (list.includes(id)) {
        return false;
      }
      node[field] = [...list, id];
      return true;
    };
    const sent = add(link.source, link.field, link.target.id);
    const back = link.back ? add(link.target, link.back, link.source.id) : false;
    if (sent || back) {
      this.model.changed();
    }
  }

  /** Removes the selected wire, or the selected nodes and groups (a group's members stay). */
  deleteSelection() {
    if (this.locked()) {
      return;
    }
    if (this.selectedWire) {
      const w = this.selectedWire;
      this.selectedWire = null;
      const def = this.model.get(this.tab);
      if (/^in:\d+$/.test(w.source) || /^out:\d+$/.test(w.target) || w.target === "status") {
        const p = /^in:/.test(w.source) ? def.in[Number(w.source.slice(3))]
          : w.target === "status" ? def.status : def.out[Number(w.target.slice(4))];
        p.wires = p.wires.filter((x) => !(x.id === (/^in:/.test(w.source) ? w.target : w.source)
          && (/^in:/.test(w.source) || (x.port || 0) === w.port)));
        this.model.changed();
      } else {
        this.model.removeWire(w.source, w.port, w.target);
      }
    } else if (this.selection.size > 0) {
      const ids = [...this.selection].filter((id) => this.model.get(id));
      this.selection.clear();
      if (ids.length) {
        this.model.remove(ids);
      }
    }
  }

  selectAll() {
    this.selection = new Set([...this.geoms.keys()].filter((id) => this.model.get(id)));
    this.selectedWire = null;
    this.refreshSelection();
  }

  selectNone() {
    this.selection.clear();
    this.selectedWire = null;
    this.refreshSelection();
  }

  /** Moves the selection by (dx, dy) as one undoable step (arrow-key nudges). */
  nudge(dx, dy) {
    if (this.selection.size === 0 || this.locked()) {
      return;
    }
    this.startMove({ clientX: 0, clientY: 0 });
    this.moveBy(this.drag, dx, dy);
    this.drag = null;
    this.model.changed(false);
  }

  /** Selects the nearest node in a direction from the selected one (Node-RED's plain arrow keys). */
  selectNearest(dirX, dirY) {
    const [current] = this.selection;
    const from = this.geoms.get(current);
    if (!from) {
      const first = [...this.geoms.keys()].find((id) => this.model.get(id));
      if (first) {
        this.selection = new Set([first]);
        this.refreshSelection();
      }
      return;
    }
    let best = null;
    let bestScore = Infinity;
    for (const [id, g] of this.geoms) {
      const dx = g.x + g.w / 2 - (from.x + from.w / 2);
      const dy = g.y + g.h / 2 - (from.y + from.h / 2);
      const along = dx * dirX + dy * dirY;
      if (id === current || along <= 0 || !this.model.get(id)) {
        continue;
      }
      const score = along + 2 * Math.abs(dx * dirY - dy * dirX);
      if (score < bestScore) {
        bestScore = score;
        best = id;
      }
    }
    if (best) {
      this.selection = new Set([best]);
      this.refreshSelection();
    }
  }

  /** Adds a node of a palette type where it was dropped (client coordinates). */
  addNodeAt(type, clientX, clientY) {
    if (!this.tab || this.locked()) {
      return null;
    }
    const p = this.canvasPoint({ clientX, clientY });
    const node = this.registry.newNode(type, newId(), this.tab);
    node.x = Math.round(p.x);
    node.y = Math.round(p.y);
    node.wires = Array.from({ length: this.registry.outputs(node, this.model) }, () => []);
    this.selection = new Set([node.id]);
    this.model.add(node);
    return node;
  }

  /** Shows and selects a node (switching workspace if needed). */
  reveal(id) {
    const node = this.model.get(id);
    if (!node || node.z === undefined) {
      return;
    }
    if (node.z !== this.tab) {
      this.hooks.showTab(node.z);
    }
    const g = this.geoms.get(id);
    if (g) {
      const r = this.svg.getBoundingClientRect();
      this.setView(r.width / 2 - (g.x + g.w / 2) * this.view.k, r.height / 2 - (g.y + g.h / 2) * this.view.k);
      this.selection = new Set([id]);
      this.refreshSelection();
    }
  }
}

function curve(a, b) {
  return wirePath(a.x, a.y, b.x, b.y);
}
