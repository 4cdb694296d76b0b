import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootstrapErtInterval, bootstrapMeanInterval, bootstrapMedianInterval } from './bootstrap.js';
import { mean } from './statistics.js';
import { median } from './summary.js';

/**
 * The attempts of `bezzel experiment queen -n 8 --strategies random --seed 1 --runs 3000` (written with
 * --runs-out; a run is minutes of CPU in all, so the numbers are kept here). random draws a random row for each
 * of the 8 columns and tests the board: it is a solution with p = 92 / 8⁸, and the attempts to the first one,
 * the successful one counted, are geometric.
 */
const attempts = readFileSync(new URL('../test-data/random-queens-8.txt', import.meta.url), 'utf8').trim().split('\n').map(Number);
const p = 92 / 8 ** 8;
const theoreticalMean = 1 / p; // 182,361.04
const theoreticalMedian = Math.ceil(Math.log(0.5) / Math.log(1 - p)); // 126,402

describe('random generate-and-test on 8 queens against its theory', () => {
  it('has the figures the command printed for seeds 1…1000', () => {
    const first = attempts.slice(0, 1000);
    expect(first).toHaveLength(1000);
    expect(median(first)).toBe(120877);
    expect(Math.round(mean(first))).toBe(166589);
    expect(bootstrapMeanInterval(first)).toEqual({ low: expect.closeTo(157145, -1), high: expect.closeTo(176608, -1) });
    // The median's interval covers the theoretical median; the mean's is a low draw (2.7 standard errors under 1/p).
    const { low, high } = bootstrapMedianInterval(first);
    expect(low).toBeLessThan(theoreticalMedian);
    expect(high).toBeGreaterThan(theoreticalMedian);
  });

  it('brackets the theoretical mean 1/p = 8⁸/92 on the pooled seeds 1…3000, by the mean and by the ERT', () => {
    expect(attempts).toHaveLength(3000);
    const interval = bootstrapMeanInterval(attempts);
    expect(interval.low).toBeLessThan(theoreticalMean);
    expect(interval.high).toBeGreaterThan(theoreticalMean);
    // Every run solved: the ERT is the mean, and its interval the same.
    expect(bootstrapErtInterval(attempts.map((effort) => ({ effort, solved: true })))).toEqual(interval);
    // Seeds 1001…3000 on their own.
    expect(Math.round(mean(attempts.slice(1000)))).toBe(183112);
  });
});
