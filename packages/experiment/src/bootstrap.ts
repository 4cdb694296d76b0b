import { Rng } from '@bezzel/core';
import type { Effort } from './statistics.js';
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
 * Percentile bootstrap interval of a statistic of n runs (Efron 1979; Efron & Tibshirani 1993, ch. 13): draw
 * `resamples` resamples of the runs' indices, n with replacement, take the statistic of each, and return the
 * 2.5% and 97.5% points of those values (the ⌊0.025·B⌋-th and ⌈0.975·B⌉-th smallest, 1-based). The statistic
 * may be +Infinity (runs that never solved, censored): an end of the interval is then Infinity when that many
 * resampled values were.
 */
export function bootstrapInterval(n: number, statistic: (indices: Int32Array) => number, settings: BootstrapSettings = {}): Interval {
  const { resamples = BOOTSTRAP_RESAMPLES, seed = BOOTSTRAP_SEED, level = 0.95 } = settings;
  if (n === 0) return { low: Number.NaN, high: Number.NaN };
  const rng = new Rng(seed);
  const indices = new Int32Array(n);
  const values = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) indices[i] = rng.below(n);
    values[b] = statistic(indices);
  }
  values.sort();
  const tail = (1 - level) / 2;
  const lowIndex = Math.max(0, Math.floor(tail * resamples) - 1);
  const highIndex = Math.min(resamples - 1, Math.ceil((1 - tail) * resamples) - 1);
  return { low: values[lowIndex]!, high: values[highIndex]! };
}

/** Percentile bootstrap interval of the median (see {@link bootstrapInterval}); values may be +Infinity (censored). */
export function bootstrapMedianInterval(values: readonly number[], settings: BootstrapSettings = {}): Interval {
  const sample = new Float64Array(values.length);
  return bootstrapInterval(
    values.length,
    (indices) => {
      for (let i = 0; i < indices.length; i++) sample[i] = values[indices[i]!]!;
      return medianOfSorted(sample.sort());
    },
    settings,
  );
}

/** Percentile bootstrap interval of the mean (see {@link bootstrapInterval}). */
export function bootstrapMeanInterval(values: readonly number[], settings: BootstrapSettings = {}): Interval {
  return bootstrapInterval(
    values.length,
    (indices) => {
      let sum = 0;
      for (let i = 0; i < indices.length; i++) sum += values[indices[i]!]!;
      return sum / indices.length;
    },
    settings,
  );
}

/**
 * Percentile bootstrap interval of the expected running time (see {@link expectedRunningTime}): runs resampled
 * whole, solved or not, as COCO does; a resample without a solved run has ERT Infinity.
 */
export function bootstrapErtInterval(runs: readonly Effort[], settings: BootstrapSettings = {}): Interval {
  return bootstrapInterval(
    runs.length,
    (indices) => {
      let total = 0;
      let successes = 0;
      for (let i = 0; i < indices.length; i++) {
        const r = runs[indices[i]!]!;
        total += r.effort;
        if (r.solved) successes++;
      }
      return successes === 0 ? Number.POSITIVE_INFINITY : total / successes;
    },
    settings,
  );
}
