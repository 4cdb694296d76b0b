import { Board, validateTour, type ProgressEvent, type Task, type TraceEvent } from '@bezzel/core';
import knight from '@bezzel/knight';
import { describe, expect, it } from 'vitest';
import { bezzelWith, solveChecked } from '../../../test/support/solve.js';
import genetic from './index.js';

const bezzel = await bezzelWith(knight, genetic);
const task = (seed: number, options: Task['options'] = {}, n = 8): Task => ({
  problem: { kind: 'tour', board: { width: n, height: n }, piece: 'knight', start: 0 },
  goal: 'one',
  strategy: 'genetic',
  seed,
  options,
});

async function run(t: Task) {
  const events: ProgressEvent[] = [];
  const { result } = await solveChecked(bezzel, t);
  await bezzel.solve(t, { onProgress: (e) => events.push(e) });
  return { result, events };
}

describe('genetic', () => {
  it('finds 8×8 tours with Warnsdorff repair switched on after 30% of the generations', async () => {
    for (const seed of [1, 3]) {
      const { result, events } = await run(task(seed));
      expect(result.status).toBe('solved');
      // Repair starts at generation 600 of 2000, and before it no chromosome reached 64.
      expect(result.stats.generations).toBeGreaterThan(600);
      expect(events.at(-1)?.metrics?.best).toBe(64);
      expect(events.slice(0, 600).every((e) => (e.metrics?.best ?? 0) < 64)).toBe(true);
    }
  });

  it('reports per generation the best and mean fitness, best never above the squares', async () => {
    const { events } = await run(task(5, { generations: 50, repair: 'none' }));
    expect(events).toHaveLength(50);
    events.forEach((e, i) => {
      expect(e).toMatchObject({ done: i + 1, total: 50 });
      expect(e.metrics!.mean).toBeLessThanOrEqual(e.metrics!.best!);
      expect(e.metrics!.best).toBeLessThanOrEqual(64);
    });
    // Elitism keeps the best chromosome, so the best fitness never falls.
    for (let i = 1; i < events.length; i++) expect(events[i]!.metrics!.best).toBeGreaterThanOrEqual(events[i - 1]!.metrics!.best!);
  });

  it('without repair reports the best fitness it reached as a budget result', async () => {
    const { result } = await run(task(2, { repair: 'none', generations: 300 }));
    expect(result).toMatchObject({ status: 'budget', exhausted: 'steps', stats: { generations: 300 } });
    if (result.status !== 'budget') return;
    expect(result.partial?.score).toBeGreaterThan(40);
    expect(result.partial?.score).toBeLessThan(64);
    expect(result.partial?.note).toMatch(/without repair/);
    const best = result.partial?.best;
    expect(best?.kind === 'tour' && best.path[0]).toBe(0);
  });

  it('repeats a run exactly for the same seed', async () => {
    const a = await run(task(11, { generations: 100, repair: 'none' }));
    const b = await run(task(11, { generations: 100, repair: 'none' }));
    const c = await run(task(12, { generations: 100, repair: 'none' }));
    expect(b.events).toEqual(a.events);
    expect(c.events).not.toEqual(a.events);
  });

  it('solves at once when repair is on from the start, and stops at the step budget', async () => {
    const { result } = await run(task(4, { repairFrom: 0 }, 6));
    expect(result.status).toBe('solved');
    const capped = await bezzel.solve({ ...task(4, { repair: 'none' }), budget: { maxSteps: 7 } });
    expect(capped).toMatchObject({ status: 'budget', exhausted: 'steps', stats: { generations: 7 } });
  });

  it('rejects bad options and unknown repairs', async () => {
    await expect(bezzel.solve(task(1, { mutationRate: 2 }))).rejects.toThrow('option mutationRate of genetic must be a number from 0 to 1, not 2');
    await expect(bezzel.solve(task(1, { repair: 'magic' }))).rejects.toThrow('option repair of genetic must be one of warnsdorff, none, not "magic"');
  });
});

describe('genetic trace', () => {
  it('records each generation with the fitness the progress reports and the legal walk of its best chromosome', async () => {
    const t = task(3, { generations: 40, population: 20 }, 6);
    const board = Board.square(6);
    const events: TraceEvent[] = [];
    const progress: ProgressEvent[] = [];
    const result = await bezzel.solve(t, { onTrace: (e) => events.push(e), onProgress: (e) => progress.push(e) });
    const generations = events.filter((e): e is Extract<TraceEvent, { type: 'generation' }> => e.type === 'generation');
    expect(generations.length).toBe(result.stats.generations);
    expect(generations.map((g) => g.generation)).toEqual(generations.map((_, i) => i));
    expect(generations.map((g) => ({ best: g.best, mean: g.mean }))).toEqual(progress.map((p) => p.metrics));
    for (const g of generations) {
      expect(g.path).toHaveLength(g.best);
      const report = validateTour(board, bezzel.piece('knight')!, g.path, { start: 0 });
      // A walk that stops short misses squares, but has no illegal or repeated move.
      expect(report.errorAt ?? g.path.length).toBe(g.path.length);
    }
    const plain = await bezzel.solve(t);
    expect(plain.stats).toEqual({ ...result.stats, timeMs: plain.stats.timeMs });
  });
});
