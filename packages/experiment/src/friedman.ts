/**
 * The Friedman test and F-race's elimination (Birattari et al. 2002; irace, López-Ibáñez et al. 2016), with the
 * distributions they need: the regularized incomplete gamma function (for the chi-square distribution) and the
 * regularized incomplete beta function (for Student's t). Pure functions, checked against SciPy and R in
 * friedman.test.ts.
 */

const EPSILON = 1e-15;
const TINY = 1e-300;
const MAX_ITERATIONS = 100_000;

/** Lanczos's coefficients (g = 7, n = 9), as in Numerical Recipes 3rd ed. and most libraries: ln Γ to ~1e-15. */
const LANCZOS = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];

/** ln Γ(x) for x > 0 (the reflection formula below 0.5). */
export function logGamma(x: number): number {
  if (!(x > 0)) return Number.NaN;
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * The regularized lower and upper incomplete gamma functions P(a, x) = γ(a, x)/Γ(a) and Q(a, x) = 1 − P(a, x),
 * both computed directly, so that a tiny upper tail (a small p-value) keeps its digits: the series of
 * γ(a, x) when x < a + 1, Legendre's continued fraction of Γ(a, x) (modified Lentz) otherwise (Numerical
 * Recipes, §6.2).
 */
export function regularizedGamma(a: number, x: number): { readonly lower: number; readonly upper: number } {
  if (!(a > 0) || Number.isNaN(x) || x < 0) return { lower: Number.NaN, upper: Number.NaN };
  if (x === 0) return { lower: 0, upper: 1 };
  if (x === Number.POSITIVE_INFINITY) return { lower: 1, upper: 0 };
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_ITERATIONS; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
    }
    const lower = Math.min(1, sum * front);
    return { lower, upper: 1 - lower };
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  const upper = Math.min(1, front * h);
  return { lower: 1 - upper, upper };
}

/** P(X ≥ x) for X chi-square with `df` degrees of freedom: Q(df/2, x/2). */
export function chiSquareSurvival(x: number, df: number): number {
  if (!(df > 0) || Number.isNaN(x)) return Number.NaN;
  if (x <= 0) return 1;
  return regularizedGamma(df / 2, x / 2).upper;
}

/** The continued fraction of the incomplete beta function (Numerical Recipes §6.4, modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b), for a, b > 0 and 0 ≤ x ≤ 1. */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (!(a > 0) || !(b > 0) || Number.isNaN(x) || x < 0 || x > 1) return Number.NaN;
  if (x === 0 || x === 1) return x;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The fraction converges fast for x < (a + 1)/(a + b + 2); beyond, by the symmetry I_x(a, b) = 1 − I_(1−x)(b, a).
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for T with Student's t distribution of `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0) || Number.isNaN(t)) return Number.NaN;
  if (t === Number.POSITIVE_INFINITY) return 1;
  if (t === Number.NEGATIVE_INFINITY) return 0;
  const tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
  return t > 0 ? 1 - tail : tail;
}

/** The t with P(T ≤ t) = p, Student's t of `df` degrees of freedom: by bisection on the distribution function. */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) return p === 0 ? Number.NEGATIVE_INFINITY : p === 1 ? Number.POSITIVE_INFINITY : Number.NaN;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  if (p === 0.5) return 0;
  let high = 1;
  while (studentTCdf(high, df) < p) high *= 2;
  let low = 0;
  for (let i = 0; i < 200 && high - low > 1e-13 * high; i++) {
    const mid = (low + high) / 2;
    if (studentTCdf(mid, df) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** Midranks (1 … k, ties sharing their mean rank) of one block's values; +Infinity ties with +Infinity. */
export function midranks(values: readonly number[]): number[] {
  const order = values.map((value, i) => ({ value, i })).sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const ranks = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]!.value === order[i]!.value) j++;
    for (let k = i; k <= j; k++) ranks[order[k]!.i] = (i + j + 2) / 2;
    i = j + 1;
  }
  return ranks;
}

/** The Friedman test of k treatments over n blocks. */
export interface FriedmanTest {
  /** Blocks (instances) and treatments (configurations). */
  readonly blocks: number;
  readonly treatments: number;
  /** Each treatment's sum of ranks over the blocks (rank 1 = the smallest cost). */
  readonly rankSums: readonly number[];
  /** The statistic, corrected for ties (R's `friedman.test`); NaN when every block is one tie. */
  readonly statistic: number;
  /** k − 1. */
  readonly df: number;
  /** P(χ²(k − 1) ≥ statistic): the large-sample p-value R and SciPy give. NaN with the statistic. */
  readonly p: number;
}

/**
 * The Friedman rank test (Friedman 1937; Conover, Practical Nonparametric Statistics, 3rd ed., §5.8) of a table of
 * costs, `costs[block][treatment]`, smaller better: each block ranked on its own (midranks for ties),
 * T = 12·Σ(R_j − n(k+1)/2)² / (n·k(k+1) − Σ(t³ − t)/(k − 1)), against the chi-square distribution of k − 1 degrees
 * of freedom — R's `friedman.test` and SciPy's `friedmanchisquare`.
 */
export function friedman(costs: readonly (readonly number[])[]): FriedmanTest {
  const n = costs.length;
  const k = n === 0 ? 0 : costs[0]!.length;
  const rankSums = new Array<number>(k).fill(0);
  let ties = 0;
  for (const block of costs) {
    if (block.length !== k) throw new RangeError('every block of a Friedman test has one cost per treatment');
    midranks(block).forEach((rank, j) => (rankSums[j]! += rank));
    const counts = new Map<number, number>();
    for (const value of block) counts.set(value, (counts.get(value) ?? 0) + 1);
    for (const t of counts.values()) ties += t * t * t - t;
  }
  const centre = (n * (k + 1)) / 2;
  const denominator = n * k * (k + 1) - (k > 1 ? ties / (k - 1) : 0);
  const spread = rankSums.reduce((sum, r) => sum + (r - centre) ** 2, 0);
  const statistic = n === 0 || k < 2 || denominator <= 0 ? Number.NaN : (12 * spread) / denominator;
  return { blocks: n, treatments: k, rankSums, statistic, df: k - 1, p: Number.isNaN(statistic) ? Number.NaN : chiSquareSurvival(statistic, k - 1) };
}

/** What one F-race test decides. */
export interface RaceTest extends FriedmanTest {
  /** The treatment with the smallest rank sum. */
  readonly best: number;
  /**
   * The least difference of rank sums from the best that eliminates (Conover's multiple comparison); Infinity when
   * the Friedman test does not reject, and nothing is eliminated.
   */
  readonly criticalDifference: number;
  /** Treatments kept: those whose rank sum is within the critical difference of the best. */
  readonly survivors: readonly number[];
}

/**
 * One test of F-race (Birattari, Stützle, Paquete and Varrentrapp 2002), as irace runs it: the Friedman test of
 * the costs so far; when it rejects at level 1 − confidence, each treatment is compared with the best (smallest
 * rank sum) by Conover's multiple comparison for the Friedman test (Conover 1999, pp. 371) —
 * |R_j − R_best| > t_(1−α/2, (n−1)(k−1)) · √(2(n·A − ΣR_j²) / ((n−1)(k−1))), A = the sum of the squared ranks — and
 * those that differ are eliminated. With two treatments left the test is the same (irace switches to Wilcoxon's
 * signed-rank test there; the Friedman test of two is the sign test).
 */
export function fRaceTest(costs: readonly (readonly number[])[], confidence = 0.95): RaceTest {
  const test = friedman(costs);
  const { rankSums, blocks: n, treatments: k } = test;
  let best = 0;
  rankSums.forEach((r, j) => r < rankSums[best]! && (best = j));
  const everyone = rankSums.map((_, j) => j);
  if (Number.isNaN(test.p) || test.p >= 1 - confidence || n < 2) return { ...test, best, criticalDifference: Number.POSITIVE_INFINITY, survivors: everyone };
  let squares = 0;
  for (const block of costs) for (const rank of midranks(block)) squares += rank * rank;
  const freedom = (n - 1) * (k - 1);
  const spread = Math.max(0, (2 * (n * squares - rankSums.reduce((sum, r) => sum + r * r, 0))) / freedom);
  const criticalDifference = studentTQuantile(1 - (1 - confidence) / 2, freedom) * Math.sqrt(spread);
  // A hair of tolerance: rank sums are halves and whole numbers, and a tie with the best is no difference.
  const survivors = everyone.filter((j) => rankSums[j]! - rankSums[best]! <= criticalDifference + 1e-9);
  return { ...test, best, criticalDifference, survivors };
}
