import type { Interval } from './wilson.js';

/**
 * Small pure statistics for experiment tables: means, the expected running time, Fisher's exact test and
 * Holm's adjustment (the rank tests are in rank-tests.ts, fixed-target ECDFs in fixed-target.ts). Each is checked
 * against values worked out by hand or from the formulas (see statistics.test.ts).
 */

/** The arithmetic mean; NaN for no values. */
export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

/** A run as the expected running time sees it: the effort it spent (steps or ms) and whether it solved. */
export interface Effort {
  readonly effort: number;
  readonly solved: boolean;
}

/**
 * Expected running time (Auger & Hansen 2005; COCO's ERT, IOHprofiler's ERT): the effort of all runs — a solved
 * run's effort to solve, an unsolved (censored) run's effort until it stopped — over the number of solved runs.
 * With every run solved it is the mean; with none, Infinity. It estimates the expected effort of restarting the
 * strategy with fresh seeds until it solves, each attempt under the same budget.
 */
export function expectedRunningTime(runs: readonly Effort[]): number {
  let total = 0;
  let successes = 0;
  for (const r of runs) {
    total += r.effort;
    if (r.solved) successes++;
  }
  if (runs.length === 0) return Number.NaN;
  return successes === 0 ? Number.POSITIVE_INFINITY : total / successes;
}

/** ln k! for k = 0 … n, by summing logarithms (exact to rounding, fine for the tens of thousands of runs a table has). */
function logFactorials(n: number): Float64Array {
  const table = new Float64Array(n + 1);
  for (let k = 2; k <= n; k++) table[k] = table[k - 1]! + Math.log(k);
  return table;
}

/** Fisher's exact test of a 2×2 table, and the sample odds ratio. */
export interface FisherTest {
  /** Two-sided p-value: the probability, given the margins, of a table no more likely than this one. */
  readonly p: number;
  /** (a·d)/(b·c): Infinity when b·c = 0 < a·d, NaN when both are 0. */
  readonly oddsRatio: number;
}

/**
 * Fisher's exact test (Fisher 1935; Agresti, Categorical Data Analysis, 3rd ed., §3.5) of the table
 * [[a, b], [c, d]] — rows the two strategies, columns solved and not solved. Conditioned on the margins, a is
 * hypergeometric; the two-sided p-value sums the probabilities of every table no more likely than the one seen
 * (R's `fisher.test`, with its relative tolerance of 1e-7 for ties in probability).
 */
export function fisherExact(a: number, b: number, c: number, d: number): FisherTest {
  for (const x of [a, b, c, d]) if (!Number.isInteger(x) || x < 0) throw new RangeError(`a 2×2 table holds counts, not ${x}`);
  const row1 = a + b;
  const col1 = a + c;
  const total = a + b + c + d;
  const lf = logFactorials(total);
  const row2 = total - row1;
  const col2 = total - col1;
  const logP = (x: number) => lf[row1]! + lf[row2]! + lf[col1]! + lf[col2]! - lf[total]! - lf[x]! - lf[row1 - x]! - lf[col1 - x]! - lf[row2 - col1 + x]!;
  const lowest = Math.max(0, col1 - row2);
  const highest = Math.min(row1, col1);
  const observed = logP(a);
  let p = 0;
  for (let x = lowest; x <= highest; x++) {
    const lp = logP(x);
    if (lp <= observed + 1e-7 * Math.abs(observed) + 1e-12) p += Math.exp(lp);
  }
  const oddsRatio = a * d === 0 && b * c === 0 ? Number.NaN : (a * d) / (b * c);
  return { p: Math.min(1, p), oddsRatio };
}

/** The standard normal distribution function Φ(z), accurate to about 1e-7 relative in both tails. */
export function normalCdf(z: number): number {
  return z >= 0 ? 1 - erfc(z / Math.SQRT2) / 2 : erfc(-z / Math.SQRT2) / 2;
}

/** The complementary error function, by the Chebyshev fit of Numerical Recipes (fractional error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/**
 * Holm's step-down adjustment (Holm 1979) of p-values tested together: the i-th smallest is multiplied by
 * m − i + 1, then made non-decreasing and capped at 1 (R's `p.adjust(method = "holm")`). NaN stays NaN.
 */
export function holm(ps: readonly number[]): number[] {
  const order = ps.map((p, i) => ({ p, i })).filter(({ p }) => !Number.isNaN(p)).sort((a, b) => a.p - b.p);
  const m = order.length;
  const adjusted = ps.map(() => Number.NaN);
  let running = 0;
  order.forEach(({ p, i }, k) => {
    running = Math.max(running, Math.min(1, (m - k) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/** Median, mean, smallest and largest of a sample. */
export interface Distribution {
  readonly runs: number;
  readonly median: number;
  readonly mean: number;
  readonly min: number;
  readonly max: number;
}

export function distributionOf(values: readonly number[]): Distribution {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const mid = n >> 1;
  const median = n === 0 ? Number.NaN : n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { runs: n, median, mean: mean(sorted), min: n === 0 ? Number.NaN : sorted[0]!, max: n === 0 ? Number.NaN : sorted[n - 1]! };
}

/** An estimate with its interval. */
export interface Estimate extends Interval {
  readonly value: number;
}
