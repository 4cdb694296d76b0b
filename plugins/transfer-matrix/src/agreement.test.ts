import backtracking from '@bezzel/backtracking';
import classic from '@bezzel/classic';
import { createBezzel, type Bezzel, type Result, type Task } from '@bezzel/core';
import fairy from '@bezzel/fairy';
import knight from '@bezzel/knight';
import { beforeAll, describe, expect, it } from 'vitest';
import transferMatrix from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [knight, classic, fairy, backtracking, transferMatrix] });
});

const countWith = async (strategy: string, piece: string, w: number, h: number, k: number): Promise<Result> =>
  bezzel.solve({ problem: { kind: 'placement', board: { width: w, height: h }, piece, k }, goal: 'count', strategy, budget: { maxSteps: 3_000_000 } } as Task);

/**
 * The row DP against the depth-first search of @bezzel/backtracking, which knows nothing of rows. Every k on boards
 * up to 4×4; on the larger boards (to 6×6, 3×7, 5×8) k ≤ 3 and every k with at most 30 000 placements, where
 * depth-first search is quick (the row DP's own table says which k those are).
 */
describe('transfer-matrix agrees with backtracking', () => {
  const pieces = ['knight', 'king', 'wazir', 'ferz', 'camel', 'zebra'];
  const boards: [number, number][] = [[3, 7], [7, 3], [5, 8], [8, 5]];
  for (let w = 1; w <= 6; w++) for (let h = w; h <= 6; h++) boards.push([w, h]);

  it('on every k it can afford, for six leapers on every board up to 6×6 and on 3×7 and 5×8', async () => {
    let compared = 0;
    let skipped = 0;
    for (const piece of pieces) {
      for (const [w, h] of boards) {
        const dp = await countWith('transfer-matrix', piece, w, h, 0);
        const table = dp.status === 'complete' ? dp.table! : [];
        expect(table.length, `${piece} ${w}×${h}`).toBeGreaterThan(0);
        for (const [k, count] of table.entries()) {
          const affordable = w * h <= 16 || k <= 3 || count <= 30_000n;
          if (!affordable) continue;
          const search = await countWith('backtracking', piece, w, h, k);
          const found = search.status === 'complete' ? search.count : search.status === 'impossible' ? 0n : undefined;
          if (found === undefined) {
            skipped++; // the step budget ran out: depth-first search could not afford this one after all
            continue;
          }
          expect(found, `${k} ${piece}s on ${w}×${h}`).toBe(count);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(900);
    expect(skipped).toBeLessThan(compared / 20);
  });

  it('is what auto picks for counting many leapers, and not for riders or for one placement', async () => {
    const pick = (piece: string, n: number, goal: Task['goal'], k: number) => {
      const instance = bezzel.instantiate({ problem: { kind: 'placement', board: { width: n, height: n }, piece, k }, goal });
      if (!instance.ok) throw instance.error;
      const chosen = bezzel.choose(instance.value);
      return chosen.ok ? chosen.value.meta.id : chosen.error.message;
    };
    // 12 knights on 8×8 are billions of placements for a search, a fraction of a second for the row DP.
    expect(pick('knight', 8, 'count', 12)).toBe('transfer-matrix');
    expect(pick('king', 10, 'count-fundamental', 12)).toBe('transfer-matrix');
    expect(pick('nightrider', 6, 'count', 4)).toBe('backtracking');
    expect(pick('knight', 8, 'one', 4)).toBe('backtracking');
  });
});
