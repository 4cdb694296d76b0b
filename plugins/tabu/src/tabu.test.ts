import { createBezzel, type Bezzel, type OptionValue, type Task, type TraceEvent } from '@bezzel/core';
import classic from '@bezzel/classic';
import columns from '@bezzel/columns';
import queen from '@bezzel/queen';
import { beforeAll, describe, expect, it } from 'vitest';
import { queens, replayQueensTrace, solvedSeeds } from '../../../test/support/column-search.js';
import { solveChecked } from '../../../test/support/solve.js';
// Not dependencies of this package: the strategies it is combined with, from their sources.
import hillClimbing from '@bezzel/hill-climbing';
import pipeline from '@bezzel/pipeline';
import portfolio from '@bezzel/portfolio';
import tabu, { tabuListAt } from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, classic, columns, hillClimbing, pipeline, portfolio, tabu] });
});

const task = (n: number, seed: number, options: Record<string, OptionValue> = {}, strategy = 'tabu'): Task => queens(strategy, n, seed, options);
const successes = (n: number, seeds: number, options: Record<string, OptionValue> = {}) => solvedSeeds(bezzel, seeds, (seed) => task(n, seed, options));

describe('tabu search, seeded runs', () => {
  // Measured, seeds 1–100: medians 0.04 ms (8 queens, 55 moves), 0.05 ms (32), 0.14 ms (100, 130 moves).
  it('solves 8 and 32 queens on every one of 100 seeds, with either neighbourhood', async () => {
    expect(await successes(8, 100)).toBe(100);
    expect(await successes(32, 100)).toBe(100);
    expect(await successes(8, 100, { neighbourhood: 'full' })).toBe(100);
    expect(await successes(32, 50, { neighbourhood: 'full' })).toBe(50);
  });

  it('solves from a greedy start, without aspiration, and with tenure 0 (plain min-conflicts moves)', async () => {
    expect(await successes(50, 20, { initial: 'greedy' })).toBe(20);
    expect(await successes(20, 20, { aspiration: false })).toBe(20);
    expect(await successes(20, 20, { tenure: 0 })).toBe(20);
  });
});

describe('tabu search', () => {
  it('is seeded: the same seed gives the same run and the same stats', async () => {
    for (const options of [{}, { neighbourhood: 'full' }] as Record<string, OptionValue>[]) {
      const a = await bezzel.solve(task(24, 3, options));
      const b = await bezzel.solve(task(24, 3, options));
      expect(a).toEqual({ ...b, stats: { ...b.stats, timeMs: a.stats.timeMs } });
      expect(a.stats.extra).toMatchObject({ steps: a.stats.nodes, bestH: 0, tenure: 7 });
    }
  });

  it('blocks tabu moves, and takes some by aspiration; the tenure defaults to max(7, n/10)', async () => {
    let blocked = 0;
    let aspirations = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const result = await bezzel.solve(task(8, seed, { neighbourhood: 'full' }));
      blocked += Number(result.stats.extra?.blocked);
      aspirations += Number(result.stats.extra?.aspirations);
    }
    expect(blocked).toBeGreaterThan(0);
    expect(aspirations).toBeGreaterThan(0);
    const off = await bezzel.solve(task(8, 1, { neighbourhood: 'full', aspiration: false }));
    expect(off.stats.extra?.aspirations).toBe(0);
    expect((await bezzel.solve(task(200, 1))).stats.extra?.tenure).toBe(20);
  });

  it('runs to its step budget where no placement exists, with the best arrangement it saw', async () => {
    const result = await bezzel.solve({ ...task(3, 1), budget: { maxSteps: 500 } });
    expect(result.status === 'budget' && result.exhausted).toBe('steps');
    if (result.status !== 'budget') return;
    expect(result.stats.nodes).toBe(500);
    expect(result.partial).toMatchObject({ score: 1 });
    expect(result.partial?.note).toBe('the best arrangement seen has h = 1 (attacking pair) after 500 moves');
    const timed = await bezzel.solve({ ...task(3, 1), budget: { maxTimeMs: 30 } });
    expect(timed.status === 'budget' && timed.exhausted).toBe('time');
  });

  it('solves rooks, and declines boards that are not one piece per column', async () => {
    expect((await solveChecked(bezzel, { ...task(9, 1), problem: { kind: 'placement', board: { width: 9, height: 9 }, piece: 'rook' } })).result.status).toBe('solved');
    await expect(bezzel.solve({ ...task(8, 1), problem: { kind: 'placement', board: { width: 8, height: 6 }, piece: 'queen' } })).rejects.toThrow(/not square/);
  });

  it('takes the hand-on of a pipeline, and races in a portfolio', async () => {
    // Hill climbing gets stuck on 10 queens with this seed; tabu search finishes from where it stopped.
    const piped = await solveChecked(bezzel, task(10, 5, { stages: 'hill-climbing,tabu' }, 'pipeline'));
    expect(piped.result.stats.extra).toMatchObject({ stages: 'hill-climbing budget → tabu solved', answeredBy: 'tabu' });
    const raced = await solveChecked(bezzel, task(40, 1, { members: 'tabu,hill-climbing' }, 'portfolio'));
    expect(raced.result.status).toBe('solved');
    expect(raced.result.stats.extra?.winner).toBe('tabu');
  });
});

describe('tabu search trace', () => {
  it('replays from the start placement, move by move, with h, and marks the moves made by aspiration', async () => {
    let tabuMoves = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const events: TraceEvent[] = [];
      const traced = await bezzel.solve(task(8, seed, { neighbourhood: 'full' }), { onTrace: (e) => events.push(e) });
      const plain = await bezzel.solve(task(8, seed, { neighbourhood: 'full' }));
      expect(traced.stats).toEqual({ ...plain.stats, timeMs: traced.stats.timeMs });
      expect(replayQueensTrace(bezzel, 8, events).moves).toBe(traced.stats.nodes);
      expect(events.at(-1)).toEqual({ type: 'solution', index: 0 });
      const tabuHere = events.filter((e) => e.type === 'local' && e.tabu).length;
      expect(tabuHere).toBe(traced.stats.extra?.aspirations);
      tabuMoves += tabuHere;
    }
    expect(tabuMoves).toBeGreaterThan(0);
  });

  it('carries the tenure: the list read back from the trace is what the search held — a move onto a tabu square is aspiration or the least bad of all-tabu moves', async () => {
    let listed = 0;
    for (const [seed, options] of [[4, { neighbourhood: 'full' }], [1, { neighbourhood: 'full', tenure: 3 }], [2, {}], [3, { aspiration: false, neighbourhood: 'full' }]] as const) {
      const events: TraceEvent[] = [];
      await bezzel.solve(task(8, seed, options), { onTrace: (e) => events.push(e) });
      let best = Number.POSITIVE_INFINITY;
      events.forEach((e, i) => {
        if (e.type !== 'local' || e.from === undefined) return;
        expect(e.tenure).toBe((options as { tenure?: number }).tenure ?? 7);
        const list = tabuListAt(events, i);
        listed += list.length;
        for (const entry of list) {
          expect(entry.left).toBeGreaterThanOrEqual(1);
          expect(entry.left).toBeLessThanOrEqual(e.tenure!);
        }
        const onTabu = list.some((entry) => entry.square === e.to);
        if (e.tabu) {
          // Aspiration: tabu, and better than every h before it.
          expect(onTabu).toBe(true);
          expect(e.h).toBeLessThan(best);
        } else if (!e.allTabu) expect(onTabu).toBe(false);
        best = Math.min(best, e.h);
      });
    }
    expect(listed).toBeGreaterThan(20);
  });
});
