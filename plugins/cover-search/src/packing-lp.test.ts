import classic from '@bezzel/classic';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import type { Task } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bezzelWith } from '../../../test/support/solve.js';
import { rootPacking } from './packing-lp.js';
import { setUp } from './setup.js';

describe('the root LP over orbits of squares', async () => {
  const bezzel = await bezzelWith(queen, knight, classic);
  const setupOf = (piece: string, width: number, height: number, removed?: number[]) => {
    const task: Task = { problem: { kind: 'dominate', board: { width, height, ...(removed ? { removed } : {}) }, piece }, goal: 'minimum' };
    const instance = bezzel.instantiate(task);
    if (!instance.ok || instance.value.kind !== 'dominate') throw new Error('not a domination problem');
    return setUp(instance.value);
  };

  it('has the value of the LP over every square, and its weights are a packing (no piece covers more than 1)', () => {
    const boards = [['knight', 8, 8], ['knight', 11, 11], ['knight', 9, 6], ['king', 10, 10], ['queen', 7, 7], ['bishop', 6, 6], ['knight', 8, 8, [0, 63]], ['knight', 7, 7, [24]]] as const;
    for (const [piece, w, h, removed] of boards) {
      const { model, symmetries } = setupOf(piece, w, h, removed ? [...removed] : undefined);
      expect(symmetries.length).toBeGreaterThan(0);
      const reduced = rootPacking(model, symmetries, 1000)!;
      const full = rootPacking(model, [], 1000)!;
      expect({ piece, w, h, value: reduced.value.toFixed(6) }).toEqual({ piece, w, h, value: full.value.toFixed(6) });
      let total = 0;
      for (let c = 0; c < model.size; c++) {
        let sum = 0;
        for (let i = model.coverOffsets[c]!; i < model.coverOffsets[c + 1]!; i++) sum += reduced.y[model.coverTargets[i]!]!;
        expect(sum).toBeLessThanOrEqual(1 + 1e-9);
        total += reduced.y[c]!;
      }
      expect(total).toBeCloseTo(reduced.value, 9);
    }
  });

  it('gives the published LP-driven bounds: knights 8×8 need 12 (the LP is exactly 12), 14×14 at least 29', () => {
    expect(setupOf('knight', 8, 8).lower).toBe(12);
    expect(setupOf('knight', 14, 14).lp).toBeCloseTo(28.915, 3);
  });
});
