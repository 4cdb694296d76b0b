/** Median, mean and maximum of a sample: what a course report's table shows per strategy. */
export interface Summary {
  readonly median: number;
  readonly mean: number;
  readonly max: number;
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) return { median: Number.NaN, mean: Number.NaN, max: Number.NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return { median, mean, max: sorted[sorted.length - 1]! };
}
