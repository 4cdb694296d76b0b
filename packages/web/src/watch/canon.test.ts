import { Board, createBezzel, type Task, type TraceEvent } from '@bezzel/core';
import { replayDomains } from '@bezzel/csp';
import { describe, expect, it } from 'vitest';
import { crossedAt, lineSquares } from './canon-picture.js';
import { pagePlugins } from '../shared/plugins.js';
import { listingFor, STEPPED_STRATEGIES } from './pseudo-code.js';
import { Replay } from '../run/replay.js';
import { Annealing } from '../run/series.js';
import { describeStep } from './step-words.js';

const bezzel = await createBezzel({ plugins: pagePlugins });
const board = Board.square(8);
const queen = bezzel.piece('queen')!;

async function traceOf(strategy: string, options: Record<string, string | number | boolean> = {}, goal: Task['goal'] = 'one'): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  await bezzel.solve({ problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal, strategy, seed: 1, options }, { onTrace: (e) => events.push(e) });
  return events;
}

const CANON = [
  ['simulated-annealing', {}],
  ['beam', {}],
  ['tabu', {}],
  ['genetic-queens', {}],
  ['csp', {}],
  ['csp', { inference: 'mac', ordering: 'mrv' }],
  ['csp', { inference: 'none', ordering: 'static', backjumping: true }],
  ['dlx', {}],
] as const;

describe("the canon's traces on the page", () => {
  it('lists every canon strategy as stepped', () => {
    for (const [id] of CANON) expect(STEPPED_STRATEGIES).toContain(id);
  });

  for (const [strategy, options] of CANON) {
    it(`${strategy} ${JSON.stringify(options)}: every step has words and a pseudo-code line, and stepping back retraces the board`, async () => {
      const events = await traceOf(strategy, options);
      expect(events.at(-1)?.type).toBe('solution');
      const listing = listingFor(strategy, 'placement', options)!;
      const replay = new Replay(events, 8);
      const boards: number[][] = [[]];
      for (const [i, event] of events.entries()) {
        const before = [...replay.squares];
        replay.forward();
        boards.push([...replay.squares].sort((a, b) => a - b));
        expect(describeStep({ board, piece: queen }, event, before).length, `${event.type} words`).toBeGreaterThan(5);
        const lines = listing.linesOf(event, events[i - 1]);
        expect(lines.length, `${event.type} at ${i} has a line`).toBeGreaterThan(0);
        for (const line of lines) expect(listing.lines[line], `line ${line}`).toBeDefined();
      }
      // The answer: a placement of 8 queens none attacking.
      const last = boards.at(-1)!;
      expect(last).toHaveLength(8);
      for (let i = events.length; i > 0; i--) {
        replay.back();
        expect([...replay.squares].sort((a, b) => a - b), `back to ${i - 1}`).toEqual(boards[i - 1]);
      }
    });
  }

  it("csp: the domain grid at every step is the plugin's own replay of it", async () => {
    for (const options of [{ inference: 'forward-checking' }, { inference: 'mac', ordering: 'mrv' }] as Record<string, string>[]) {
      const events = await traceOf('csp', options, 'all');
      const replay = new Replay(events, 8);
      for (let step = 1; step <= Math.min(events.length, 2000); step++) {
        replay.forward();
        const grid = replayDomains(8, events, step);
        const expected = new Map<number, number>();
        grid.crossedAt.forEach((column, variable) => column.forEach((depth, value) => depth >= 0 && expected.set(value * 8 + variable, depth)));
        expect(crossedAt(board, replay), `step ${step}`).toEqual(expected);
        const pieces = grid.value.flatMap((v, c) => (v >= 0 ? [v * 8 + c] : [])).sort((a, b) => a - b);
        expect([...replay.squares].sort((a, b) => a - b)).toEqual(pieces);
      }
    }
  });

  it("dlx: a covered line's squares are the queen's lines through the option", () => {
    expect(lineSquares(board, 'rank 3', 20).sort((a, b) => a - b)).toEqual([16, 17, 18, 19, 20, 21, 22, 23]);
    expect(lineSquares(board, 'file e', 20).sort((a, b) => a - b)).toEqual([4, 12, 20, 28, 36, 44, 52, 60]);
    expect(lineSquares(board, 'diagonal c1–h6', 20).sort((a, b) => a - b)).toEqual([2, 11, 20, 29, 38, 47]);
    expect(lineSquares(board, 'anti-diagonal a7–g1', 20).sort((a, b) => a - b)).toEqual([6, 13, 20, 27, 34, 41, 48]);
  });

  it('annealing: the temperature curve has a point a proposal, and uphill acceptances are counted', async () => {
    const events = await traceOf('simulated-annealing');
    const annealing = new Annealing();
    for (const e of events) if (e.type === 'local') annealing.add(e);
    const proposals = events.filter((e) => e.type === 'local' && e.temperature !== undefined).length;
    expect(annealing.temperature.length).toBe(Math.min(proposals, annealing.temperature.length));
    const refused = events.filter((e) => e.type === 'local' && e.accepted === false).length;
    expect(annealing.proposals - annealing.accepted).toBe(refused);
    expect(annealing.accepted).toBeGreaterThan(0);
  });
});
