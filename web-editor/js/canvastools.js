// The canvas gestures and tools Node-RED users expect, kept out of canvas.js: splicing a dragged node into the
// wire under it (highlighted while hovering), Ctrl-drag detaching, grid snapping, Arrange (align, distribute,
// to grid), groups' boxes following their members, and pasted or imported nodes following the mouse until a click.

import { alignMoves, distributeMoves, snapPoint } from "./arrange.js";
import * as groups from "./groups.js";
import { canSplice, detach, splice } from "./splice.js";

const SPLICE_DISTANCE = 14; // how close (canvas px) the dragged node's centre must be to a wire
const SPLICE_CHECK_MS = 100; // the wire under the node is looked for at most this often, as Node-RED's does

export class CanvasTools {
  /** prefs: {snap() -> boolean, grid() -> px}; notify(text, kind) */
  constructor(canvas, model, registry, prefs, notify) {
    this.canvas = canvas;
    this.model = model;
    this.registry = registry;
    this.prefs = prefs;
    this.notify = notify;
    this.mouse = null;
    document.addEventListener("mousemove", (e) => {
      this.mouse = { clientX: e.clientX, clientY: e.clientY };
    });
    canvas.tools = this;
    model.onChange((structural) => { // an undo or other redraw while nodes follow the mouse ends the following
      if (structural && canvas.drag?.follow) {
        canvas.drag = null;
        canvas.svg.classList.remove("following");
      }
    });
  }

  /** A node's box for groups.js: centre x/y, size, which side its button sits on. */
  box = (id) => {
    const g = this.canvas.geoms.get(id);
    const n = this.model.get(id);
    if (!g || !n) {
      return null;
    }
    const button = this.registry.button(n) ? (this.registry.alignRight(n) ? "right" : "left") : null;
    return { x: g.x + g.w / 2, y: g.y + g.h / 2, w: g.w, h: g.h, button };
  };

  // ---- dragging ---------------------------------------------------------------------------------------------

  /** A move begins: may it splice; with Ctrl (Cmd on a Mac) held, the nodes leave their wires first. */
  moveStarted(d, e) {
    d.detach = !!(e.ctrlKey || e.metaKey) && !d.follow;
    const ids = [...d.origins.keys()].filter((id) => this.model.get(id));
    let spliceable; // asked on every move step: decided once, on the first
    d.spliceable = () => (spliceable ??= canSplice(this.model, ids, this.canvas.geoms.get(ids[0]) || {}));
  }

  /** The first step of a move, before the moving nodes are lifted: a Ctrl-drag leaves the wires now. */
  firstMove(d) {
    const ids = [...d.origins.keys()].filter((id) => this.model.get(id));
    if (d.detach && ids.length && detach(this.model, ids)) {
      d.detached = true;
      this.canvas.renderWires();
    }
  }

  /** The offset to move by: snapped so the first node lands on the grid (Shift inverts the snap setting). */
  adjust(d, dx, dy, e) {
    if (this.prefs.snap() === !!e.shiftKey) {
      return [dx, dy];
    }
    const [id] = d.origins.keys();
    const o = d.origins.get(id);
    const w = this.canvas.geoms.get(id)?.w || 0;
    const p = snapPoint(o.x + dx, o.y + dy, w, this.prefs.grid());
    return [p.x - o.x, p.y - o.y];
  }

  /** After a move step: highlight the wire the node would be spliced into. */
  moved(d) {
    const now = performance.now();
    if (!d.spliceable() || now - (d.spliceChecked || 0) < SPLICE_CHECK_MS) {
      return;
    }
    d.spliceChecked = now;
    const [id] = d.origins.keys();
    const g = this.canvas.geoms.get(id);
    const wire = this.wireNear(g.x + g.w / 2, g.y + g.h / 2, id);
    if (wire !== d.spliceWire) {
      d.spliceWire?.classList.remove("splice-target");
      wire?.classList.add("splice-target");
      d.spliceWire = wire;
    }
  }

  /** The wire path within SPLICE_DISTANCE of a canvas point (not one of the node's own). */
  wireNear(x, y, id) {
    let best = null;
    let bestDistance = SPLICE_DISTANCE * SPLICE_DISTANCE;
    for (const path of this.canvas.wireLayer.querySelectorAll(".wire")) {
      const w = path.wire;
      if (!w || w.source === id || w.target === id || !this.model.get(w.source)) {
        continue;
      }
      const b = path.getBBox();
      if (x < b.x - SPLICE_DISTANCE || x > b.x + b.width + SPLICE_DISTANCE || y < b.y - SPLICE_DISTANCE
        || y > b.y + b.height + SPLICE_DISTANCE) {
        continue;
      }
      const length = path.getTotalLength();
      for (let at = 0; at <= length; at += 5) {
        const p = path.getPointAtLength(at);
        const d2 = (p.x - x) ** 2 + (p.y - y) ** 2;
        if (d2 < bestDistance) {
          bestDistance = d2;
          best = path;
        }
      }
    }
    return best;
  }

  /** The move ends: splice into the highlighted wire, refit the groups around moved nodes. True when filed. */
  dropped(d) {
    const ids = [...d.origins.keys()];
    d.spliceChecked = 0;
    this.moved(d); // where it was let go, whatever the last check saw
    const refitted = groups.refitAround(this.model, ids, this.box);
    if (d.spliceWire) {
      const w = d.spliceWire.wire;
      d.spliceWire.classList.remove("splice-target");
      return splice(this.model, ids[0], w);
    }
    if (refitted || d.detached) {
      this.model.changed();
      return true;
    }
    return false;
  }

  /** Makes these nodes follow the mouse until a click drops them (pasted and imported nodes, as in Node-RED). */
  follow(ids, { toMouse = false } = {}) {
    const m = this.mouse;
    const c = this.canvas;
    const onTab = ids.filter((id) => c.geoms.has(id));
    if (!m || !c.containsClientPoint(m.clientX, m.clientY) || onTab.length === 0) {
      return false;
    }
    if (toMouse) { // imported nodes start with their top-left corner at the mouse
      const at = c.canvasPoint(m);
      const dx = Math.round(at.x - Math.min(...onTab.map((id) => c.geoms.get(id).x)));
      const dy = Math.round(at.y - Math.min(...onTab.map((id) => c.geoms.get(id).y)));
      for (const id of onTab) {
        const n = this.model.get(id);
        n.x += dx;
        n.y += dy;
      }
      c.render();
    }
    c.selection = new Set(onTab);
    c.refreshSelection();
    c.startMove({ clientX: m.clientX, clientY: m.clientY });
    c.drag.follow = true;
    c.drag.moved = true;
    c.liftForDrag(c.drag);
    c.svg.classList.add("following");
    return true;
  }

  /** A press while nodes follow the mouse drops them there. True when it did. */
  pressWhileFollowing(e) {
    const d = this.canvas.drag;
    if (!d || !d.follow) {
      return false;
    }
    this.canvas.applyMove(d, e);
    this.canvas.drag = null;
    this.canvas.settleAfterDrag(d);
    this.canvas.svg.classList.remove("following");
    if (!this.dropped(d)) {
      this.model.changed(false);
    }
    e.preventDefault();
    return true;
  }

  // ---- arrange ----------------------------------------------------------------------------------------------

  /** The selection as arrange.js items (top-level: a node inside a selected group moves with the group). */
  items() {
    const sel = this.canvas.selection;
    const out = [];
    for (const id of sel) {
      const n = this.model.get(id);
      if (!n || groups.ancestors(this.model, n).some((g) => sel.has(g.id))) {
        continue;
      }
      if (n.type === "group") {
        out.push({ id, x: n.x, y: n.y, w: n.w, h: n.h, group: true });
      } else if (this.box(id)) {
        out.push({ id, ...this.box(id), group: false });
      }
    }
    return out;
  }

  apply(moves) {
    if (moves.length === 0) {
      return;
    }
    const members = (g) => (g.nodes || []).flatMap((m) => {
      const n = this.model.get(m);
      return !n ? [] : n.type === "group" ? members(n) : [n];
    });
    for (const { id, dx, dy } of moves) {
      const n = this.model.get(id);
      for (const m of n.type === "group" ? members(n) : [n]) {
        m.x = Math.round(m.x + dx);
        m.y = Math.round(m.y + dy);
      }
    }
    this.canvas.render(); // new geometry first, then the group boxes fitted to it
    groups.refitAround(this.model, moves.flatMap(({ id }) => {
      const n = this.model.get(id);
      return n.type === "group" ? members(n).map((m) => m.id) : [id];
    }), this.box);
    this.model.changed();
  }

  align(edge) {
    this.apply(alignMoves(this.items(), edge));
  }

  distribute(direction) {
    this.apply(distributeMoves(this.items(), direction));
  }

  toGrid() {
    this.apply(this.items().filter((i) => !i.group).map((i) => {
      const p = snapPoint(i.x, i.y, i.w, this.prefs.grid());
      return { id: i.id, dx: p.x - i.x, dy: p.y - i.y };
    }).filter((m) => m.dx || m.dy));
  }

  /** Ctrl-drag's detach as an action on the selection. */
  detachSelection() {
    const ids = [...this.canvas.selection].filter((id) => this.model.get(id));
    if (ids.length && detach(this.model, ids)) {
      this.model.changed();
    }
  }

  // ---- groups -----------------------------------------------------------------------------------------------

  group(op) {
    const ids = [...this.canvas.selection];
    const tab = this.canvas.tab;
    const result = {
      group: () => groups.groupSelection(this.model, ids, tab, this.box),
      ungroup: () => groups.ungroupSelection(this.model, ids, this.box),
      merge: () => groups.mergeSelection(this.model, ids, tab, this.box),
      add: () => groups.addToGroup(this.model, ids, this.box),
      remove: () => groups.removeFromGroup(this.model, ids, this.box),
    }[op]();
    if (result && result.error) {
      this.notify(result.error, "warning");
      return null;
    }
    if (result && result.type === "group") {
      this.canvas.selection = new Set([result.id]);
    } else if (Array.isArray(result)) {
      this.canvas.selection = new Set(result.map((n) => (typeof n === "string" ? n : n.id)));
    }
    this.canvas.refreshSelection();
    return result;
  }
}
