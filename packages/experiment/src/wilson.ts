/** An interval estimate: the lower and upper ends. */
export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** The two-sided 95% normal quantile, z₀.₉₇₅. */
export const Z95 = 1.959963984540054;

/**
 * Wilson's score interval for a success rate of `successes` out of `trials` (Wilson 1927; Newcombe 1998, method
 * 3): the proportions p whose score test |p̂ − p| ≤ z·√(p(1−p)/n) does not reject. Unlike p̂ ± z·√(p̂(1−p̂)/n) it
 * never leaves [0, 1] and is not a single point at 0 or n successes — the usual results of a strategy that solves
 * every run or none.
 */
export function wilsonInterval(successes: number, trials: number, z = Z95): Interval {
  if (!Number.isInteger(trials) || trials < 1 || !Number.isInteger(successes) || successes < 0 || successes > trials) {
    throw new RangeError(`a success rate needs 0 ≤ successes ≤ trials and trials ≥ 1, not ${successes} of ${trials}`);
  }
  const p = successes / trials;
  const z2n = (z * z) / trials;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2n / (4 * trials))) / (1 + z2n);
  // At 0 and n successes the formula's end is exactly 0 or 1; clamp what rounding leaves beside it.
  return { low: successes === 0 ? 0 : Math.max(0, centre - half), high: successes === trials ? 1 : Math.min(1, centre + half) };
}
