import knight from '@bezzel/knight';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bezzelWith } from '../../../test/support/solve.js';
import transferMatrixModule from './index.js';

const bezzel = await bezzelWith(knight, transferMatrixModule);
const published = (JSON.parse(readFileSync(new URL('../../../test/oracles/knights-row-sums.json', import.meta.url), 'utf8')) as { A141243: string[] }).A141243.map(BigInt);
const slow = process.env.BEZZEL_SLOW === '1';

/** The whole table of knights on n×n (every k), as `--k all` asks for it. */
async function knightsTable(n: number, maxMemoryBytes?: number) {
  return bezzel.solve({
    problem: { kind: 'placement', board: { width: n, height: n }, piece: 'knight', k: 0 },
    goal: 'count',
    strategy: 'transfer-matrix',
    budget: { maxTimeMs: 3_600_000, ...(maxMemoryBytes !== undefined ? { maxMemoryBytes } : {}) },
  });
}

describe('knights on n×n, every k: row sums against OEIS A141243', () => {
  it('n = 1…12', async () => {
    for (let n = 1; n <= 12; n++) {
      const result = await knightsTable(n);
      if (result.status !== 'complete') throw new Error(`n = ${n}: ${result.status}`);
      expect(result.table!.reduce((a, b) => a + b, 0n), `n = ${n}`).toBe(published[n]);
    }
  }, 120_000);

  it('starts from the fewest primes the largest coefficient could need and adds one until the table sums to the total: 3 primes on 13×13 (91 bits)', { skip: !slow, timeout: 600_000 }, async () => {
    const result = await knightsTable(13);
    if (result.status !== 'complete') throw new Error(result.status);
    expect(result.table!.reduce((a, b) => a + b, 0n)).toBe(published[13]);
    expect(result.stats.extra?.primes).toBe(3);
  });
});

describe('the memory a run may use', () => {
  it('refuses 15×15 in the default 1 GiB with its estimate, and accepts it when the budget allows 12 GiB', () => {
    const task = (maxMemoryBytes?: number) => ({
      problem: { kind: 'placement' as const, board: { width: 15, height: 15 }, piece: 'knight', k: 0 },
      goal: 'count' as const,
      strategy: 'transfer-matrix',
      ...(maxMemoryBytes !== undefined ? { budget: { maxMemoryBytes } } : {}),
    });
    const support = (maxMemoryBytes?: number) => {
      const instance = bezzel.instantiate(task(maxMemoryBytes));
      if (!instance.ok) throw instance.error;
      return bezzel.strategy('transfer-matrix')!.supports(instance.value);
    };
    // Counted, not sampled: the run lays out exactly 3,496,900 states (sampling said 2.76 million, and 16×16's
    // 6.5 million against 9,150,625 let a run that passed a 6.4 GiB check take 9.3 GB).
    expect(support()).toMatchObject({ ok: false, reason: 'the 3,496,900 row states with a polynomial each would need about 3.05 GiB, more than the 1 GiB a run may use' });
    expect(support(2 * 2 ** 30)).toMatchObject({ ok: false, reason: expect.stringMatching(/more than the 2\.00 GiB this run may use/) });
    expect(support(12 * 2 ** 30)).toMatchObject({ ok: true });
  });
});
