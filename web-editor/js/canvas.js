// The SVG canvas of one workspace: nodes, wires, statuses, and the mouse and keyboard gestures that edit them.

import { newId } from "./model.js";

const SVGNS = "http://www.w3.org/2000/svg";
const NODE_HEIGHT = 30;
const PORT_SIZE = 10;
const PORT_GAP = 13;
const DOUBLE_CLICK_MS = 400;
const STATUS_COLORS = { red: "#c0392b", green: "#5a8", yellow: "#F9DF31", blue: "#53A3F3", grey: "#d3d3d3" };

function el(name, attrs = {}, parent = null) {
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
   * @param hooks {open(node), button(action, node), showTab(id)}
   */
  constructor(svg, model, registry, hooks) {
    this.svg = svg;
    this.model = model;
    this.registry = registry;
    this.hooks = hooks;
    this.tab = null;
    this.pans = new Map();
    this.pan = { x: 0, y: 0 };
    this.selection = new Set();
    this.selectedWire = null;
    this.statuses = new Map();
    this.geoms = new Map();
    this.drag = null;
    this.lastPress = { id: null, time: 0 };

    this.viewport = el("g", { class: "viewport" }, svg);
    this.groupLayer = el("g", { class: "groups" }, this.viewport);
    this.wireLayer = el("g", { class: "wires" }, this.viewport);
    this.nodeLayer = el("g", { class: "nodes" }, this.viewport);
    this.overlay = el("g", { class: "overlay-layer" }, this.viewport);

    svg.addEventListener("mousedown", (e) => this.onMouseDown(e));
    svg.addEventListener("contextmenu", (e) => e.preventDefault());
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.setPan(this.pan.x - e.deltaX, this.pan.y - e.deltaY);
    }, { passive: false });
    document.addEventListener("mousemove", (e) => this.onMouseMove(e));
    document.addEventListener("mouseup", (e) => this.onMouseUp(e));
    document.addEventListener("keydown", (e) => this.onKey(e));
  }

  setTab(id) {
    if (this.tab) {
      this.pans.set(this.tab, { ...this.pan });
    }
    this.tab = id;
    this.pan = this.pans.get(id) || { x: 0, y: 0 };
    this.selection.clear();
    this.selectedWire = null;
    this.render();
  }

  setPan(x, y) {
    this.pan = { x: Math.min(200, x), y: Math.min(200, y) };
    this.viewport.setAttribute("transform", `translate(${this.pan.x},${this.pan.y})`);
  }

  // ---- geometry ----------------------------------------------------------------------------------------------

  /** Top-left box and ports of a node; x/y in the flow file are its centre, as in Node-RED. */
  geometry(node, index) {
    const junction = node.type === "junction";
    const label = this.registry.label(node, this.model);
    const outputs = this.registry.outputs(node, this.model);
    const inputs = this.registry.inputs(node, this.model);
    const w = junction ? 10 : Math.max(100, Math.ceil((textWidth(label) + 50) / 20) * 20);
    const h = junction ? 10 : Math.max(NODE_HEIGHT, outputs * 15);
    const cx = typeof node.x === "number" ? node.x : 120 + 160 * Math.floor(index / 10);
    const cy = typeof node.y === "number" ? node.y : 60 + 50 * (index % 10);
    return { x: cx - w / 2, y: cy - h / 2, w, h, inputs, outputs, label, junction };
  }

  outputPoint(g, port) {
    return { x: g.x + g.w, y: g.y + g.h / 2 + (port - (g.outputs - 1) / 2) * PORT_GAP };
  }

  inputPoint(g) {
    return { x: g.x, y: g.y + g.h / 2 };
  }

  canvasPoint(e) {
    const r = this.svg.getBoundingClientRect();
    return { x: e.clientX - r.left - this.pan.x, y: e.clientY - r.top - this.pan.y };
  }

  containsClientPoint(x, y) {
    const r = this.svg.getBoundingClientRect();
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  render() {
    for (const layer of [this.groupLayer, this.wireLayer, this.nodeLayer, this.overlay]) {
      layer.replaceChildren();
    }
    this.geoms.clear();
    this.setPan(this.pan.x, this.pan.y);
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
    for (const id of [...this.selection]) {
      if (!this.geoms.has(id)) {
        this.selection.delete(id);
      }
    }
    this.renderWires();
  }

  drawGroup(group) {
    if (typeof group.x !== "number" || typeof group.w !== "number") {
      return;
    }
    const g = el("g", { class: "group", "data-id": group.id }, this.groupLayer);
    el("rect", { class: "group-box", x: group.x, y: group.y, width: group.w, height: group.h, rx: 6 }, g);
    if (group.name) {
      el("text", { class: "group-label", x: group.x + 8, y: group.y + 14 }, g).textContent = group.name;
    }
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
    const g = el("g", { class: classes.join(" "), "data-id": node.id, "data-type": node.type,
      transform: `translate(${geom.x},${geom.y})` }, this.nodeLayer);
    el("title", {}, g).textContent = unknown ? `unknown node type: ${node.type}` : `${node.type} ${node.id}`;
    el("rect", { class: "node-body", width: geom.w, height: geom.h, rx: geom.junction ? 3 : 5,
      fill: this.registry.color(node, this.model) }, g);
    if (!geom.junction) {
      el("text", { class: "node-label", x: geom.w / 2, y: geom.h / 2, "text-anchor": "middle" }, g)
        .textContent = geom.label;
    }
    if (unknown) {
      el("text", { class: "node-warning", x: 4, y: geom.h / 2 }, g).textContent = "⚠";
    }
    if (geom.inputs > 0) {
      const p = el("g", { class: "port port-in", transform: `translate(${-PORT_SIZE / 2},${geom.h / 2 - PORT_SIZE / 2})` }, g);
      el("rect", { width: PORT_SIZE, height: PORT_SIZE, rx: 3 }, p);
    }
    for (let i = 0; i < geom.outputs; i++) {
      const y = this.outputPoint(geom, i).y - geom.y;
      const p = el("g", { class: "port port-out", "data-port": i,
        transform: `translate(${geom.w - PORT_SIZE / 2},${y - PORT_SIZE / 2})` }, g);
      el("rect", { width: PORT_SIZE, height: PORT_SIZE, rx: 3 }, p);
    }
    if (node.type === "inject" && !unknown) {
      this.drawButton(g, "inject", -24, geom, false, "inject now");
    } else if (node.type === "debug" && !unknown) {
      this.drawButton(g, "debug", geom.w + 6, geom, node.active === false,
        node.active === false ? "debug output off (click to enable)" : "debug output on (click to disable)");
    }
    this.drawStatus(g, node.id, geom);
  }

  drawButton(g, action, x, geom, off, title) {
    const b = el("g", { class: `node-button ${action}-button${off ? " off" : ""}`, "data-action": action,
      transform: `translate(${x},${geom.h / 2 - 9})` }, g);
    el("title", {}, b).textContent = title;
    el("rect", { width: 18, height: 18, rx: 4 }, b);
    el("rect", { class: "button-mark", x: 5, y: 5, width: 8, height: 8, rx: action === "inject" ? 0 : 4 }, b);
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
    const g = this.nodeLayer.querySelector(`.node[data-id="${CSS.escape(id)}"]`);
    if (g && this.geoms.has(id)) {
      this.drawStatus(g, id, this.geoms.get(id));
    }
  }

  clearStatuses() {
    this.statuses.clear();
    this.nodeLayer.querySelectorAll(".node-status").forEach((s) => s.remove());
  }

  renderWires() {
    this.wireLayer.replaceChildren();
    for (const [id, geom] of this.geoms) {
      const node = this.model.get(id);
      if (!node || !Array.isArray(node.wires)) {
        continue;
      }
      node.wires.forEach((targets, port) => {
        if (!Array.isArray(targets)) {
          return;
        }
        for (const target of targets) {
          const tg = this.geoms.get(target);
          if (!tg) {
            continue;
          }
          const a = this.outputPoint(geom, Math.min(port, Math.max(geom.outputs - 1, 0)));
          const b = this.inputPoint(tg);
          const sel = this.selectedWire && this.selectedWire.source === id && this.selectedWire.port === port
            && this.selectedWire.target === target;
          el("path", { class: "wire" + (sel ? " selected" : ""), d: curve(a, b), "data-source": id,
            "data-port": port, "data-target": target }, this.wireLayer);
        }
      });
    }
  }

  refreshSelection() {
    for (const g of this.nodeLayer.querySelectorAll(".node")) {
      g.classList.toggle("selected", this.selection.has(g.dataset.id));
    }
    this.renderWires();
  }

  // ---- gestures ----------------------------------------------------------------------------------------------

  onMouseDown(e) {
    this.svg.focus({ preventScroll: true });
    const t = e.target;
    if (e.button === 1 || e.button === 2 || (e.button === 0 && e.altKey)) {
      this.drag = { mode: "pan", sx: e.clientX, sy: e.clientY, px: this.pan.x, py: this.pan.y };
      this.svg.classList.add("panning");
      e.preventDefault();
      return;
    }
    if (e.button !== 0) {
      return;
    }
    const nodeEl = t.closest(".node");
    const button = t.closest(".node-button");
    if (button && nodeEl) {
      this.drag = { mode: "button", id: nodeEl.dataset.id, action: button.dataset.action };
      e.preventDefault();
      return;
    }
    const out = t.closest(".port-out");
    if (out && nodeEl) {
      const source = nodeEl.dataset.id;
      const port = Number(out.dataset.port);
      const start = this.outputPoint(this.geoms.get(source), port);
      this.drag = { mode: "wire", source, port, start,
        path: el("path", { class: "drag-wire", d: curve(start, start) }, this.overlay) };
      e.preventDefault();
      return;
    }
    if (nodeEl) {
      const id = nodeEl.dataset.id;
      const now = performance.now();
      if (this.lastPress.id === id && now - this.lastPress.time < DOUBLE_CLICK_MS) {
        this.lastPress = { id: null, time: 0 };
        this.drag = null;
        this.hooks.open(this.model.get(id));
        e.preventDefault();
        return;
      }
      this.lastPress = { id, time: now };
      if (e.shiftKey || e.ctrlKey || e.metaKey) {
        if (this.selection.has(id)) {
          this.selection.delete(id);
        } else {
          this.selection.add(id);
        }
      } else if (!this.selection.has(id)) {
        this.selection = new Set([id]);
      }
      this.selectedWire = null;
      this.refreshSelection();
      const origins = new Map();
      for (const sid of this.selection) {
        const g = this.geoms.get(sid);
        origins.set(sid, { x: g.x + g.w / 2, y: g.y + g.h / 2 });
      }
      this.drag = { mode: "move", sx: e.clientX, sy: e.clientY, origins, moved: false };
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

  onMouseMove(e) {
    const d = this.drag;
    if (!d) {
      return;
    }
    if (d.mode === "pan") {
      this.setPan(d.px + e.clientX - d.sx, d.py + e.clientY - d.sy);
    } else if (d.mode === "move") {
      const dx = e.clientX - d.sx;
      const dy = e.clientY - d.sy;
      if (!d.moved && Math.abs(dx) + Math.abs(dy) < 3) {
        return;
      }
      d.moved = true;
      for (const [id, o] of d.origins) {
        const node = this.model.get(id);
        node.x = Math.round(o.x + dx);
        node.y = Math.round(o.y + dy);
        const g = this.geoms.get(id);
        g.x = node.x - g.w / 2;
        g.y = node.y - g.h / 2;
        this.nodeLayer.querySelector(`.node[data-id="${CSS.escape(id)}"]`)
          ?.setAttribute("transform", `translate(${g.x},${g.y})`);
      }
      this.renderWires();
    } else if (d.mode === "wire") {
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
    const d = this.drag;
    this.drag = null;
    if (!d) {
      return;
    }
    if (d.mode === "pan") {
      this.svg.classList.remove("panning");
    } else if (d.mode === "move") {
      if (d.moved) {
        this.model.changed(false);
      }
    } else if (d.mode === "wire") {
      d.path.remove();
      const hit = document.elementFromPoint(e.clientX, e.clientY);
      const target = hit && hit.closest && hit.closest("#canvas .node");
      if (target) {
        const geom = this.geoms.get(target.dataset.id);
        if (geom && geom.inputs > 0) {
          this.model.addWire(d.source, d.port, target.dataset.id);
        }
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
      if (nodeEl && nodeEl.dataset.id === d.id && button.dataset.action === d.action) {
        this.hooks.button(d.action, this.model.get(d.id));
      }
    }
  }

  onKey(e) {
    const active = document.activeElement;
    if (document.querySelector(".overlay") || (active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName))) {
      return;
    }
    if (e.key === "Delete" || e.key === "Backspace") {
      this.deleteSelection();
      e.preventDefault();
    } else if ((e.ctrlKey || e.metaKey) && e.key === "a") {
      this.selection = new Set(this.geoms.keys());
      this.refreshSelection();
      e.preventDefault();
    } else if (e.key === "Escape") {
      this.selection.clear();
      this.selectedWire = null;
      this.refreshSelection();
    }
  }

  deleteSelection() {
    if (this.selectedWire) {
      const w = this.selectedWire;
      this.selectedWire = null;
      this.model.removeWire(w.source, w.port, w.target);
    } else if (this.selection.size > 0) {
      const ids = [...this.selection];
      this.selection.clear();
      this.model.remove(ids);
    }
  }

  /** Adds a node of a palette type where it was dropped (client coordinates). */
  addNodeAt(type, clientX, clientY) {
    if (!this.tab) {
      return null;
    }
    const r = this.svg.getBoundingClientRect();
    const node = this.registry.newNode(type, newId(), this.tab);
    node.x = Math.round(clientX - r.left - this.pan.x);
    node.y = Math.round(clientY - r.top - this.pan.y);
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
      this.setPan(r.width / 2 - (g.x + g.w / 2), r.height / 2 - (g.y + g.h / 2));
      this.selection = new Set([id]);
      this.refreshSelection();
    }
  }
}

function curve(a, b) {
  const dx = Math.max(40, Math.abs(b.x - a.x) / 2);
  return `M ${a.x} ${a.y} C ${a.x + dx} ${a.y}, ${b.x - dx} ${b.y}, ${b.x} ${b.y}`;
}
