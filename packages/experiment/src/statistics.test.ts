import { Rng } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bootstrapErtInterval, bootstrapMeanInterval } from './bootstrap.js';
import { mannWhitney } from './rank-tests.js';
import { distributionOf, expectedRunningTime, fisherExact, holm, mean, normalCdf } from './statistics.js';

/**
 * Expected values are worked out from the formulas by hand or with exact fractions (python3's `fractions` and
 * `math.comb`/`math.erfc`): scipy and R are not at hand, so no value here is copied from a program's output.
 */
describe('statistics', () => {
  it('takes means and expected running times, censored runs counted with the effort they spent', () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(mean([])).toBeNaN();
    // (10 + 20 + 100) / 2 successes.
    expect(expectedRunningTime([{ effort: 10, solved: true }, { effort: 20, solved: true }, { effort: 100, solved: false }])).toBe(65);
    expect(expectedRunningTime([{ effort: 10, solved: true }, { effort: 30, solved: true }])).toBe(20);
    expect(expectedRunningTime([{ effort: 10, solved: false }])).toBe(Number.POSITIVE_INFINITY);
    expect(distributionOf([5, 1, 3, 7])).toEqual({ runs: 4, median: 4, mean: 4, min: 1, max: 7 });
  });

  it("gives Fisher's exact p-values of 2×2 tables", () => {
    // The lady tasting tea: P = (C(4,3)·C(4,1) + C(4,1)·C(4,3) + 2) / C(8,4) = 34/70 = 17/35.
    expect(fisherExact(3, 1, 1, 3).p).toBeCloseTo(17 / 35, 12);
    expect(fisherExact(3, 1, 1, 3).oddsRatio).toBe(9);
    // Only the two extreme tables, each 1 / C(20,10).
    expect(fisherExact(10, 0, 0, 10).p).toBeCloseTo(2 / 184756, 15);
    expect(fisherExact(10, 0, 0, 10).oddsRatio).toBe(Number.POSITIVE_INFINITY);
    // The textbook example [[1, 9], [11, 3]]: 0.0027594561852.
    expect(fisherExact(1, 9, 11, 3).p).toBeCloseTo(0.00275945618522, 12);
    // 30 of 30 against 21 of 30 solved; 94 of 100 against 80 of 100.
    expect(fisherExact(30, 0, 21, 9).p).toBeCloseTo(0.00193560331914, 12);
    expect(fisherExact(94, 6, 80, 20).p).toBeCloseTo(0.00542695792556, 12);
    expect(fisherExact(5, 5, 5, 5).p).toBeCloseTo(1, 12);
  });

  it('gives Mann–Whitney U, its normal-approximation p-value with tie and continuity corrections, and A12', () => {
    // No overlap: U = 0, σ² = 9/12 · 7 = 5.25, z = (4.5 − 0.5)/√5.25 = 1.7457, p = 0.0808556.
    const apart = mannWhitney([1, 2, 3], [4, 5, 6], { exact: false });
    expect(apart.u).toBe(0);
    expect(apart.a12).toBe(0);
    expect(apart.p).toBeCloseTo(0.0808555983700523, 6);
    // Hollander & Wolfe's depression data (R's ?wilcox.test): U = 35 of 50.
    const depression = mannWhitney([0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46], [1.15, 0.88, 0.9, 0.74, 1.21], { exact: false });
    expect(depression.u).toBe(35);
    expect(depression.a12).toBe(0.7);
    expect(depression.p).toBeCloseTo(0.24462360512698345, 6);
    // Ties, and runs censored at Infinity tying above every finite value.
    const censored = mannWhitney([1, 2, 2, 3, Infinity, Infinity], [2, 3, 4, 5, 5, Infinity, Infinity, Infinity]);
    expect(censored.u).toBe(15.5);
    expect(censored.a12).toBeCloseTo(15.5 / 48, 12);
    expect(censored.p).toBeCloseTo(0.28749541886916846, 6);
    expect(mannWhitney([1, 1], [1, 1]).p).toBe(1);
  });

  it('computes Φ, and adjusts p-values by Holm', () => {
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 7);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(-3)).toBeCloseTo(0.0013498980316301, 9);
    // Sorted 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 → kept non-decreasing at 0.06.
    expect(holm([0.01, 0.04, 0.03])).toEqual([0.03, 0.06, 0.06]);
    // 0.5·2 = 1, and 0.9 is kept from falling below it; NaN is left out of m.
    expect(holm([0.5, Number.NaN, 0.9])).toEqual([1, Number.NaN, 1]);
    expect(holm([0.2, 0.01])).toEqual([0.2, 0.02]);
  });

  it('brackets the theoretical mean of random generate-and-test on 8 queens with the bootstrap interval of the mean', () => {
    // A random row per column is a solution with p = 92 / 8⁸, so attempts to the first one are geometric with
    // mean 1/p = 16777216 / 92 ≈ 182,361.04. Draw 1000 such runs by inversion, as 1000 seeded runs would be.
    const p = 92 / 8 ** 8;
    const rng = new Rng(1);
    const runs = Array.from({ length: 1000 }, () => Math.max(1, Math.ceil(Math.log(1 - rng.float()) / Math.log(1 - p))));
    const interval = bootstrapMeanInterval(runs);
    expect(interval.low).toBeLessThan(1 / p);
    expect(interval.high).toBeGreaterThan(1 / p);
    // The standard error is about √(1−p)/p/√1000 ≈ 5,767: the interval is about ±1.96 of it.
    expect(interval.high - interval.low).toBeGreaterThan(2 * 1.6 * 5767);
    expect(interval.high - interval.low).toBeLessThan(2 * 2.4 * 5767);
    // With every run solved, the ERT is the mean, and so is its interval.
    expect(bootstrapErtInterval(runs.map((effort) => ({ effort, solved: true })))).toEqual(interval);
  });
});
