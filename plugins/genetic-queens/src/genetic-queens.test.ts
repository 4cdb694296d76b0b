import { createBezzel, type Bezzel, type OptionValue, type Task, type TraceEvent } from '@bezzel/core';
import classic from '@bezzel/classic';
import columns, { lineFamilies, type LineFamilies } from '@bezzel/columns';
import queen from '@bezzel/queen';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectValidSolution, solveChecked } from '../../../test/support/solve.js';
// Strategies made of strategies, from their sources (they are not dependencies of this package).
import pipeline from '@bezzel/pipeline';
import portfolio from '@bezzel/portfolio';
import { PairCounter } from './fitness.js';
import geneticQueens from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, classic, columns, geneticQueens, portfolio, pipeline] });
});

const task = (n: number, seed: number, options: Record<string, OptionValue> = {}, piece = 'queen'): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece, ...(piece === 'queen' ? {} : { k: n }) },
  goal: 'one',
  strategy: 'genetic-queens',
  seed,
  options,
  budget: { maxTimeMs: 10_000 },
});

/** Pairs sharing a ridden line, counted pair by pair: the definition the counter must agree with. */
function bruteForcePairs(rows: readonly number[], lines: LineFamilies): number {
  let pairs = 0;
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const dr = rows[j]! - rows[i]!;
      const dc = j - i;
      if ((lines.rank && dr === 0) || (lines.diagonal && dr === dc) || (lines.antiDiagonal && dr === -dc)) pairs++;
    }
  }
  return pairs;
}

describe('genetic-queens on 8 queens', () => {
  it('solves every one of 40 seeds, each answer checked by the validator', async () => {
    let generations = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { result } = await solveChecked(bezzel, task(8, seed));
      expect(result.status, `seed ${seed}`).toBe('solved');
      expect(result.stats.extra?.bestFitness).toBe(28);
      expect(result.stats.extra?.h).toBe(0);
      generations += result.stats.generations!;
    }
    // Measured: a mean of about 100 generations over seeds 1–300, a median of about 30.
    expect(generations / 40).toBeLessThan(1000);
  });

  it('solves with every selection and crossover, and with rooks and bishops', async () => {
    for (const selection of ['proportional', 'tournament']) {
      for (const crossover of ['one-point', 'uniform']) {
        const { result } = await solveChecked(bezzel, task(8, 7, { selection, crossover }));
        expect(result.status, `${selection} ${crossover}`).toBe('solved');
      }
    }
    for (const piece of ['rook', 'bishop']) {
      const { result } = await solveChecked(bezzel, task(8, 2, {}, piece));
      expect(result.status, piece).toBe('solved');
    }
  });

  it('is seeded: the same seed gives the same answer and stats, another seed another run', async () => {
    const a = await bezzel.solve(task(8, 11));
    const b = await bezzel.solve(task(8, 11));
    expect(a).toEqual({ ...b, stats: { ...b.stats, timeMs: a.stats.timeMs } });
    const budgeted = (seed: number) => bezzel.solve({ ...task(10, seed), budget: { maxSteps: 40 } });
    const c = await budgeted(3);
    const d = await budgeted(3);
    expect(c).toEqual({ ...d, stats: { ...d.stats, timeMs: c.stats.timeMs } });
    const e = await budgeted(4);
    const best = (r: typeof c) => (r.status === 'budget' ? r.partial?.best : undefined);
    expect(best(c)).toBeDefined();
    expect(best(e)).not.toEqual(best(c));
  });
});

describe('fitness', () => {
  it('is n(n − 1)/2 minus the pairs sharing a line, as counted pair by pair, for random strings and pieces', () => {
    const families = ['queen', 'rook', 'bishop'].map((id) => lineFamilies(bezzel.piece(id)!) as LineFamilies);
    const strings = fc.integer({ min: 1, max: 40 }).chain((n) => fc.tuple(fc.constant(n), fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: n, maxLength: n })));
    fc.assert(
      fc.property(strings, fc.constantFrom(...families), fc.nat(5), ([n, rows], lines, offset) => {
        const counter = new PairCounter(n, lines);
        // At an offset in a larger buffer, twice: the counters must be left zeroed for the next evaluation.
        const genes = new Int32Array(offset + n);
        genes.set(rows, offset);
        const expected = bruteForcePairs(rows, lines);
        expect(counter.attackingPairs(genes, offset)).toBe(expected);
        expect(counter.fitness(genes, offset)).toBe((n * (n - 1)) / 2 - expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('budget', () => {
  it('stops at its step budget (generations) with the best placement so far, never calling it solved', async () => {
    const t = { ...task(14, 1), budget: { maxSteps: 5 } };
    const result = await bezzel.solve(t);
    expect(result.status === 'budget' && result.exhausted).toBe('steps');
    expect(result.stats.generations).toBe(5);
    expect(result.stats.nodes).toBe(5);
    // The first generation, then 5 bred, elites not evaluated again.
    expect(result.stats.extra?.evaluations).toBe(100 + 5 * 98);
    if (result.status !== 'budget') return;
    expect(result.partial?.score).toBeGreaterThan(0);
    expect(result.partial?.score).toBe(result.stats.extra?.h);
    expect(result.partial?.note).toMatch(/^best fitness \d+ of 91 non-attacking pairs \(h = \d+ attacking pairs?\) after 5 generations, when the step budget \(5 generations\) ran out$/);
    const best = result.partial!.best!;
    expect(best.kind === 'placement' && best.squares.length).toBe(14);
    expect(() => expectValidSolution(bezzel, t, best)).toThrow();
  });

  it('stops after its own generations, and when time runs out', async () => {
    const capped = await bezzel.solve(task(20, 1, { generations: 3 }));
    expect(capped.status === 'budget' && capped.exhausted).toBe('steps');
    expect(capped.status === 'budget' && capped.partial?.note).toMatch(/when its 3 generations were bred$/);
    const timed = await bezzel.solve({ ...task(3, 1), budget: { maxTimeMs: 30 } });
    expect(timed.status === 'budget' && timed.exhausted).toBe('time');
    expect(timed.status === 'budget' && timed.partial?.score).toBeGreaterThan(0);
  });

  it('refuses elitism as large as the population, as the user’s mistake, before it runs (exit 2 on the command line)', async () => {
    const crowded = task(8, 1, { population: 10, elitism: 10 });
    const checked = bezzel.checkOptions(bezzel.strategy('genetic-queens')!, crowded);
    expect(checked.ok || checked.error.code).toBe('ERR_OPTION');
    await expect(bezzel.solve(crowded)).rejects.toThrow(/^genetic-queens: elitism \(10\) must be smaller than the population \(10\)$/);
    const fewer = await bezzel.solve({ ...task(8, 1, { population: 10, elitism: 9 }), budget: { maxSteps: 5 } });
    expect(fewer.stats.extra?.population).toBe(10);
  });
});

describe('trace and progress', () => {
  it('emits a population event a generation, with sample fitnesses that match a recount, and the same run as untraced', async () => {
    const events: TraceEvent[] = [];
    const metrics: Record<string, number>[] = [];
    const traced = await bezzel.solve(task(8, 5), { onTrace: (e) => events.push(e), onProgress: (e) => e.metrics && metrics.push({ ...e.metrics }) });
    const plain = await bezzel.solve(task(8, 5));
    expect(traced).toEqual({ ...plain, stats: { ...plain.stats, timeMs: traced.stats.timeMs } });
    expect(traced.status).toBe('solved');
    const generations = events.filter((e) => e.type === 'population');
    expect(generations.map((e) => e.generation)).toEqual(Array.from({ length: traced.stats.generations! + 1 }, (_, i) => i));
    expect(events.at(-1)).toEqual({ type: 'solution', index: 0 });
    const queens = lineFamilies(bezzel.piece('queen')!) as LineFamilies;
    for (const e of generations) {
      expect(e.sample.length).toBe(20);
      expect(e.sample[0]!.fitness).toBe(e.best);
      expect(e.mean).toBeLessThanOrEqual(e.best);
      expect(e.diversity).toBeGreaterThanOrEqual(0);
      expect(e.diversity).toBeLessThanOrEqual(1);
      for (const [i, s] of e.sample.entries()) {
        expect(s.rows.length).toBe(8);
        expect(s.fitness).toBe(28 - bruteForcePairs(s.rows, queens));
        if (i > 1) expect(s.fitness).toBeLessThanOrEqual(e.sample[i - 1]!.fitness);
      }
    }
    // The first generation is random: its strings differ in most places.
    expect(generations[0]!.diversity).toBeGreaterThan(0.7);
    const last = generations.at(-1)!;
    expect(last.best).toBe(28);
    const solution = traced.status === 'solved' ? traced.solutions[0] : undefined;
    expect(solution?.kind === 'placement' && solution.squares).toEqual(last.sample[0]!.rows.map((row, col) => row * 8 + col));
    // Progress carries the same figures, every generation of a short run.
    expect(metrics.at(-1)).toEqual({ best: last.best, mean: last.mean, diversity: last.diversity });
  });

  it('tells how the first child of each generation was made: selection, crossover, mutation and fitness, each checked', async () => {
    const queens = lineFamilies(bezzel.piece('queen')!) as LineFamilies;
    let mutations = 0;
    for (const options of [{}, { crossover: 'uniform' }, { selection: 'proportional', mutationRate: 0.3 }] as Record<string, OptionValue>[]) {
      const events: TraceEvent[] = [];
      await bezzel.solve(task(8, 3, { ...options, generations: 30 }), { onTrace: (e) => events.push(e) });
      const generations = events.filter((e) => e.type === 'population');
      expect(generations[0]!.birth).toBeUndefined();
      for (const { birth } of generations.slice(1)) {
        expect(birth).toBeDefined();
        const { parents, crossover, crossed, mutated, child, fitness } = birth!;
        expect(birth!.selection).toBe(options.selection ?? 'tournament');
        for (const p of parents) {
          expect(p.fitness).toBe(28 - bruteForcePairs(p.rows, queens));
          // A tournament's winner is the fittest of those it drew.
          if (birth!.selection === 'tournament') expect(Math.max(...p.drawn!)).toBe(p.fitness);
          else expect(p.drawn).toBeUndefined();
        }
        const expected = crossover.kind === 'one-point'
          ? [...parents[0].rows.slice(0, crossover.cut), ...parents[1].rows.slice(crossover.cut)]
          : crossover.from.map((from, i) => parents[from].rows[i]!);
        expect(crossed).toEqual(expected);
        const after = [...crossed];
        for (const m of mutated) {
          expect(m.from).toBe(after[m.at]);
          after[m.at] = m.to;
        }
        mutations += mutated.length;
        expect(child).toEqual(after);
        expect(fitness).toBe(28 - bruteForcePairs(child, queens));
      }
    }
    expect(mutations).toBeGreaterThan(5);
  });
});

describe('with other strategies', () => {
  it('takes a start placement into its first generation', async () => {
    // The explicit solution of 8 queens as start: the first generation already holds a solution.
    const start = [3, 5, 7, 1, 6, 0, 2, 4].map((row, col) => row * 8 + col).join('-');
    const { result } = await solveChecked(bezzel, task(8, 1, { start }));
    expect(result.status).toBe('solved');
    expect(result.stats.generations).toBe(0);
  });
});
