import { Board, createBezzel, type TraceEvent } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { pagePlugins } from '../shared/plugins.js';
import { listingFor } from './pseudo-code.js';
import { describeStep } from './step-words.js';

const bezzel = await createBezzel({ plugins: pagePlugins });
const board = Board.square(8);
const dominate = { board, piece: bezzel.piece('queen')!, task: { problem: { kind: 'dominate' as const } } };

describe('cover-search steps in words', () => {
  it('says where each piece went and which square it was placed to cover, and why the search went no deeper', () => {
    expect(describeStep(dominate, { type: 'place', square: 27, depth: 0, covering: 0 }, [])).toBe('Placed Q on d4 to cover a1 (the hardest square left)');
    expect(describeStep(dominate, { type: 'cut', depth: 3, why: 'bound', left: 2, count: 17 }, [])).toBe('Pruned: 2 more queens cannot cover the 17 squares left uncovered (the bound)');
    expect(describeStep(dominate, { type: 'cut', depth: 4, why: 'bound', left: 0, count: 1 }, [])).toBe('No queens left, 1 square uncovered: back up');
    expect(describeStep(dominate, { type: 'cut', depth: 2, why: 'uncoverable', left: 3, count: 9, square: 63 }, [])).toBe('Dead end: no queen allowed here can cover h8 any more');
    expect(describeStep(dominate, { type: 'cut', depth: 5, why: 'spare', left: 1, count: 52 }, [])).toBe('Every square covered with 1 queen to spare: any 1 of the 52 squares still free complete a set, counted at once');
    expect(describeStep(dominate, { type: 'solution', index: 0 }, [26, 27, 28, 34, 15])).toBe('Set 1 found: 5 queens cover every square');
  });

  it('gives every step of a real cover-search run a line of the pseudo-code', async () => {
    const events: TraceEvent[] = [];
    await bezzel.solve({ problem: { kind: 'dominate', board: { width: 6, height: 6 }, piece: 'queen' }, goal: 'count-minimum', strategy: 'cover-search' }, { onTrace: (e) => events.push(e) });
    const listing = listingFor('cover-search', 'dominate')!;
    const current = new Set<number>();
    events.forEach((event, i) => {
      const lines = listing.linesOf(event, events[i - 1]);
      expect(lines.length, event.type).toBeGreaterThan(0);
      for (const line of lines) expect(listing.lines[line]).toBeDefined();
      current.add(lines[0]!);
    });
    // The run places, takes back, prunes, finds sets and starts a search with a piece fewer.
    expect([...current].sort()).toEqual([0, 2, 3, 7, 8]);
  });
});
