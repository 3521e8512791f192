// Node-RED's Arrange tools and grid snapping as pure arithmetic. Items are {id, x, y, w, h, group}: a node's x/y
// is its centre (as in the flow file), a group's its top-left corner. Each function returns the moves [{id, dx, dy}]
// of the items that change; the canvas applies them (a group's move moves its members).

export const GRID = 20;

const left = (i) => (i.group ? i.x : i.x - i.w / 2);
const top = (i) => (i.group ? i.y : i.y - i.h / 2);

/** A node's centre moved so its left edge and its centre row sit on the grid (Node-RED's align-to-grid). */
export function snapPoint(x, y, w, grid = GRID) {
  return { x: w / 2 + Math.round((x - w / 2) / grid) * grid, y: Math.round(y / grid) * grid };
}

/** Aligns items on an edge or centre line of their common box: left, center, right, top, middle, bottom. */
export function alignMoves(items, edge) {
  if (items.length < 2) {
    return [];
  }
  const x1 = Math.min(...items.map(left));
  const y1 = Math.min(...items.map(top));
  const x2 = Math.max(...items.map((i) => left(i) + i.w));
  const y2 = Math.max(...items.map((i) => top(i) + i.h));
  const place = {
    left: (i) => ({ dx: x1 - left(i) }),
    right: (i) => ({ dx: x2 - i.w - left(i) }),
    center: (i) => ({ dx: (x1 + x2) / 2 - i.w / 2 - left(i) }),
    top: (i) => ({ dy: y1 - top(i) }),
    bottom: (i) => ({ dy: y2 - i.h - top(i) }),
    middle: (i) => ({ dy: (y1 + y2) / 2 - i.h / 2 - top(i) }),
  }[edge];
  if (!place) {
    throw new Error("unknown alignment " + edge);
  }
  return moves(items, place);
}

/**
 * Spaces items evenly between the two outermost ones, horizontally ("h") or vertically ("v"): equal gaps between
 * their edges, as Node-RED's distribute does. Needs three items.
 */
export function distributeMoves(items, direction) {
  if (items.length < 3) {
    return [];
  }
  const start = direction === "h" ? left : top;
  const size = (i) => (direction === "h" ? i.w : i.h);
  const centre = (i) => start(i) + size(i) / 2;
  const sorted = [...items].sort((a, b) => centre(a) - centre(b));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const inner = sorted.slice(1, -1);
  const room = start(last) - (start(first) + size(first)) - inner.reduce((s, i) => s + size(i), 0);
  const gap = room / (inner.length + 1);
  let at = start(first) + size(first);
  const target = new Map();
  for (const i of inner) {
    at += gap;
    target.set(i, at);
    at += size(i);
  }
  return moves(inner, (i) => (direction === "h" ? { dx: target.get(i) - start(i) } : { dy: target.get(i) - start(i) }));
}

function moves(items, place) {
  const out = [];
  for (const i of items) {
    const { dx = 0, dy = 0 } = place(i);
    if (dx !== 0 || dy !== 0) {
      out.push({ id: i.id, dx, dy });
    }
  }
  return out;
}
