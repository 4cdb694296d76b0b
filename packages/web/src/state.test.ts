import fc from 'fast-check';
import { GOALS } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, formatState, parseState, type PageState } from './state.js';

const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/);
const state: fc.Arbitrary<PageState> = fc.record({
  problem: fc.constantFrom('placement' as const, 'tour' as const),
  piece: fc.oneof(name, name.map((n) => `betza:${n.toUpperCase()}`), fc.constant('betza:(4,1)')),
  width: fc.integer({ min: 1, max: 1_000_000 }),
  height: fc.integer({ min: 1, max: 1_000_000 }),
  k: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
  start: fc.constantFrom('', 'a1', 'h8', '(0,0)', '(12,7)'),
  closed: fc.boolean(),
  goal: fc.constantFrom(...GOALS),
  strategy: fc.oneof(fc.constant('auto'), name),
  options: fc.dictionary(name, fc.stringMatching(/^[\w.-]{0,12}$/), { maxKeys: 3 }),
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  maxSteps: fc.option(fc.integer({ min: 1, max: 1e12 }), { nil: undefined }),
  maxTimeMs: fc.integer({ min: 1, max: 3_600_000 }),
  trace: fc.boolean(),
});

describe('URL state', () => {
  it('reads back exactly what it wrote', () => {
    fc.assert(
      fc.property(state, (s) => {
        expect(parseState(`?${formatState(s)}`)).toEqual(s);
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('falls back to the defaults for an empty or broken query', () => {
    expect(parseState('')).toEqual(DEFAULT_STATE);
    const broken = parseState('w=-3&h=abc&goal=everything&seed=1.5&problem=maze&piece=<script>&ms=0');
    expect(broken).toEqual(DEFAULT_STATE);
  });

  it('reads a hand-written teacher link', () => {
    const s = parseState('problem=tour&piece=knight&w=6&start=a1&closed=1&goal=one&o.ordering=warnsdorff&seed=42&trace=0');
    expect(s).toMatchObject({ problem: 'tour', piece: 'knight', width: 6, height: 6, start: 'a1', closed: true, goal: 'one', options: { ordering: 'warnsdorff' }, seed: 42, trace: false });
  });

  it('defaults the piece by problem: queens to place, a knight to tour', () => {
    expect(parseState('problem=tour').piece).toBe('knight');
    expect(parseState('problem=placement').piece).toBe('queen');
  });
});
