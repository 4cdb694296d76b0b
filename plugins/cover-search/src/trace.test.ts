import classic from '@bezzel/classic';
import { Board, validateDomination, type DominationVariant, type Goal, type Task, type TraceEvent } from '@bezzel/core';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { describe, expect, it } from 'vitest';
import { bezzelWith } from '../../../test/support/solve.js';
import coverSearch from './index.js';

const bezzel = await bezzelWith(queen, knight, classic, coverSearch);
const task = (piece: string, n: number, goal: Goal, extra: { variant?: DominationVariant; k?: number } = {}): Task => ({
  problem: { kind: 'dominate', board: { width: n, height: n }, piece, ...extra },
  goal,
  strategy: 'cover-search',
});

async function traced(t: Task) {
  const events: TraceEvent[] = [];
  const result = await bezzel.solve(t, { onTrace: (e) => events.push(e) });
  return { result, events };
}

/** Plays the trace as the page does: the pieces by depth, and the board at each set found. */
function play(events: readonly TraceEvent[]): { sets: number[][]; placed: number } {
  const pieces: number[] = [];
  const sets: number[][] = [];
  let placed = 0;
  for (const e of events) {
    if (e.type === 'place') {
      expect(e.depth).toBeLessThanOrEqual(pieces.length);
      pieces.length = e.depth;
      pieces.push(e.square);
      placed++;
    } else if (e.type === 'remove') {
      // Every piece taken back is the one the search placed last at that depth.
      expect(pieces[e.depth]).toBe(e.square);
      expect(pieces.length).toBe(e.depth + 1);
      pieces.length = e.depth;
    } else if (e.type === 'cut') expect(e.depth).toBe(pieces.length);
    else if (e.type === 'solution') {
      expect(e.index).toBe(sets.length);
      sets.push([...pieces].sort((a, b) => a - b));
    }
  }
  return { sets, placed };
}

describe('cover-search trace', () => {
  it('gives the same answer traced and untraced', async () => {
    for (const t of [task('queen', 6, 'minimum'), task('knight', 6, 'count-minimum'), task('queen', 5, 'count', { k: 4 })]) {
      const plain = await bezzel.solve(t);
      const { result } = await traced(t);
      expect({ ...result, stats: undefined }).toEqual({ ...plain, stats: undefined });
      expect(result.stats.nodes).toBe(plain.stats.nodes);
    }
  });

  it('ends a minimum with its set on the board: each set found dominates, each smaller than the one before', async () => {
    const { result, events } = await traced(task('queen', 8, 'minimum'));
    const { sets } = play(events);
    const board = Board.square(8);
    const piece = bezzel.piece('queen')!;
    for (const set of sets) expect(validateDomination(board, piece, set).valid).toBe(true);
    for (let i = 1; i < sets.length; i++) expect(sets[i]!.length).toBeLessThan(sets[i - 1]!.length);
    expect(result.status === 'solved' && result.solutions[0]!.kind === 'placement' && result.solutions[0].squares).toEqual(sets.at(-1));
    expect(sets.at(-1)).toHaveLength(5);
    // The proof is the last search: it cuts every branch and finds nothing.
    const last = events.map((e) => e.type).lastIndexOf('solution');
    expect(events.slice(last + 1).some((e) => e.type === 'cut' && e.why === 'bound')).toBe(true);
  });

  it('names the square each piece was placed to cover, which that piece covers', async () => {
    const { events } = await traced(task('knight', 5, 'minimum'));
    const board = Board.square(5);
    const piece = bezzel.piece('knight')!;
    const places = events.flatMap((e) => (e.type === 'place' ? [e] : []));
    expect(places.length).toBeGreaterThan(0);
    for (const e of places) {
      expect(e.covering).toBeDefined();
      expect(validateDomination(board, piece, [e.square]).uncovered).not.toContain(e.covering);
    }
  });

  it('records one solution event for each set counted, and the spare pieces of the others', async () => {
    const exact = await traced(task('queen', 6, 'count-minimum'));
    const { sets } = play(exact.events);
    const count = exact.result.status === 'complete' ? Number(exact.result.count) : -1;
    // The minimum's own search finds its sets first; then the count finds every minimum set once.
    const minimumSets = exact.events.filter((e) => e.type === 'solution').length - count;
    expect(new Set(sets.slice(minimumSets).map((s) => s.join())).size).toBe(count);
    const spare = await traced(task('rook', 3, 'count', { k: 4 }));
    const cuts = spare.events.filter((e) => e.type === 'cut' && e.why === 'spare');
    expect(cuts.length).toBeGreaterThan(0);
    for (const c of cuts) expect(c.type === 'cut' && c.left).toBeGreaterThan(0);
  });

  it('says which square could no longer be covered at an independent dead end', async () => {
    const { events } = await traced(task('bishop', 5, 'count', { k: 5, variant: 'independent' }));
    const board = Board.square(5);
    const piece = bezzel.piece('bishop')!;
    let pieces: number[] = [];
    let stuck = 0;
    for (const e of events) {
      if (e.type === 'place') pieces = [...pieces.slice(0, e.depth), e.square];
      else if (e.type === 'remove') pieces = pieces.slice(0, e.depth);
      else if (e.type === 'cut' && e.why === 'uncoverable') {
        stuck++;
        // The square named is one the pieces on the board at that moment leave uncovered.
        expect(validateDomination(board, piece, pieces).uncovered).toContain(e.square);
      }
    }
    expect(stuck).toBeGreaterThan(0);
  });
});
