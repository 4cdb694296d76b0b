import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { describe, expect, it } from 'vitest';
import { bezzelWith, solveChecked } from '../../../test/support/solve.js';
import coverSearch from './index.js';

// The quicker ways to a set (a symmetric set, a local search) only find; the exact search still proves. Node counts
// are deterministic, so they show which way found the set: the exact search alone takes far more on these boards.
describe('cover-search: symmetric sets and local search before the exact search', async () => {
  const bezzel = await bezzelWith(queen, knight, coverSearch);
  const dominate = (piece: string, n: number, goal: 'one' | 'minimum', k?: number) =>
    solveChecked(bezzel, { problem: { kind: 'dominate', board: { width: n, height: n }, piece, ...(k !== undefined ? { k } : {}) }, goal, strategy: 'cover-search', budget: { maxTimeMs: 120_000 } });

  it('finds 32 knights dominating 14×14 by local search (the exact search needs about a million nodes)', async () => {
    const { result } = await dominate('knight', 14, 'one', 32);
    expect(result.status).toBe('solved');
    expect(result.status === 'solved' && result.solutions[0]!.kind === 'placement' && result.solutions[0].squares).toHaveLength(32);
    expect(result.stats.nodes).toBeLessThan(50_000);
  });

  it('proves 24 knights for 12×12 with a symmetric set found first (the exact search alone: about 30,000 nodes)', async () => {
    const { result } = await dominate('knight', 12, 'minimum');
    expect(result.status === 'solved' && result.minimum).toEqual({ value: 24, proof: 'exhausted' });
    expect(result.stats.nodes).toBeLessThan(5_000);
  });

  it('still proves where no quick way finds a smaller set: 5 queens on 8×8, 7 on 13×13', async () => {
    for (const [n, gamma] of [[8, 5], [13, 7]] as const) {
      const { result } = await dominate('queen', n, 'minimum');
      expect(result.status === 'solved' && result.minimum).toEqual({ value: gamma, proof: 'exhausted' });
    }
  });
});
