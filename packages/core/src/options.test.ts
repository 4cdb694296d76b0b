import { describe, expect, it } from 'vitest';
import { checkOptionValue, listOf, option } from './options.js';

describe('option declarations check values in one place', () => {
  const start = option.start('squares to start from');

  it.each(['0-10-20', ' 3 - 4 ', 'a1,b3', 'a1 b3;c5', '(0,0),(1,2)', 'A1'])('start takes %j', (text) => {
    expect(checkOptionValue('s', 'start', start, text)).toEqual({ ok: true, value: text });
  });

  it.each(['', 'no-such-thing', '1--2', 'a1,,b3', '(1,2', '-3', 'a1-b3'])('start refuses %j in the shared words', (text) => {
    const checked = checkOptionValue('s', 'start', start, text);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error.message).toBe(`option start of s must be squares joined with "-" or ",", as 0-10-20 or a1,b3, not ${JSON.stringify(text)}`);
  });

  it('list takes ids joined with commas, tidied, and at least its minimum of them', () => {
    const members = option.list('strategies to race', { min: 2 });
    expect(checkOptionValue('portfolio', 'members', members, ' min-conflicts , hill-climbing ')).toEqual({ ok: true, value: 'min-conflicts,hill-climbing' });
    expect(listOf('min-conflicts,hill-climbing')).toEqual(['min-conflicts', 'hill-climbing']);
    for (const bad of ['min-conflicts', '', 'a,,b', 'A,b', 'a;b']) {
      const checked = checkOptionValue('portfolio', 'members', members, bad);
      expect(checked.ok, bad).toBe(false);
      if (!checked.ok) expect(checked.error.message).toBe(`option members of portfolio must be at least 2 ids joined with ",", as min-conflicts,hill-climbing, not ${JSON.stringify(bad)}`);
    }
  });

  it('converts numbers from text and keeps ranges', () => {
    const rate = option.number('a rate', { min: 0, max: 1 });
    expect(checkOptionValue('g', 'rate', rate, '0.25')).toEqual({ ok: true, value: 0.25 });
    expect(checkOptionValue('g', 'rate', rate, '2').ok).toBe(false);
    expect(checkOptionValue('g', 'n', option.integer('n', { min: 1 }), '1.5').ok).toBe(false);
    // A whole number past 2^53 reads as a float that only looks whole: refused, in the usual words.
    expect(checkOptionValue('g', 'n', option.integer('n', { min: 0 }), '9'.repeat(30))).toMatchObject({ ok: false, error: { message: `option n of g must be a whole number of at least 0, not "${'9'.repeat(30)}"` } });
    expect(checkOptionValue('g', 'n', option.integer('n', { min: 0 }), String(Number.MAX_SAFE_INTEGER))).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
  });
});
