import type { Kernel } from './kernels.js';
import { pext, popcount, rowIsFree, type Layout } from './layout.js';
import { reachDown, reachUp } from './rows.js';

/** What the row loop reports back after each row, and how it learns to stop. */
export interface TransferHooks<B = unknown> {
  /** Called between groups now and then; returning true stops the run (budget or abort). */
  readonly stop: (transitions: number) => boolean;
  /** Coefficients that may be non-zero after `row` rows (index 0 = before any row); the whole stride when absent. */
  readonly lengthAfter?: (rows: number) => number;
  /** Rows a fixed-point count may use: a row that is not its own image is skipped. */
  readonly rowFilter?: (mask: number) => boolean;
  /** After each row, with the buffer holding the states. */
  readonly afterRow?: (row: number, buffer: B) => void;
  /**
   * The two buffers of states to work in (each `kernel.allocate(layout.states)` in size), when the caller keeps
   * them from pass to pass: one pair for every prime, so that a count's memory is one pair, not one per pass left
   * for the garbage collector. Allocated here when absent.
   */
  readonly buffers?: readonly [B, B];
}

export interface TransferRun<B> {
  readonly buffer: B;
  /** Transitions made: the `nodes` of the stats. */
  readonly transitions: number;
  readonly stopped: boolean;
}

/**
 * Runs the DP over every row of the layout's model with one kernel. Each row: subset sums inside every group
 * (the sum over the oldest row s0 that does not meet the new row), then one transition per (group, new row c):
 * state (s0, s1…s(R-1)) → (s1…s(R-1), c). Each target state is written exactly once, so the next buffer is
 * cleared and assigned, never accumulated.
 */
export function transfer<B extends ArrayLike<unknown>>(layout: Layout, kernel: Kernel<B>, hooks: TransferHooks<B>): TransferRun<B> {
  const { model, full, rows, free, offset, bits, groups } = layout;
  const R = model.reach;
  const k = R - 1;
  const below = model.offsets[R]!;
  const up: (readonly number[])[] = [];
  for (let j = 1; j <= k; j++) up.push(model.offsets[R - j]!);
  let current = hooks.buffers?.[0] ?? kernel.allocate(layout.states);
  let next = hooks.buffers?.[1] ?? kernel.allocate(layout.states);
  kernel.clear(current);
  const zeros = new Array<number>(Math.max(k, 1)).fill(0);
  kernel.start(current, offset[layout.group(zeros, 0)]!);
  const tuple = new Uint32Array(Math.max(k, 1));
  let transitions = 0;
  const lengthAfter = hooks.lengthAfter ?? (() => kernel.stride);

  for (let r = 0; r < model.height; r++) {
    const len = lengthAfter(r);
    for (let g = 0; g < groups; g++) {
      if (bits[g]! > 0) kernel.zeta(current, offset[g]!, bits[g]!, len);
      if ((g & 63) === 63 && hooks.stop(transitions)) return { buffer: current, transitions, stopped: true };
    }
    kernel.clear(next);
    const allowed = model.allowed[r]!;
    for (let g = 0; g < groups; g++) {
      const base = g * k;
      let room = allowed;
      for (let j = 0; j < k; j++) room &= ~reachUp(rows[base + j]!, up[j]!, full);
      room >>>= 0;
      const freeG = free[g]!;
      const first = offset[g]!;
      for (let j = 1; j < k; j++) tuple[j - 1] = rows[base + j]!;
      const oldest = k > 0 ? rows[base]! : 0;
      for (let c = room; ; c = ((c - 1) & room) >>> 0) {
        if (rowIsFree(c, model, full) && (!hooks.rowFilter || hooks.rowFilter(c))) {
          const source = first + pext(freeG & ~reachDown(c, below, full), freeG);
          let target: number;
          if (k === 0) target = c;
          else {
            tuple[k - 1] = c;
            const h = layout.group(tuple, 0);
            target = offset[h]! + pext(oldest, free[h]!);
          }
          kernel.emit(next, target, current, source, popcount(c), len);
          transitions++;
        }
        if (c === 0) break;
      }
    }
    [current, next] = [next, current];
    hooks.afterRow?.(r, current);
    // Between groups the clock is read every 64 of them; a layout of one group (kings) is read here, once a row.
    if (hooks.stop(transitions)) return { buffer: current, transitions, stopped: true };
  }
  return { buffer: current, transitions, stopped: false };
}
