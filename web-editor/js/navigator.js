// Zoom buttons and the navigator: a small overview of the whole tab with the visible area outlined; click or drag
// in it to move the view there.

import { h } from "./dialog.js";
import { el } from "./canvas.js";

const NAV_W = 180;
const NAV_H = 120;

export class ZoomControls {
  constructor(holder, canvas) {
    this.canvas = canvas;
    this.level = h("button", { type: "button", id: "zoom-reset", title: "reset zoom (ctrl-0)",
      onclick: () => canvas.zoomReset() }, "100%");
    this.nav = el("svg", { id: "navigator", width: NAV_W, height: NAV_H });
    this.nav.style.display = "none";
    holder.append(this.nav, h("div", { class: "zoom-controls" },
      h("button", { type: "button", id: "zoom-out", title: "zoom out (ctrl -)", onclick: () => canvas.zoomOut() }, "−"),
      this.level,
      h("button", { type: "button", id: "zoom-in", title: "zoom in (ctrl +)", onclick: () => canvas.zoomIn() }, "+"),
      h("button", { type: "button", id: "zoom-fit", title: "fit the flow (ctrl-1)", onclick: () => canvas.zoomFit() }, "⤢"),
      h("button", { type: "button", id: "navigator-toggle", title: "navigator", onclick: () => this.toggle() }, "▣")));
    this.nodes = el("g", {}, this.nav);
    this.frame = el("rect", { class: "navigator-frame" }, this.nav);
    canvas.onView(() => this.update());
    let dragging = false;
    this.nav.addEventListener("mousedown", (e) => {
      dragging = true;
      this.jump(e);
      e.preventDefault();
    });
    document.addEventListener("mousemove", (e) => dragging && this.jump(e));
    document.addEventListener("mouseup", () => {
      dragging = false;
    });
  }

  toggle() {
    this.nav.style.display = this.nav.style.display === "none" ? "" : "none";
    this.redraw();
  }

  get shown() {
    return this.nav.style.display !== "none";
  }

  /** The overview's scale: the whole tab plus the visible area fits. */
  extent() {
    const b = this.canvas.bounds() || { x: 0, y: 0, w: 1, h: 1 };
    const v = this.visible();
    const x = Math.min(b.x, v.x) - 20;
    const y = Math.min(b.y, v.y) - 20;
    const w = Math.max(b.x + b.w, v.x + v.w) - x + 20;
    const hgt = Math.max(b.y + b.h, v.y + v.h) - y + 20;
    return { x, y, s: Math.min(NAV_W / w, NAV_H / hgt) };
  }

  visible() {
    const r = this.canvas.svg.getBoundingClientRect();
    const { x, y, k } = this.canvas.view;
    return { x: -x / k, y: -y / k, w: r.width / k, h: r.height / k };
  }

  /** Redraws the node boxes (after a render). */
  redraw() {
    if (!this.shown) {
      return;
    }
    this.ext = this.extent();
    const { x, y, s } = this.ext;
    this.nodes.replaceChildren(...[...this.canvas.geoms.values()].map((g) => el("rect", { class: "navigator-node",
      x: (g.x - x) * s, y: (g.y - y) * s, width: Math.max(2, g.w * s), height: Math.max(2, g.h * s) })));
    this.update(true);
  }

  update(fromRedraw = false) {
    this.level.textContent = Math.round(this.canvas.view.k * 100) + "%";
    if (!this.shown) {
      return;
    }
    if (!fromRedraw) {
      this.redraw();
      return;
    }
    const { x, y, s } = this.ext;
    const v = this.visible();
    for (const [k, val] of Object.entries({ x: (v.x - x) * s, y: (v.y - y) * s, width: v.w * s, height: v.h * s })) {
      this.frame.setAttribute(k, val);
    }
  }

  /** Centres the view on the clicked point of the overview. */
  jump(e) {
    const r = this.nav.getBoundingClientRect();
    const { x, y, s } = this.ext;
    const cx = (e.clientX - r.left) / s + x;
    const cy = (e.clientY - r.top) / s + y;
    const box = this.canvas.svg.getBoundingClientRect();
    const k = this.canvas.view.k;
    this.canvas.setView(box.width / 2 - cx * k, box.height / 2 - cy * k);
  }
}
