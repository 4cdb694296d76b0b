import { fullRow, reachDown, reachUp, type RowModel } from './rows.js';

/**
 * How the DP states are laid out in memory. A state is the occupancy of the last R rows (s0 oldest … s(R-1) newest).
 * States are grouped by their newest R-1 rows; within a group the oldest row s0 ranges over the subsets of the
 * squares it may use beside the others (`free`), stored densely at index pext(s0, free). That makes the step to the
 * next row a subset sum over s0 (a zeta transform per group), which is what keeps the work near-linear in states.
 */
export interface Layout {
  readonly model: RowModel;
  readonly full: number;
  /** Group g holds the rows `rows[g*(R-1) .. (g+1)*(R-1))`, oldest first. */
  readonly rows: Uint32Array;
  readonly free: Uint32Array;
  /** First state of each group; `offset[groups]` is the number of states. */
  readonly offset: Float64Array;
  readonly bits: Uint8Array;
  readonly groups: number;
  readonly states: number;
  /** Polynomial additions of one row step: the zeta transforms (bits · 2^(bits-1) per group) plus one emit per state. */
  readonly work: number;
  /** The group of a tuple of R-1 rows, or -1. */
  group(tuple: ArrayLike<number>, from: number): number;
}

/** True when no two pieces in the row attack each other. */
export function rowIsFree(mask: number, model: RowModel, full: number): boolean {
  return (mask & reachUp(mask, model.offsets[0]!, full)) === 0;
}

/**
 * Lays out the states, or returns undefined when there would be more than `maxStates`, or 'stopped' when `stop`
 * (asked every few thousand groups: a layout of millions of states takes seconds) says the budget ran out.
 */
export function buildLayout(model: RowModel, maxStates: number): Layout | undefined;
export function buildLayout(model: RowModel, maxStates: number, stop: () => boolean): Layout | undefined | 'stopped';
export function buildLayout(model: RowModel, maxStates: number, stop?: () => boolean): Layout | undefined | 'stopped' {
  const R = model.reach;
  const W = model.width;
  const full = fullRow(W);
  const k = R - 1;
  const tuples: number[] = [];
  const frees: number[] = [];
  let states = 0;
  const tuple = new Array<number>(k).fill(0);
  let overflow = false;
  let stopped = false;

  const freeOf = (): number => {
    let free = full;
    for (let j = 1; j <= k; j++) free &= ~reachDown(tuple[j - 1]!, model.offsets[j]!, full);
    return free >>> 0;
  };
  const visit = (depth: number): void => {
    if (overflow) return;
    if (depth === k) {
      const free = freeOf();
      states += 2 ** popcount(free);
      if (states > maxStates) overflow = true;
      if (stop && (frees.length & 4095) === 4095 && stop()) overflow = stopped = true;
      tuples.push(...tuple);
      frees.push(free);
      return;
    }
    // Row `depth` (0-based among the newest R-1) must avoid every earlier row of the tuple.
    let room = full;
    for (let i = 0; i < depth; i++) room &= ~reachUp(tuple[i]!, model.offsets[depth - i]!, full);
    room >>>= 0;
    for (let s = room; ; s = ((s - 1) & room) >>> 0) {
      if (rowIsFree(s, model, full)) {
        tuple[depth] = s;
        visit(depth + 1);
        if (overflow) return;
      }
      if (s === 0) break;
    }
  };
  visit(0);
  if (stopped) return 'stopped';
  if (overflow) return undefined;

  const groups = frees.length;
  const offset = new Float64Array(groups + 1);
  const bits = new Uint8Array(groups);
  let work = states;
  for (let g = 0; g < groups; g++) {
    bits[g] = popcount(frees[g]!);
    offset[g + 1] = offset[g]! + 2 ** bits[g]!;
    work += bits[g]! * 2 ** Math.max(0, bits[g]! - 1);
  }
  const rows = Uint32Array.from(tuples);
  let group: Layout['group'];
  if (k === 0) group = () => 0;
  else if (k * W <= 22) {
    const index = new Int32Array(2 ** (k * W)).fill(-1);
    for (let g = 0; g < groups; g++) index[packed(rows, g * k, k, W)] = g;
    group = (t, from) => index[packed(t, from, k, W)]!;
  } else {
    const index = new Map<number, number>();
    for (let g = 0; g < groups; g++) index.set(packed(rows, g * k, k, W), g);
    group = (t, from) => index.get(packed(t, from, k, W)) ?? -1;
  }
  return { model, full, rows, free: Uint32Array.from(frees), offset, bits, groups, states, work, group };
}

/** A tuple of rows as one number; only used with k·W ≤ 52 bits, so it is exact. */
function packed(t: ArrayLike<number>, from: number, k: number, W: number): number {
  let key = 0;
  const base = 2 ** W;
  for (let i = 0; i < k; i++) key = key * base + t[from + i]!;
  return key;
}

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * pext(x, mask): the bits of x at the positions of mask, packed to the bottom. A byte table keeps it to 4 lookups;
 * it is made on first use (64 KiB, 2 ms cold), not when the plugin loads: most commands that load it never call it.
 */
let PEXT8: Uint8Array | undefined;
const POP8 = Uint8Array.from({ length: 256 }, (_, m) => popcount(m));

function pextTable(): Uint8Array {
  const table = new Uint8Array(256 * 256);
  for (let m = 0; m < 256; m++) {
    for (let x = 0; x < 256; x++) {
      let out = 0;
      let at = 0;
      for (let b = 0; b < 8; b++) {
        if (m & (1 << b)) {
          if (x & (1 << b)) out |= 1 << at;
          at++;
        }
      }
      table[(m << 8) | x] = out;
    }
  }
  return table;
}

export function pext(x: number, mask: number): number {
  const table = (PEXT8 ??= pextTable());
  let out = 0;
  let at = 0;
  for (let shift = 0; shift < 32; shift += 8) {
    const m = (mask >>> shift) & 255;
    if (m === 0) continue;
    out += table[(m << 8) | ((x >>> shift) & 255)]! * 2 ** at;
    at += POP8[m]!;
  }
  return out;
}

/** pdep(x, mask): the low bits of x spread to the positions of mask (the inverse of pext). */
export function pdep(x: number, mask: number): number {
  let out = 0;
  for (let m = mask >>> 0, bit = 1; m !== 0; m = (m & (m - 1)) >>> 0, bit *= 2) if (x & bit) out |= m & -m;
  return out >>> 0;
}
