// The SVG path of a wire, following the shape rule of Node-RED's editor so flows look as they do there: a forward
// wire is one cubic curve whose handles reach out horizontally (shorter for close nodes); a wire that loops back
// (target left of its source) leaves to the right, turns, runs back between the rows and enters from the left; on
// (nearly) one row it dips below both nodes, lower when a status is shown. DOM-free, for the unit tests.

const NODE_WIDTH = 100; // Node-RED's reference node size the curve rule scales with
const NODE_HEIGHT = 30;
const HANDLE_SCALE = 0.75;

const fmt = (pts) => pts.map(([x, y]) => `${x} ${y}`).join(" ");

/** Path `d` from an output port (x1, y1) to an input port (x2, y2). */
export function wirePath(x1, y1, x2, y2, hasStatus = false) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  if (dx > 0) {
    const length = Math.hypot(dx, dy);
    const scale = length < NODE_WIDTH ? HANDLE_SCALE * (length / NODE_WIDTH) : HANDLE_SCALE;
    const reach = NODE_WIDTH * scale;
    return `M ${x1} ${y1} C ${fmt([[x1 + reach, y1], [x2 - reach, y2], [x2, y2]])}`;
  }
  return Math.abs(dy) < 10 ? sameRowLoop(x1, y1, x2, y2, hasStatus) : loopBack(x1, y1, x2, y2, dx, dy);
}

/** Back to a node on about the same row: down from the source, left under both nodes, up into the target. */
function sameRowLoop(x1, y1, x2, y2, hasStatus) {
  const floor = Math.max(y1, y2) + (hasStatus ? 35 : 25);
  const down = floor - y1;
  const up = floor - y2;
  return `M ${x1} ${y1} C ${fmt([[x1 + 15, y1], [x1 + 25, y1 + 5], [x1 + 25, y1 + down / 2]])} `
    + ` C ${fmt([[x1 + 25, y1 + down - 5], [x1 + 15, y1 + down], [x1, y1 + down]])} `
    + ` h ${x2 - x1}`
    + ` C ${fmt([[x2 - 15, y1 + down], [x2 - 25, y1 + down - 5], [x2 - 25, y2 + up / 2]])} `
    + ` C ${fmt([[x2 - 25, y2 + 5], [x2 - 15, y2], [x2, y2]])} `;
}

/**
 * Back to a node on another row: an S-shaped run through four points (out to the right of the source, the midpoint,
 * in to the left of the target), the turns tighter the closer the nodes are.
 */
function loopBack(x1, y1, x2, y2, dx, dy) {
  const near = Math.max(0, NODE_WIDTH - Math.min(Math.abs(dx), Math.abs(dy))) / NODE_WIDTH;
  const scale = 0.4 - 0.2 * near;
  const down = dy > 0 ? 1 : -1;
  const half = NODE_HEIGHT / 2;
  const midX = Math.floor(x2 - dx / 2);
  const midY = Math.floor(y2 - dy / 2);
  const quarter = (y2 + midY) / 2;
  // beyond `limit` in the direction of travel: the larger (down) or smaller (up) of two heights
  const beyond = (a, b) => (down > 0 ? Math.max(a, b) : Math.min(a, b));
  const before = (a, b) => (down > 0 ? Math.min(a, b) : Math.max(a, b));
  const topX = x1 + NODE_WIDTH * scale;
  const topY = before(quarter - dy / 2, y1 + down * half);
  const bottomX = x2 - NODE_WIDTH * scale;
  const bottomY = beyond(quarter, y2 - down * half);
  const toTop = [(x1 + topX) / 2, y1];
  const intoTop = [topX, beyond(y1, topY - down * half)];
  const outOfTop = [(x1 + topX) / 2, before(midY, topY + down * half)];
  const intoBottom = [bottomX, beyond(midY, bottomY - down * half)];
  if (outOfTop[1] === topY + down * half) { // the rows are close: the turn is flattened and squared off
    if (Math.abs(dy) < half * 10) {
      intoTop[1] = topY - down * half / 2;
      intoBottom[1] = bottomY - down * half / 2;
    }
    outOfTop[0] = topX;
  }
  return `M ${x1} ${y1} C ${fmt([toTop, intoTop, [topX, topY]])}`
    + ` S ${fmt([outOfTop, [midX, midY]])}`
    + ` S ${fmt([intoBottom, [bottomX, bottomY]])}`
    + ` S ${fmt([[(x2 + bottomX) / 2, y2], [x2, y2]])}`;
}
