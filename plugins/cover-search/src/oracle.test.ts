import classic from '@bezzel/classic';
import type { DominationVariant, Result } from '@bezzel/core';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf, solveChecked } from '../../../test/support/solve.js';
import coverSearch, { coverSearch as strategy } from './index.js';

interface Row {
  readonly n: number;
  readonly gamma: number;
  readonly minimumSets?: number;
  readonly slow?: boolean;
}
type Table = 'queen' | 'queenIndependent' | 'queenTotal' | 'knight' | 'knightTotal' | 'king' | 'bishop' | 'rook';
const oracle = JSON.parse(readFileSync(new URL('../../../test/oracles/domination.json', import.meta.url), 'utf8')) as Record<Table, Row[]>;
/** BEZZEL_SLOW=1 adds the rows marked slow (queens to 15, knights to 16, kings to 30…): minutes, not seconds. */
const slow = process.env.BEZZEL_SLOW === '1';
const tables: readonly [Table, string, DominationVariant][] = [
  ['queen', 'queen', 'plain'],
  ['queenIndependent', 'queen', 'independent'],
  ['queenTotal', 'queen', 'total'],
  ['knight', 'knight', 'plain'],
  ['knightTotal', 'knight', 'total'],
  ['king', 'king', 'plain'],
  ['bishop', 'bishop', 'plain'],
  ['rook', 'rook', 'plain'],
];

describe('cover-search against the published domination tables', async () => {
  const bezzel = await bezzelWith(queen, knight, classic, coverSearch);
  const problem = (piece: string, n: number, variant: DominationVariant) => ({ kind: 'dominate' as const, board: { width: n, height: n }, piece, ...(variant === 'plain' ? {} : { variant }) });
  const minimumOf = (r: Result) => (r.status === 'solved' || r.status === 'complete' ? r.minimum?.value : undefined);

  it('has the rows it checks: every table, n = 1… as far as each is published here', () => {
    expect(oracle.queen.filter((r) => !r.slow).map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(oracle.knight.filter((r) => !r.slow).map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(oracle.king.map((r) => r.n).at(-1)).toBe(30);
    for (const table of Object.values(oracle).filter(Array.isArray)) for (const row of table) expect(Number.isInteger(row.gamma) && row.gamma > 0, JSON.stringify(row)).toBe(true);
  });

  for (const [table, piece, variant] of tables) {
    const rows = oracle[table].filter((r) => slow || !r.slow);
    it.each(rows)(`${table} n = $n: the fewest is $gamma, in $minimumSets minimum sets`, async ({ n, gamma, minimumSets }) => {
      const goal = minimumSets === undefined ? 'minimum' : 'count-minimum';
      const { result } = await solveChecked(bezzel, { problem: problem(piece, n, variant), goal, strategy: 'cover-search', budget: { maxTimeMs: 3_600_000 } });
      expect(minimumOf(result), result.status).toBe(gamma);
      if (minimumSets !== undefined) expect(countOf(result)).toBe(BigInt(minimumSets));
    });
  }

  it('counts up to symmetry too: 5 queens dominate 8×8 in 4860 sets, 638 fundamental (OEIS A002563)', async () => {
    const { result } = await solveChecked(bezzel, { problem: problem('queen', 8, 'plain'), goal: 'count-minimum-fundamental', strategy: 'cover-search' });
    expect(countOf(result)).toBe(4860n);
    expect(result.status === 'complete' && result.fundamental).toBe(638n);
  });
});

describe('cover-search split', async () => {
  const bezzel = await bezzelWith(queen, knight, classic, coverSearch);
  it.each([
    ['queen', 7, 7, 4, 'count'],
    ['queen', 6, 6, 4, 'count-fundamental'],
    ['knight', 6, 6, 9, 'count'],
    ['king', 5, 5, 5, 'count'],
  ] as const)('%s on %i×%i, k = %i: the sub-tasks of a %s add up to the whole', async (piece, n, _h, k, goal) => {
    const task = { problem: { kind: 'dominate' as const, board: { width: n, height: n }, piece, k }, goal, strategy: 'cover-search' };
    const whole = await bezzel.solve(task);
    const instance = bezzel.instantiate(task);
    if (!instance.ok) throw instance.error;
    const parts = strategy.split!(instance.value, 12)!;
    expect(parts.length).toBeGreaterThanOrEqual(12);
    let count = 0n;
    let fundamental = 0n;
    for (const part of parts) {
      const r = await bezzel.solve(part.task);
      count += BigInt(part.weight) * countOf(r);
      if (r.status === 'complete') fundamental += r.fundamental ?? 0n;
    }
    expect(count).toBe(countOf(whole));
    if (goal === 'count-fundamental') expect(fundamental).toBe(whole.status === 'complete' ? whole.fundamental : -1n);
  });
});
