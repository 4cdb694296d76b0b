import { popcount, rowIsFree } from './layout.js';
import { fullRow, reachDown, reachUp, type RowModel } from './rows.js';

/** The size of a layout (see layout.ts), known without building it. */
export interface LayoutSize {
  /** Groups (tuples of the newest R-1 rows), states, and polynomial additions of one row step. */
  readonly groups: number;
  readonly states: number;
  readonly work: number;
  /** False when the count was cut short and scaled up from a random sample of the tuples' first rows. */
  readonly exact: boolean;
}

/** An odd multiplier: i ↦ i·M mod 2^W visits every W-bit row once, in an order unrelated to its bits. */
const SCRAMBLE = 0x9e3779b1;

/**
 * Counts a layout's groups, states and work as `buildLayout` would lay them out, but keeps nothing, and stops after
 * `maxTests` candidate rows: `supports()` must answer in milliseconds, and a layout of millions of states takes
 * seconds to lay out. A first row whose rows below alone exceed the tests makes the estimate infinite (a layout
 * that large is refused anyway). The first row of the tuples is taken in a scrambled order, so the part counted before the
 * stop is a uniform sample of them and scaling it up estimates the whole (the deeper rows are counted in full).
 */
export function layoutSize(model: RowModel, maxTests: number): LayoutSize {
  const R = model.reach;
  const W = model.width;
  const full = fullRow(W);
  const k = R - 1;
  const tuple = new Array<number>(Math.max(k, 1)).fill(0);
  let groups = 0;
  let states = 0;
  let work = 0;
  let tests = 0;

  const group = () => {
    let free = full;
    for (let j = 1; j <= k; j++) free &= ~reachDown(tuple[j - 1]!, model.offsets[j]!, full);
    const bits = popcount(free >>> 0);
    groups++;
    states += 2 ** bits;
    work += 2 ** bits + bits * 2 ** Math.max(0, bits - 1);
  };
  // Rows 1… of the tuple, each avoiding the rows before it, in full; false once the tests run out.
  const deeper = (depth: number): boolean => {
    if (depth === k) {
      group();
      return true;
    }
    let room = full;
    for (let i = 0; i < depth; i++) room &= ~reachUp(tuple[i]!, model.offsets[depth - i]!, full);
    room >>>= 0;
    for (let s = room; ; s = ((s - 1) & room) >>> 0) {
      if (++tests > maxTests) return false;
      if (rowIsFree(s, model, full)) {
        tuple[depth] = s;
        if (!deeper(depth + 1)) return false;
      }
      if (s === 0) break;
    }
    return true;
  };
  if (k === 0) {
    group();
    return { groups, states, work, exact: true };
  }
  const rows = 2 ** W;
  for (let i = 0; i < rows; i++) {
    const s = (Math.imul(i, SCRAMBLE) & full) >>> 0;
    const before = { groups, states, work };
    tests++;
    if (rowIsFree(s, model, full)) {
      tuple[0] = s;
      if (!deeper(1)) {
        // The sample is the first rows counted in full; the one cut short is left out.
        const scale = i === 0 ? Infinity : rows / i;
        return { groups: before.groups * scale, states: before.states * scale, work: before.work * scale, exact: false };
      }
    }
  }
  return { groups, states, work, exact: true };
}
