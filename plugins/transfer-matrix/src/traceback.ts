import type { Board } from '@bezzel/core';
import { MaxKernel } from './kernels.js';
import { pdep, popcount, type Layout } from './layout.js';
import { reachDown } from './rows.js';
import { transfer } from './transfer.js';

/**
 * One largest placement, for goal `maximum`: the max-pieces pass again, keeping each row's states, then walked back
 * from a best final state. A state's predecessor shares its older R-1 rows and has a value smaller by the pieces of
 * the newest row, so each step back searches one group. Undefined when stopped.
 */
export function largestPlacement(layout: Layout, board: Board, stop: (work: number) => boolean): number[] | undefined {
  const { model, rows: groupRows, free, offset } = layout;
  const R = model.reach;
  const kernel = new MaxKernel();
  const start = kernel.allocate(layout.states);
  kernel.clear(start);
  start[offset[layout.group(new Array<number>(Math.max(R - 1, 1)).fill(0), 0)]!] = 0;
  const snapshots: Int32Array[] = [start];
  const run = transfer(layout, kernel, { stop, afterRow: (_r, buffer) => void snapshots.push(Int32Array.from(buffer)) });
  if (run.stopped) return undefined;

  // The best final state, as its rows oldest first.
  const last = snapshots[model.height]!;
  let best = 0;
  for (let s = 1; s < last.length; s++) if (last[s]! > last[best]!) best = s;
  let g = 0;
  while (offset[g + 1]! <= best) g++;
  const tuple = new Array<number>(R);
  tuple[0] = pdep(best - offset[g]!, free[g]!);
  for (let j = 1; j < R; j++) tuple[j] = groupRows[g * (R - 1) + j - 1]!;
  let value = last[best]!;

  const masks = new Array<number>(model.height);
  for (let r = model.height - 1; r >= 0; r--) {
    const newest = tuple[R - 1]!;
    masks[r] = newest;
    value -= popcount(newest);
    const before = snapshots[r]!;
    const h = R > 1 ? layout.group(tuple, 0) : 0;
    const clash = reachDown(newest, model.offsets[R]!, layout.full);
    const size = 2 ** layout.bits[h]!;
    let found = -1;
    for (let i = 0; i < size && found < 0; i++) {
      const oldest = pdep(i, free[h]!);
      if ((oldest & clash) === 0 && before[offset[h]! + i] === value) found = oldest;
    }
    if (found < 0) throw new Error(`traceback lost its way at row ${r}`);
    for (let j = R - 1; j > 0; j--) tuple[j] = tuple[j - 1]!;
    tuple[0] = found;
  }
  const squares: number[] = [];
  for (let r = 0; r < model.height; r++) {
    for (let c = 0; c < model.width; c++) {
      if (masks[r]! & (1 << c)) squares.push(model.transposed ? board.at(c, r) : board.at(r, c));
    }
  }
  return squares.sort((a, b) => a - b);
}
