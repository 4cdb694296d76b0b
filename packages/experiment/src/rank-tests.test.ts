import { describe, expect, it } from 'vitest';
import { logRank, mannWhitney, mannWhitneyExactP, pairedRaceTest, signedRankExactP, wilcoxonSignedRank } from './rank-tests.js';

/**
 * Worked examples with published answers: R's ?wilcox.test examples (Hollander & Wolfe's depression data), the
 * Mann–Whitney table's critical values, and the log-rank test of the AML data (Miller 1981; R's `survdiff(Surv(time,
 * status) ~ x, data = aml)`: Chisq = 3.4 on 1 df, p = 0.07; Expected 10.69 for the maintained group). The digits
 * beyond the published ones were checked with SciPy 1.17 (`mannwhitneyu(method='exact')`, `wilcoxon`, `logrank`).
 */
describe('rank tests', () => {
  it('gives exact Mann–Whitney p-values for small samples without ties, and says which it used', () => {
    // No overlap: U = 0 is 1 of C(6,3) = 20 orderings, two-sided 2/20.
    const apart = mannWhitney([1, 2, 3], [4, 5, 6]);
    expect(apart).toEqual({ u: 0, p: 0.1, method: 'exact', a12: 0 });
    // Hollander & Wolfe's depression data (R's ?wilcox.test): W = 35, exact two-sided p = 0.2544 (0.2544122544…).
    const depression = mannWhitney([0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46], [1.15, 0.88, 0.9, 0.74, 1.21]);
    expect(depression.u).toBe(35);
    expect(depression.method).toBe('exact');
    expect(depression.p).toBeCloseTo(0.2544122544122544, 12);
    // The same by the approximation, as asked.
    expect(mannWhitney([1, 2, 3], [4, 5, 6], { exact: false })).toMatchObject({ method: 'normal' });
    // Ties (two runs censored at Infinity tie) go by the approximation.
    expect(mannWhitney([1, 2, Infinity, Infinity], [3, 4, 5]).method).toBe('normal');
  });

  it("matches the Mann–Whitney table's two-sided 5% critical values", () => {
    // The largest U with P(U ≤ c) ≤ 0.025 (two-sided p ≤ 0.05): n₁ = n₂ = 5: 2; 8: 13; 10: 23; 20: 127; 6 and 8: 8.
    for (const [n1, n2, critical] of [[5, 5, 2], [8, 8, 13], [10, 10, 23], [20, 20, 127], [6, 8, 8]] as const) {
      expect(mannWhitneyExactP(critical, n1, n2)).toBeLessThanOrEqual(0.05);
      expect(mannWhitneyExactP(critical + 1, n1, n2)).toBeGreaterThan(0.05);
    }
    // Symmetric: U and n₁n₂ − U give the same p.
    expect(mannWhitneyExactP(40, 10, 5)).toBeCloseTo(mannWhitneyExactP(10, 10, 5), 15);
    expect(mannWhitneyExactP(25, 5, 10)).toBe(1);
  });

  it("gives Wilcoxon's signed-rank test of pairs, exact without ties", () => {
    // R's ?wilcox.test: depression scores before (x) and after (y), V = 40, two-sided p = 0.0390625 (20/512).
    const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
    const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
    const test = wilcoxonSignedRank(x, y);
    expect(test).toEqual({ v: 40, pairs: 9, p: 0.0390625, method: 'exact', direction: 1 });
    expect(wilcoxonSignedRank(y, x)).toMatchObject({ v: 5, p: 0.0390625, direction: -1 });
    // n = 5, all positive: V = 15, the one pattern of 32 in each tail: 2/32.
    expect(signedRankExactP(15, 5)).toBe(0.0625);
    // Ties among |differences|, and unsolved pairs (both Infinity) dropped as zero differences: the approximation.
    const tied = wilcoxonSignedRank([3, 5, 7, Infinity, Infinity], [1, 3, 9, Infinity, 4]);
    expect(tied.pairs).toBe(4);
    expect(tied.method).toBe('normal');
    // |d| = 2, 2, 2, ∞: ranks 2, 2, 2, 4; V = 2 + 2 + 4 = 8, σ² = 4·5·9/24 − 24/48 = 7, z = (8 − 5 − ½)/√7.
    expect(tied.v).toBe(8);
    expect(tied.p).toBeCloseTo(0.3447042220069576, 6); // SciPy: wilcoxon(correction=True, method="approx")
    expect(wilcoxonSignedRank([1, 2], [1, 2]).p).toBeNaN();
  });

  it('gives the log-rank test of the AML data as R and SciPy do', () => {
    const maintained = [[9, 1], [13, 1], [13, 0], [18, 1], [23, 1], [28, 0], [31, 1], [34, 1], [45, 0], [48, 1], [161, 0]];
    const nonmaintained = [[5, 1], [5, 1], [8, 1], [8, 1], [12, 1], [16, 0], [23, 1], [27, 1], [30, 1], [33, 1], [43, 1], [45, 1]];
    const times = (rows: number[][]) => rows.map(([time, event]) => ({ time: time!, event: event === 1 }));
    const test = logRank(times(maintained), times(nonmaintained));
    expect(test.observed).toBe(7);
    expect(test.expected).toBeCloseTo(10.69, 2);
    expect(test.statistic).toBeCloseTo(3.396388698977599, 10);
    expect(test.p).toBeCloseTo(0.06533932204050502, 10);
    // The same test with the samples swapped.
    expect(logRank(times(nonmaintained), times(maintained)).statistic).toBeCloseTo(test.statistic, 12);
    // A run censored at Infinity (stuck: it never solves) is at risk at every event, as one censored past the last.
    const stuck = [...times(maintained).slice(0, 9), { time: Infinity, event: false }, { time: Infinity, event: false }];
    const late = [...times(maintained).slice(0, 9), { time: 1000, event: false }, { time: 1000, event: false }];
    expect(logRank(stuck, times(nonmaintained))).toEqual(logRank(late, times(nonmaintained)));
    // No run solved: no test.
    expect(logRank([{ time: 5, event: false }], [{ time: 5, event: false }]).p).toBeNaN();
  });

  it("decides between the last two of a race as irace does", () => {
    const pairs = (a: number[], b: number[]) => a.map((x, i) => [x, b[i]!]);
    // The depression data again, costs of two configurations: V = 40, p = 0.039 < 0.05, the first costs more.
    const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
    const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
    expect(pairedRaceTest(pairs(x, y))).toEqual({ statistic: 40, p: 0.0390625, method: 'exact', best: 1, survivors: [1] });
    // At 99% confidence it does not reject: both stay.
    expect(pairedRaceTest(pairs(x, y), 0.99).survivors).toEqual([0, 1]);
    // No worse on every instance (an unsolved run costs Infinity): the other goes without a test.
    expect(pairedRaceTest(pairs([1, 2, 3, 4, 5], [1, 3, 3, Infinity, 6]))).toMatchObject({ method: 'dominance', best: 0, survivors: [0] });
    // A tie on every instance: both stay.
    expect(pairedRaceTest(pairs([1, 2, Infinity], [1, 2, Infinity]))).toMatchObject({ method: 'tie', survivors: [0, 1] });
  });
});
