/** Median, mean and maximum of a sample. */
export interface Summary {
  readonly median: number;
  readonly mean: number;
  readonly max: number;
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) return { median: Number.NaN, mean: Number.NaN, max: Number.NaN };
  const sorted = Float64Array.from(values).sort();
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return { median: medianOfSorted(sorted), mean, max: sorted[sorted.length - 1]! };
}

/**
 * The middle value of a sorted sample, or the mean of the two middle ones. Censored values are +Infinity: a
 * median of run lengths in which more than half the runs never solved is Infinity — not reached — as it is read
 * off a run-time distribution.
 */
export function medianOfSorted(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid]! : sorted[mid - 1]! === sorted[mid]! ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function median(values: readonly number[]): number {
  return medianOfSorted(Float64Array.from(values).sort());
}
