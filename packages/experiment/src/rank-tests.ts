import { chiSquareSurvival } from './friedman.js';
import { normalCdf } from './statistics.js';

/**
 * The exact small-sample tests beside the normal approximations: the null distribution of Mann–Whitney's U and of
 * Wilcoxon's signed-rank V, counted by recursion; and the log-rank test of two run-time samples with censoring.
 * Checked against R's and SciPy's published examples in rank-tests.test.ts.
 */

/** Below this many values in each sample (and with no ties), p-values are exact — R's `wilcox.test` rule. */
export const EXACT_BELOW = 50;

/**
 * The number of orderings of n₁ + n₂ distinct values giving each U (pairs x > y) from 0 to n₁n₂, by Mann and
 * Whitney's recursion f(m, n, u) = f(m − 1, n, u − n) + f(m, n − 1, u), one row of m at a time.
 */
function uCounts(n1: number, n2: number): Float64Array {
  const top = n1 * n2;
  // rows[n][u]: orderings of m first-sample and n second-sample values with U = u, for the current m.
  let rows = Array.from({ length: n2 + 1 }, () => {
    const row = new Float64Array(top + 1);
    row[0] = 1;
    return row;
  });
  for (let m = 1; m <= n1; m++) {
    const next = [new Float64Array(top + 1)];
    next[0]![0] = 1;
    for (let n = 1; n <= n2; n++) {
      const row = new Float64Array(top + 1);
      const above = rows[n]!;
      const left = next[n - 1]!;
      for (let u = 0; u <= m * n; u++) row[u] = left[u]! + (u >= n ? above[u - n]! : 0);
      next.push(row);
    }
    rows = next;
  }
  return rows[n2]!;
}

/**
 * The exact two-sided p-value of Mann–Whitney's U for samples of n₁ and n₂ distinct values: twice the smaller
 * tail, at most 1 (R's `wilcox.test(exact = TRUE)`: P(U ≥ u) above the centre n₁n₂/2, P(U ≤ u) otherwise).
 */
export function mannWhitneyExactP(u: number, n1: number, n2: number): number {
  const counts = uCounts(n1, n2);
  let total = 0;
  for (const c of counts) total += c;
  let tail = 0;
  if (u > (n1 * n2) / 2) for (let v = Math.ceil(u); v <= n1 * n2; v++) tail += counts[v]!;
  else for (let v = 0; v <= Math.floor(u); v++) tail += counts[v]!;
  return Math.min(1, (2 * tail) / total);
}

/** The Mann–Whitney U test of two samples, and Vargha and Delaney's A. */
export interface MannWhitneyTest {
  /** U of the first sample: pairs (x, y) with x > y, ties counting one half. */
  readonly u: number;
  /** Two-sided p-value: exact or by the normal approximation, as `method` says. */
  readonly p: number;
  /**
   * `exact`: both samples under 50 values and no ties (R's `wilcox.test` rule), the p-value from U's null
   * distribution; `normal`: the normal approximation with tie and continuity corrections.
   */
  readonly method: 'exact' | 'normal';
  /**
   * Vargha–Delaney A₁₂ = U / (n₁·n₂) = P(X > Y) + ½·P(X = Y): 0.5 is no difference; 0.56, 0.64 and 0.71 are
   * their small, medium and large effects (Vargha & Delaney 2000). For run lengths, below 0.5 means the first is
   * faster.
   */
  readonly a12: number;
}

/**
 * The Mann–Whitney U test (Wilcoxon rank-sum; Hollander & Wolfe, Nonparametric Statistical Methods, §4.1) as R's
 * `wilcox.test(x, y)` computes it: with both samples under 50 values and no ties, the exact p-value; otherwise
 * midranks for ties and the normal approximation z = (U − n₁n₂/2 ∓ ½) / σ, σ² = n₁n₂/12 · (N + 1 − Σ(t³ − t) /
 * (N(N − 1))). `exact: false` asks for the approximation whatever the samples. Values may be +Infinity (runs that
 * never solved): they tie with each other above every finite value — Gehan's rule for runs censored at one
 * common budget (so a sample with two unsolved runs has a tie, and goes by the approximation).
 */
export function mannWhitney(x: readonly number[], y: readonly number[], settings: { readonly exact?: boolean } = {}): MannWhitneyTest {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) return { u: Number.NaN, p: Number.NaN, method: 'normal', a12: Number.NaN };
  const all = [...x.map((v) => ({ v, first: true })), ...y.map((v) => ({ v, first: false }))].sort((p, q) => (p.v < q.v ? -1 : p.v > q.v ? 1 : 0));
  const total = all.length;
  let rankSum = 0;
  let ties = 0;
  for (let i = 0; i < total; ) {
    let j = i;
    while (j + 1 < total && all[j + 1]!.v === all[i]!.v) j++;
    const rank = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) if (all[k]!.first) rankSum += rank;
    const t = j - i + 1;
    ties += t * t * t - t;
    i = j + 1;
  }
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  const a12 = u / (n1 * n2);
  if ((settings.exact ?? true) && ties === 0 && n1 < EXACT_BELOW && n2 < EXACT_BELOW) return { u, p: mannWhitneyExactP(u, n1, n2), method: 'exact', a12 };
  const centred = u - (n1 * n2) / 2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (total + 1 - ties / (total * (total - 1))));
  const p = sigma === 0 ? 1 : Math.min(1, 2 * normalCdf(-Math.max(0, Math.abs(centred) - 0.5) / sigma));
  return { u, p, method: 'normal', a12 };
}

/** Wilcoxon's signed-rank test of paired samples. */
export interface SignedRankTest {
  /** V: the sum of the ranks of |x − y| where x > y (zero differences dropped, midranks for ties). */
  readonly v: number;
  /** Pairs that differ: the n the ranks run over. */
  readonly pairs: number;
  /** Two-sided p-value; NaN when every pair ties. */
  readonly p: number;
  /** `exact` (fewer than 50 pairs, no tie among |x − y|) or `normal` (with tie and continuity corrections). */
  readonly method: 'exact' | 'normal';
  /**
   * Which sample tends to be smaller, by the rank sums: −1 when V is below its centre n(n + 1)/4 (x smaller), 1
   * above it, 0 at it.
   */
  readonly direction: -1 | 0 | 1;
}

/**
 * Wilcoxon's signed-rank test (Wilcoxon 1945; Hollander & Wolfe §3.1) of paired values, as R's `wilcox.test(x, y,
 * paired = TRUE)` computes it: zero differences dropped; the exact null distribution of V (every sign pattern
 * equally likely) below 50 pairs when no |difference| ties, else the normal approximation with midranks,
 * σ² = n(n + 1)(2n + 1)/24 − Σ(t³ − t)/48, and the continuity correction. A pair where both are +Infinity (both
 * unsolved) is a zero difference; one Infinity against a number is the largest difference.
 */
export function wilcoxonSignedRank(x: readonly number[], y: readonly number[]): SignedRankTest {
  if (x.length !== y.length) throw new RangeError('a signed-rank test pairs equally many values');
  const diffs: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const a = x[i]!;
    const b = y[i]!;
    if (a === b) continue;
    diffs.push(a - b);
  }
  const n = diffs.length;
  if (n === 0) return { v: 0, pairs: 0, p: Number.NaN, method: 'exact', direction: 0 };
  const order = diffs.map((d, i) => ({ size: Math.abs(d), i })).sort((a, b) => (a.size < b.size ? -1 : a.size > b.size ? 1 : 0));
  let v = 0;
  let ties = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && order[j + 1]!.size === order[i]!.size) j++;
    const rank = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) if (diffs[order[k]!.i]! > 0) v += rank;
    const t = j - i + 1;
    ties += t * t * t - t;
    i = j + 1;
  }
  const centre = (n * (n + 1)) / 4;
  const direction = v < centre ? -1 : v > centre ? 1 : 0;
  if (n < EXACT_BELOW && ties === 0) return { v, pairs: n, p: signedRankExactP(v, n), method: 'exact', direction };
  const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - ties / 48);
  const p = sigma === 0 ? 1 : Math.min(1, 2 * normalCdf(-Math.max(0, Math.abs(v - centre) - 0.5) / sigma));
  return { v, pairs: n, p, method: 'normal', direction };
}

/**
 * The exact two-sided p-value of V for n pairs without ties: the 2ⁿ sign patterns counted by the sum they give
 * (a subset-sum recursion over the ranks 1…n), twice the smaller tail, at most 1.
 */
export function signedRankExactP(v: number, n: number): number {
  const top = (n * (n + 1)) / 2;
  const counts = new Float64Array(top + 1);
  counts[0] = 1;
  for (let rank = 1; rank <= n; rank++) for (let s = (rank * (rank + 1)) / 2; s >= rank; s--) counts[s]! += counts[s - rank]!;
  const total = 2 ** n;
  let tail = 0;
  if (v > top / 2) for (let s = Math.ceil(v); s <= top; s++) tail += counts[s]!;
  else for (let s = 0; s <= Math.floor(v); s++) tail += counts[s]!;
  return Math.min(1, (2 * tail) / total);
}

/** A run as survival analysis sees it: how long it ran, and whether it ended by solving (else censored there). */
export interface SurvivalTime {
  readonly time: number;
  readonly event: boolean;
}

/** The log-rank test of two samples of run times. */
export interface LogRankTest {
  /** Solved runs of the first sample (observed events), and how many the null hypothesis expects. */
  readonly observed: number;
  readonly expected: number;
  /** (O − E)² / V, chi-square with 1 degree of freedom. */
  readonly statistic: number;
  /** Two-sided p-value: P(χ²(1) ≥ statistic); NaN when no run solved. */
  readonly p: number;
}

/**
 * The log-rank test (Mantel 1966; Peto & Peto 1972; Klein & Moeschberger §7.3) of two samples of run times, runs
 * that did not solve censored at the effort they spent: at each time some run solved, with n₁, n₂ runs still going
 * and d of them solving then, E₁ gains n₁d/n and the variance n₁n₂d(n − d)/(n²(n − 1)); the statistic is
 * (O₁ − E₁)²/V against chi-square of 1 degree of freedom — R's `survdiff(rho = 0)`. A run censored at the time
 * another solves is still at risk then (censoring after events); one censored at Infinity is at risk throughout.
 */
export function logRank(first: readonly SurvivalTime[], second: readonly SurvivalTime[]): LogRankTest {
  const all = [...first.map((r) => ({ ...r, first: true })), ...second.map((r) => ({ ...r, first: false }))].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  let atRisk1 = first.length;
  let atRisk2 = second.length;
  let observed = 0;
  let expected = 0;
  let variance = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]!.time === all[i]!.time) j++;
    let d1 = 0;
    let d = 0;
    let leaving1 = 0;
    for (let k = i; k < j; k++) {
      const r = all[k]!;
      if (r.first) leaving1++;
      if (r.event) {
        d++;
        if (r.first) d1++;
      }
    }
    const n = atRisk1 + atRisk2;
    if (d > 0) {
      observed += d1;
      expected += (atRisk1 * d) / n;
      if (n > 1) variance += (atRisk1 * atRisk2 * d * (n - d)) / (n * n * (n - 1));
    }
    atRisk1 -= leaving1;
    atRisk2 -= j - i - leaving1;
    i = j;
  }
  const statistic = variance > 0 ? (observed - expected) ** 2 / variance : Number.NaN;
  return { observed, expected, statistic, p: Number.isNaN(statistic) ? Number.NaN : chiSquareSurvival(statistic, 1) };
}

/** What irace's test of the last two configurations decides. */
export interface PairedRaceTest {
  /** V of the first configuration's costs against the second's; NaN when no test was needed. */
  readonly statistic: number;
  readonly p: number;
  readonly method: 'exact' | 'normal' | 'dominance' | 'tie';
  /** 0 or 1: the better of the two. */
  readonly best: number;
  /** Both, or the better one alone. */
  readonly survivors: readonly number[];
}

/**
 * irace's test when two configurations are left (López-Ibáñez et al. 2016; `aux_friedman` in its race.R): where one
 * costs no more than the other on every instance, the other goes without a test (`dominance`; irace drops the
 * second even when they tie on every instance, here both stay: `tie`); otherwise Wilcoxon's paired signed-rank test
 * of their costs (`wilcox.test(paired = TRUE)`), and at p below 1 − confidence the worse is eliminated — the worse
 * by the signed ranks (V above its centre: the first costs more), where irace reads the sign of the pseudo-median.
 * `costs[instance]` holds the two costs, Infinity for an unsolved run.
 */
export function pairedRaceTest(costs: readonly (readonly number[])[], confidence = 0.95): PairedRaceTest {
  const first = costs.map((c) => c[0]!);
  const second = costs.map((c) => c[1]!);
  const firstNoWorse = first.every((x, i) => x <= second[i]!);
  const secondNoWorse = second.every((y, i) => y <= first[i]!);
  const test = wilcoxonSignedRank(first, second);
  if (firstNoWorse && secondNoWorse) return { statistic: test.v, p: test.p, method: 'tie', best: 0, survivors: [0, 1] };
  if (firstNoWorse || secondNoWorse) {
    const best = firstNoWorse ? 0 : 1;
    return { statistic: test.v, p: test.p, method: 'dominance', best, survivors: [best] };
  }
  const best = test.direction > 0 ? 1 : 0;
  const rejects = test.p < 1 - confidence;
  return { statistic: test.v, p: test.p, method: test.method, best, survivors: rejects ? [best] : [0, 1] };
}
