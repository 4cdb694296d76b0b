import { combine, leaper, rider, UsageError, type Movement, type Vector } from '@bezzel/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBetza } from './betza.js';

const key = (v: Vector & { range?: number }) => `${v.dx},${v.dy}${v.range ? `x${v.range}` : ''}`;
const shape = (m: Movement) => ({ leaps: m.leaps.map(key).sort(), rides: m.rides.map(key).sort() });
const parsed = (text: string) => {
  const r = fromBetza(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.message}`);
  return shape(r.value);
};
const error = (text: string) => {
  const r = fromBetza(text);
  expect(r.ok, text).toBe(false);
  return r.ok ? '' : r.error.message;
};

describe('fromBetza', () => {
  it('reads atoms, shorthands and unions', () => {
    expect(parsed('N')).toEqual(shape(leaper(1, 2)));
    expect(parsed('C')).toEqual(parsed('L'));
    expect(parsed('Z')).toEqual(shape(leaper(2, 3)));
    expect(parsed('(4,1)')).toEqual(shape(leaper(1, 4)));
    expect(parsed('K')).toEqual(shape(combine(leaper(0, 1), leaper(1, 1))));
    expect(parsed('Q')).toEqual(shape(combine(rider(0, 1), rider(1, 1))));
    expect(parsed('QN')).toEqual(shape(combine(rider(0, 1), rider(1, 1), leaper(1, 2))));
    expect(parsed('G').leaps).toHaveLength(4);
  });

  it('makes riders by doubling or by a range', () => {
    expect(parsed('NN')).toEqual(shape(rider(1, 2)));
    expect(parsed('W0')).toEqual(shape(rider(0, 1)));
    expect(parsed('R4')).toEqual(shape(rider(0, 1, 4)));
    expect(parsed('B2')).toEqual(shape(rider(1, 1, 2)));
    expect(parsed('W1')).toEqual(shape(leaper(0, 1)));
    expect(parsed('(1,2)(1,2)')).toEqual(shape(rider(1, 2)));
  });

  it('reads direction modifiers as one-way attacks, forward = +dy', () => {
    expect(parsed('fW').leaps).toEqual(['0,1']);
    expect(parsed('fR').rides).toEqual(['0,1']);
    expect(parsed('vW').leaps).toEqual(['0,-1', '0,1']);
    expect(parsed('sW').leaps).toEqual(['-1,0', '1,0']);
    expect(parsed('fF').leaps).toEqual(['-1,1', '1,1']);
    expect(parsed('flF').leaps).toEqual(['-1,1']);
    expect(parsed('fN').leaps).toEqual(['-1,2', '1,2']);
    expect(parsed('ffN').leaps).toEqual(['-1,2', '1,2']);
    expect(parsed('fsN').leaps).toEqual(['-2,1', '2,1']);
    expect(parsed('fhN').leaps).toEqual(['-1,2', '-2,1', '1,2', '2,1'].sort());
    expect(parsed('lfN').leaps).toEqual(['-1,2']);
    expect(parsed('flN').leaps).toEqual(['-2,1']);
    expect(parsed('lN').leaps).toEqual(['-2,-1', '-2,1']);
    expect(parsed('flW').leaps).toEqual(['-1,0', '0,1']);
    expect(parsed('fbW').leaps).toEqual(parsed('vW').leaps);
  });

  it('drops move-only terms and keeps capture-only ones (the pawn attacks fF only)', () => {
    expect(parsed('mfWcfF')).toEqual(parsed('fF'));
    expect(parsed('mcN')).toEqual(parsed('N'));
    expect(error('mW')).toMatch(/never attacks/);
  });

  it('refuses hoppers, lame leapers and exotic modifiers, naming the modifier', () => {
    expect(error('pR')).toMatch(/modifier "p"/);
    expect(error('gQ')).toMatch(/modifier "g"/);
    expect(error('nN')).toMatch(/modifier "n"/);
    expect(error('caK')).toMatch(/modifier "a"/);
    expect(error('wN')).toMatch(/unknown Betza modifier "w"/);
  });

  it('gives one clear line for malformed strings', () => {
    for (const [text, why] of [
      ['', /empty/],
      ['   ', /empty/],
      ['X', /unknown Betza atom "X"/],
      ['(1,2', /unbalanced parenthesis/],
      ['N)', /unbalanced parenthesis/],
      ['(a,b)', /not a leap/],
      ['(0,0)', /goes nowhere/],
      ['f', /no atom/],
      ['vF', /select none/],
      ['W03', /exact-distance/],
      ['N\nB', /line breaks/],
      ['(1,\n2)', /line breaks/],
    ] as const) {
      const message = error(text);
      expect(message, text).toMatch(why);
      expect(message).not.toContain('\n');
    }
  });

  it('never throws on random strings: always ok or a one-line UsageError', () => {
    const alphabet = fc.constantFrom(...'WFDNAHCLZJGKRBQOXfblrvshmcpgnaj0123456789(),[]- '.split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: alphabet, maxLength: 12 })), (text) => {
        const r = fromBetza(text);
        if (r.ok) {
          expect(r.value.leaps.length + r.value.rides.length).toBeGreaterThan(0);
        } else {
          expect(r.error).toBeInstanceOf(UsageError);
          expect(r.error.code).toBe('ERR_PIECE');
          expect(r.error.message).not.toMatch(/[\n\r]/);
        }
      }),
      { seed: 20261122, numRuns: 1500 },
    );
  });
});
