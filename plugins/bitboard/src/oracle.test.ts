import queen from '@bezzel/queen';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf } from '../../../test/support/solve.js';
import bitboard from './index.js';

interface OracleRow {
  n: number;
  all: number | string;
  fundamental: number | string;
}
const oracle = JSON.parse(readFileSync(new URL('../../../test/oracles/queens.json', import.meta.url), 'utf8')) as { rows: OracleRow[] };

describe('bitboard against the published n-queens counts', async () => {
  const bezzel = await bezzelWith(queen, bitboard);
  const rows = oracle.rows.filter((r) => r.n <= 14);

  it('has the oracle rows it checks', () => expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]));

  it.each(rows)('n = $n: count and count-fundamental in one pass', async ({ n, all, fundamental }) => {
    const problem = { kind: 'placement' as const, board: { width: n, height: n }, piece: 'queen' };
    const both = await bezzel.solve({ problem, goal: 'count-fundamental', strategy: 'bitboard', budget: { maxTimeMs: 60_000 } });
    expect(countOf(both)).toBe(BigInt(all));
    expect(both.status === 'complete' && both.fundamental).toBe(BigInt(fundamental));
    const total = await bezzel.solve({ problem, goal: 'count', strategy: 'bitboard', budget: { maxTimeMs: 60_000 } });
    expect(countOf(total)).toBe(BigInt(all));
  });

  it('uses the symmetric counter for queens and visits far fewer nodes than the plain row search', async () => {
    const problem = { kind: 'placement' as const, board: { width: 10, height: 10 }, piece: 'queen' };
    const symmetric = await bezzel.solve({ problem, goal: 'count', strategy: 'bitboard' });
    const all = await bezzel.solve({ problem, goal: 'all', strategy: 'bitboard' });
    expect(symmetric.stats.extra?.mode).toBe('symmetric');
    expect(countOf(all)).toBe(724n);
    expect(symmetric.stats.nodes * 3).toBeLessThan(all.stats.nodes);
  });
});
