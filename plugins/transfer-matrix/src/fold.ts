import type { Finish } from './count.js';
import type { Layout } from './layout.js';
import { popcount } from './layout.js';
import { reachUp } from './rows.js';

/**
 * Placements fixed by a symmetry that maps row i to row H-1-i (the mirror across the middle rank, or the half
 * turn, which also reverses each row) are fixed by their lower half. So the DP runs over the lower ⌈H/2⌉ rows, and
 * each final state — the last R rows below the middle — is completed by its own image above the middle: it counts
 * if it does not attack that image, with twice its pieces (the middle row of an odd board once).
 */
export function foldedCount(layout: Layout, reverseRows: boolean): { layout: Layout; finish: Finish } {
  const model = layout.model;
  const H = model.height;
  const R = model.reach;
  const half = Math.floor(H / 2);
  const odd = H % 2 === 1;
  const used = half + (odd ? 1 : 0);
  const image = reverseRows ? reverser(model.width) : (mask: number) => mask;
  const lower: Layout = { ...layout, model: { ...model, height: used, allowed: model.allowed.subarray(0, used) } };
  const finish: Finish = {
    scale: 2,
    offset(rows) {
      // rows[R-1-i] is the i-th row below the top of the lower part; above it come the images, nearest first.
      const top = rows[R - 1]!;
      if (odd && image(top) !== top) return undefined;
      const firstAbove = odd ? 1 : 0;
      for (let i = 0; i < R; i++) {
        for (let j = firstAbove; j < R; j++) {
          const distance = i + j + (odd ? 0 : 1);
          if (distance > R || distance === 0) continue;
          const above = image(rows[R - 1 - j]!);
          if ((above & reachUp(rows[R - 1 - i]!, model.offsets[distance]!, layout.full)) !== 0) return undefined;
        }
      }
      return odd ? -popcount(top) : 0;
    },
  };
  return { layout: lower, finish };
}

function reverser(width: number): (mask: number) => number {
  return (mask) => {
    let out = 0;
    for (let c = 0; c < width; c++) if (mask & (1 << c)) out |= 1 << (width - 1 - c);
    return out >>> 0;
  };
}
