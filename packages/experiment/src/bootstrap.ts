import { Rng } from '@bezzel/core';
import { medianOfSorted } from './summary.js';
import type { Interval } from './wilson.js';

/** Resamples a bootstrap draws: enough that the 2.5% and 97.5% points move by less than the runs' own spread. */
export const BOOTSTRAP_RESAMPLES = 2000;
/**
 * The resampling's fixed seed: the same runs give the same interval, on every machine, so the table of a spec
 * run twice is the same byte for byte.
 */
export const BOOTSTRAP_SEED = 0x5eed;

export interface BootstrapSettings {
  readonly resamples?: number;
  readonly seed?: number;
  /** Confidence level, 0.95 unless said. */
  readonly level?: number;
}

/**
 * Percentile bootstrap interval of the median (Efron 1979; Efron & Tibshirani 1993, ch. 13): draw `resamples`
 * samples of the same size with replacement, take each one's median, and return the 2.5% and 97.5% points of
 * those medians (the ⌊0.025·B⌋-th and ⌈0.975·B⌉-th smallest, 1-based). Values may be +Infinity (runs that never
 * solved, censored): an end of the interval is then Infinity when that many resampled medians were.
 */
export function bootstrapMedianInterval(values: readonly number[], settings: BootstrapSettings = {}): Interval {
  const { resamples = BOOTSTRAP_RESAMPLES, seed = BOOTSTRAP_SEED, level = 0.95 } = settings;
  const n = values.length;
  if (n === 0) return { low: Number.NaN, high: Number.NaN };
  const rng = new Rng(seed);
  const sample = new Float64Array(n);
  const medians = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) sample[i] = values[rng.below(n)]!;
    medians[b] = medianOfSorted(sample.sort());
  }
  medians.sort();
  const tail = (1 - level) / 2;
  const lowIndex = Math.max(0, Math.floor(tail * resamples) - 1);
  const highIndex = Math.min(resamples - 1, Math.ceil((1 - tail) * resamples) - 1);
  return { low: medians[lowIndex]!, high: medians[highIndex]! };
}
