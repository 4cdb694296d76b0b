import { Rng } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bootstrapMedianInterval } from './bootstrap.js';
import { median } from './summary.js';

describe('bootstrapMedianInterval', () => {
  const uniform = (count: number, seed: number) => {
    const rng = new Rng(seed);
    return Array.from({ length: count }, () => rng.float());
  };

  it('gives the same interval for the same runs, and another for another resampling seed', () => {
    const runs = uniform(30, 1);
    const first = bootstrapMedianInterval(runs);
    expect(bootstrapMedianInterval([...runs])).toEqual(first);
    expect(bootstrapMedianInterval(runs, { seed: 2 })).not.toEqual(first);
  });

  it('brackets the median of a large sample within its standard error', () => {
    // Uniform on [0, 1): the sample median's standard error is 1 / (2·f(m)·√n) = 0.5/√1000 ≈ 0.0158, so the 95%
    // interval is about ±0.031 around the sample median.
    const runs = uniform(1000, 3);
    const { low, high } = bootstrapMedianInterval(runs);
    const m = median(runs);
    expect(low).toBeLessThan(m);
    expect(high).toBeGreaterThan(m);
    expect(high - low).toBeGreaterThan(0.04);
    expect(high - low).toBeLessThan(0.09);
    expect(low).toBeGreaterThan(0.4);
    expect(high).toBeLessThan(0.6);
  });

  it('is a point for a constant sample, and takes its ends from the sample', () => {
    expect(bootstrapMedianInterval([7, 7, 7, 7])).toEqual({ low: 7, high: 7 });
    const { low, high } = bootstrapMedianInterval([1, 2, 3, 4, 5]);
    expect([1, 2, 3, 4, 5]).toContain(low);
    expect([1, 2, 3, 4, 5]).toContain(high);
    expect(low).toBeLessThan(3);
    expect(high).toBeGreaterThan(3);
  });

  it('reaches Infinity when runs that never solved (censored) can be the middle', () => {
    const censored = [10, 20, 30, Infinity, Infinity, Infinity, Infinity];
    expect(median(censored)).toBe(Infinity);
    const { low, high } = bootstrapMedianInterval(censored);
    expect(high).toBe(Infinity);
    expect(low).toBeLessThanOrEqual(30);
    // A few censored runs leave the interval finite.
    expect(bootstrapMedianInterval([...uniform(28, 4), Infinity, Infinity]).high).toBeLessThan(1);
  });

  it('is undefined (NaN) for no runs', () => {
    const { low, high } = bootstrapMedianInterval([]);
    expect(Number.isNaN(low) && Number.isNaN(high)).toBe(true);
  });
});
