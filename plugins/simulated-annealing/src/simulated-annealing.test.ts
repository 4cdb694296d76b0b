import { createBezzel, type Bezzel, type OptionValue, type Task, type TraceEvent } from '@bezzel/core';
import classic from '@bezzel/classic';
import knight from '@bezzel/knight';
import columns from '@bezzel/columns';
import queen from '@bezzel/queen';
import { beforeAll, describe, expect, it } from 'vitest';
import { attackingPairs, queens, replayQueensTrace, solvedSeeds } from '../../../test/support/column-search.js';
import { expectValidSolution, solveChecked } from '../../../test/support/solve.js';
// Not dependencies of this package: the strategies it is combined with, from their sources.
import hillClimbing from '@bezzel/hill-climbing';
import pipeline from '@bezzel/pipeline';
import portfolio from '@bezzel/portfolio';
import simulatedAnnealing from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, knight, classic, columns, hillClimbing, pipeline, portfolio, simulatedAnnealing] });
});

const task = (n: number, seed: number, options: Record<string, OptionValue> = {}, strategy = 'simulated-annealing'): Task => queens(strategy, n, seed, options);

describe('simulated annealing, default schedule, 100 seeded runs', () => {
  // Measured (seeds 1–100, default budget): 8 queens median 0.1 ms; 32 queens 2.6 ms; 100 queens 32 ms, at most 0.2 s.
  for (const n of [8, 32, 100]) {
    it(`solves ${n} queens every time`, async () => {
      expect(await solvedSeeds(bezzel, 100, (seed) => task(n, seed))).toBe(100);
    });
  }
});

describe('simulated annealing', () => {
  it('refuses, before it runs, a schedule that would be frozen from the start (exit 2 on the command line)', async () => {
    const frozen = task(8, 1, { t0: 1, tMin: 100 });
    await expect(bezzel.solve(frozen)).rejects.toThrow(/^simulated-annealing: tMin \(100\) must be below t0 \(1\): the anneal would be frozen before it starts$/);
    await expect(bezzel.solve(task(8, 1, { reheatTo: 0.01 }))).rejects.toThrow(/must be below reheatTo/);
  });

  it('is seeded: the same seed gives the same run and the same stats', async () => {
    for (const options of [{}, { move: 'swap' }, { schedule: 'exponential' }] as Record<string, OptionValue>[]) {
      const a = await bezzel.solve(task(20, 7, options));
      const b = await bezzel.solve(task(20, 7, options));
      expect(a).toEqual({ ...b, stats: { ...b.stats, timeMs: a.stats.timeMs } });
      expect(a.stats.extra).toMatchObject({ acceptances: a.stats.moves, bestH: 0 });
      expect(a.stats.extra?.uphill).toBeGreaterThan(0);
    }
  });

  it('every schedule and both neighbourhoods solve 8 and 16 queens', async () => {
    for (const schedule of ['geometric', 'linear', 'logarithmic', 'exponential']) {
      for (const move of ['column', 'swap']) {
        for (const n of [8, 16]) {
          const { result } = await solveChecked(bezzel, task(n, 3, { schedule, move }));
          expect(result.status, `${schedule} ${move} ${n}`).toBe('solved');
          expect(result.stats.extra?.schedule).toBe(schedule);
        }
      }
    }
  });

  it('chooses t0 so that the mean uphill move is accepted half the time, or takes the one given', async () => {
    const auto = await bezzel.solve(task(50, 1));
    expect(auto.stats.extra?.t0).toBeGreaterThan(1);
    expect(auto.stats.extra?.t0).toBeLessThan(5);
    const given = await bezzel.solve(task(50, 1, { t0: 0.7 }));
    expect(given.stats.extra?.t0).toBe(0.7);
  });

  it('freezes, reheats the given number of times, and then says it is stuck with the best it saw', async () => {
    // 3 queens have no solution: every anneal freezes with h > 0.
    const result = await bezzel.solve(task(3, 1, { reheats: 4, level: 10 }));
    expect(result.status === 'budget' && result.exhausted).toBe('stuck');
    if (result.status !== 'budget') return;
    expect(result.stats.restarts).toBe(4);
    expect(result.stats.extra).toMatchObject({ reheats: 4, bestH: 1 });
    expect(result.stats.extra?.finalTemperature).toBeLessThan(0.1);
    expect(result.partial?.score).toBe(1);
    expect(result.partial?.note).toMatch(/^frozen below T = 0\.05 after 4 reheats; the best arrangement seen has h = 1 \(attacking pair\)/);
    expect(() => expectValidSolution(bezzel, task(3, 1), result.partial!.best!)).toThrow();
  });

  it('stops at its step budget with the best arrangement it saw', async () => {
    const result = await bezzel.solve({ ...task(200, 1), budget: { maxSteps: 5000 } });
    expect(result.status === 'budget' && result.exhausted).toBe('steps');
    if (result.status !== 'budget') return;
    expect(result.stats.nodes).toBe(5000);
    expect(result.partial?.score).toBeGreaterThan(0);
    expect(result.partial?.score).toBe(result.stats.extra?.bestH);
    const best = result.partial!.best!;
    expect(best.kind === 'placement' && attackingPairs(best.squares, 200)).toBe(result.partial?.score);
    expect(result.partial?.note).toMatch(/when the budget ran out/);
  });

  it('stops at its time budget', async () => {
    const result = await bezzel.solve({ ...task(100, 1, { schedule: 'logarithmic' }), budget: { maxTimeMs: 50 } });
    expect(result.status === 'budget' && result.exhausted).toBe('time');
  });

  it('solves rooks and bishops-free lines, and declines what is not one piece per column', async () => {
    const rooks = await solveChecked(bezzel, { ...task(12, 1), problem: { kind: 'placement', board: { width: 12, height: 12 }, piece: 'rook' } });
    expect(rooks.result.status).toBe('solved');
    await expect(bezzel.solve({ ...task(8, 1), problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'knight', k: 8 } })).rejects.toThrow(/leaps/);
    await expect(bezzel.solve({ ...task(8, 1), problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen', k: 5 } })).rejects.toThrow(/k must be 8/);
  });

  it('continues from option start, and a swap anneal makes it a permutation first', async () => {
    const events: TraceEvent[] = [];
    // All eight queens on rank 1: the swap anneal spreads them over the ranks before it starts.
    await bezzel.solve(task(8, 2, { start: '0-1-2-3-4-5-6-7', move: 'swap' }), { onTrace: (e) => events.push(e) });
    const placed = events.filter((e) => e.type === 'place').map((e) => (e.type === 'place' ? Math.floor(e.square / 8) : -1));
    expect([...placed].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const kept: TraceEvent[] = [];
    await bezzel.solve(task(8, 2, { start: '0-9-18-27-36-45-54-63' }), { onTrace: (e) => kept.push(e) });
    expect(kept.filter((e) => e.type === 'place').map((e) => (e.type === 'place' ? e.square : -1))).toEqual([0, 9, 18, 27, 36, 45, 54, 63]);
  });

  it('takes the hand-on of a pipeline, and races in a portfolio', async () => {
    // Hill climbing gets stuck on 10 queens with this seed; annealing finishes from where it stopped.
    const piped = await solveChecked(bezzel, task(10, 5, { stages: 'hill-climbing,simulated-annealing' }, 'pipeline'));
    expect(piped.result.status).toBe('solved');
    expect(piped.result.stats.extra).toMatchObject({ stages: 'hill-climbing budget → simulated-annealing solved', answeredBy: 'simulated-annealing' });
    const raced = await solveChecked(bezzel, task(16, 1, { members: 'simulated-annealing,hill-climbing' }, 'portfolio'));
    expect(raced.result.status).toBe('solved');
    expect(raced.result.stats.extra?.members).toBe('simulated-annealing,hill-climbing');
  });

  it('says it is cheap on small boards and declines impossible ones for auto', () => {
    const cost = (n: number) => {
      const instance = bezzel.instantiate(task(n, 1));
      if (!instance.ok) throw new Error('no instance');
      return bezzel.strategy('simulated-annealing')!.supports(instance.value);
    };
    expect(cost(8)).toMatchObject({ ok: true });
    const small = cost(8);
    const big = cost(100);
    expect(small.ok && big.ok && small.cost < big.cost).toBe(true);
    expect(cost(3)).toMatchObject({ ok: true, cost: Number.MAX_VALUE });
  });
});

describe('simulated annealing trace', () => {
  it('replays from the start placement: every proposal, accepted or refused, with the temperature and h', async () => {
    for (const move of ['column', 'swap']) {
      const events: TraceEvent[] = [];
      const traced = await bezzel.solve(task(10, 4, { move }), { onTrace: (e) => events.push(e) });
      const plain = await bezzel.solve(task(10, 4, { move }));
      expect(traced.stats.nodes).toBe(plain.stats.nodes);
      expect(traced.status).toBe('solved');
      for (const e of events) {
        if (e.type !== 'local' || e.from === undefined) continue;
        expect(e.temperature).toBeGreaterThan(0);
        expect(typeof e.accepted).toBe('boolean');
        expect(e.swapped !== undefined).toBe(move === 'swap');
      }
      const { proposals, moves } = replayQueensTrace(bezzel, 10, events);
      expect(proposals).toBe(traced.stats.nodes);
      expect(moves).toBe(traced.stats.moves);
      expect(events.at(-1)).toEqual({ type: 'solution', index: 0 });
    }
  });

  it("tells each proposal's Δ, and for an uphill one the draw it was decided by: accepted exactly when draw < e^(−Δ/T)", async () => {
    for (const [move, schedule] of [['column', 'geometric'], ['swap', 'exponential'], ['column', 'linear']] as const) {
      const events: TraceEvent[] = [];
      await bezzel.solve(task(10, 7, { move, schedule }), { onTrace: (e) => events.push(e) });
      const steps = events.filter((e): e is Extract<TraceEvent, { type: 'local' }> => e.type === 'local' && e.from !== undefined);
      // h before the first proposal, from the first one's h and whether it was made.
      let h = steps[0]!.h - (steps[0]!.accepted ? steps[0]!.delta! : 0);
      let uphill = 0;
      for (const e of steps) {
        expect(Number.isInteger(e.delta)).toBe(true);
        if (e.delta! <= 0) {
          expect(e.draw).toBeUndefined();
          expect(e.accepted).toBe(true);
        } else {
          uphill++;
          expect(e.draw).toBeGreaterThanOrEqual(0);
          expect(e.draw).toBeLessThan(1);
          expect(e.accepted).toBe(e.draw! < Math.exp(-e.delta! / e.temperature!));
        }
        h += e.accepted ? e.delta! : 0;
        expect(e.h).toBe(h);
      }
      expect(uphill).toBeGreaterThan(10);
    }
  });
});
