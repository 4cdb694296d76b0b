import { createBezzel, type Bezzel, type OptionValue, type Task, type TraceEvent } from '@bezzel/core';
import classic from '@bezzel/classic';
import columns from '@bezzel/columns';
import queen from '@bezzel/queen';
import { beforeAll, describe, expect, it } from 'vitest';
import { attackingPairs, queens, solvedSeeds } from '../../../test/support/column-search.js';
import { expectValidSolution, solveChecked } from '../../../test/support/solve.js';
// Not dependencies of this package: the strategies it is combined with, from their sources.
import hillClimbing from '@bezzel/hill-climbing';
import pipeline from '@bezzel/pipeline';
import portfolio from '@bezzel/portfolio';
import beam from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, classic, columns, hillClimbing, pipeline, portfolio, beam] });
});

const task = (n: number, seed: number, options: Record<string, OptionValue> = {}, strategy = 'beam'): Task => queens(strategy, n, seed, options);
const successes = (n: number, seeds: number, options: Record<string, OptionValue> = {}) => solvedSeeds(bezzel, seeds, (seed) => task(n, seed, options));

describe('local beam search, seeded runs', () => {
  // Measured, seeds 1–100, k = 10: 8 queens median 0.14 ms (4 steps); 32 queens 4.5 ms (16 steps); 100 queens
  // (sampled successors) 40 ms (54 steps).
  it('solves 8 queens on 100 seeds and 32 queens on 30, plain and stochastic', async () => {
    expect(await successes(8, 100)).toBe(100);
    expect(await successes(32, 30)).toBe(30);
    expect(await successes(8, 100, { stochastic: true })).toBe(100);
    expect(await successes(32, 20, { stochastic: true })).toBe(20);
  });

  it('samples successors on big boards and still solves', async () => {
    const { result } = await solveChecked(bezzel, task(60, 1, { sample: 500 }));
    expect(result.status).toBe('solved');
    // 60·59 = 3540 single-column moves a state; 500 are drawn from each of the 10.
    expect(Number(result.stats.extra?.successors)).toBe(result.stats.nodes * 10 * 500);
  });
});

describe('local beam search', () => {
  it('is seeded: the same seed gives the same run and the same stats', async () => {
    for (const options of [{}, { stochastic: true, temperature: 1 }] as Record<string, OptionValue>[]) {
      const a = await bezzel.solve(task(16, 4, options));
      const b = await bezzel.solve(task(16, 4, options));
      expect(a).toEqual({ ...b, stats: { ...b.stats, timeMs: a.stats.timeMs } });
      expect(a.stats.extra).toMatchObject({ k: 10, steps: a.stats.nodes, bestH: 0 });
      expect(a.stats.extra?.successors).toBe(a.stats.nodes * 10 * 16 * 15);
    }
  });

  it('stops at its step budget with the best state it saw', async () => {
    const result = await bezzel.solve({ ...task(40, 1), budget: { maxSteps: 2 } });
    expect(result.status === 'budget' && result.exhausted).toBe('steps');
    if (result.status !== 'budget') return;
    expect(result.stats.nodes).toBe(2);
    expect(result.partial?.score).toBeGreaterThan(0);
    expect(result.partial?.score).toBe(result.stats.extra?.bestH);
    expect(() => expectValidSolution(bezzel, task(40, 1), result.partial!.best!)).toThrow();
    expect(result.partial?.note).toMatch(/^the best state seen has h = \d+ \(attacking pairs?\) after 2 steps of 10 states$/);
    const timed = await bezzel.solve({ ...task(3, 1), budget: { maxTimeMs: 30 } });
    expect(timed.status === 'budget' && timed.exhausted).toBe('time');
  });

  it('solves rooks, declines other problems, and refuses a k of 0', async () => {
    expect((await solveChecked(bezzel, { ...task(9, 1), problem: { kind: 'placement', board: { width: 9, height: 9 }, piece: 'rook' } })).result.status).toBe('solved');
    await expect(bezzel.solve({ ...task(8, 1), problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen', k: 4 } })).rejects.toThrow(/k must be 8/);
    await expect(bezzel.solve(task(8, 1, { k: 0 }))).rejects.toThrow('option k of beam must be a whole number from 1 to 1000, not 0');
  });

  it('takes the hand-on of a pipeline, and races in a portfolio', async () => {
    // Hill climbing gets stuck on 10 queens with this seed; the beam, started from where it stopped, finishes.
    const piped = await solveChecked(bezzel, task(10, 5, { stages: 'hill-climbing,beam' }, 'pipeline'));
    expect(piped.result.stats.extra).toMatchObject({ stages: 'hill-climbing budget → beam solved', answeredBy: 'beam' });
    const raced = await solveChecked(bezzel, task(12, 1, { members: 'beam,hill-climbing' }, 'portfolio'));
    expect(raced.result.status).toBe('solved');
    expect(raced.result.stats.extra?.winner).toBe('beam');
  });
});

describe('local beam search trace', () => {
  it('shows the k start states, then the k states kept after every step, each with its h', async () => {
    const events: TraceEvent[] = [];
    const result = await bezzel.solve(task(12, 2, { k: 4 }), { onTrace: (e) => events.push(e) });
    expect(result.status).toBe('solved');
    const beams = events.filter((e) => e.type === 'local' && e.states !== undefined);
    expect(beams.length).toBe(result.stats.nodes + 1);
    for (const [i, e] of beams.entries()) {
      if (e.type !== 'local' || !e.states) continue;
      expect(e.step).toBe(i);
      expect(e.states.length).toBeLessThanOrEqual(4);
      for (const s of e.states) expect(s.h).toBe(attackingPairs(s.rows.map((row, col) => row * 12 + col), 12));
      expect(e.h).toBe(Math.min(...e.states.map((s) => s.h)));
      // Kept states are different from one another.
      expect(new Set(e.states.map((s) => s.rows.join())).size).toBe(e.states.length);
    }
    const first = beams[0]!;
    expect(first.type === 'local' && first.states?.length).toBe(4);
    const last = beams.at(-1)!;
    expect(last.type === 'local' && last.h).toBe(0);
    expect(events.at(-1)).toEqual({ type: 'solution', index: 0 });
  });
});
