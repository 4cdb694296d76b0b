import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson.js';

describe('wilsonInterval', () => {
  // Newcombe (1998), Table II, method 3, and R's prop.test(x, n, correct = FALSE).
  it.each([
    [81, 263, 0.2552885, 0.3662096],
    [15, 148, 0.0623864, 0.1604872],
    [0, 20, 0, 0.1611252],
    [1, 29, 0.0061132, 0.1717552],
    [5, 10, 0.2365931, 0.7634069],
    [10, 10, 0.7224672, 1],
    [29, 30, 0.8332961, 0.9940914],
  ])('%i of %i: [%f, %f]', (successes, trials, low, high) => {
    const interval = wilsonInterval(successes, trials);
    expect(interval.low).toBeCloseTo(low, 6);
    expect(interval.high).toBeCloseTo(high, 6);
  });

  it('is the mirror image for failures, and narrows as runs grow', () => {
    const some = wilsonInterval(7, 30);
    const mirror = wilsonInterval(23, 30);
    expect(some.low).toBeCloseTo(1 - mirror.high, 12);
    expect(some.high).toBeCloseTo(1 - mirror.low, 12);
    const more = wilsonInterval(70, 300);
    expect(more.high - more.low).toBeLessThan((some.high - some.low) / 2);
  });

  it('refuses counts that are not a success rate', () => {
    expect(() => wilsonInterval(3, 0)).toThrow(RangeError);
    expect(() => wilsonInterval(4, 3)).toThrow(/0 ≤ successes ≤ trials/);
  });
});
