import type { ProgressEvent, Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import { describe, expect, it } from 'vitest';
import { bezzelWith, solveChecked } from '../../../test/support/solve.js';
import antColony from './index.js';

const bezzel = await bezzelWith(knight, antColony);
const task = (n: number, seed: number, options: Task['options'] = {}, start?: number): Task => ({
  problem: { kind: 'tour', board: { width: n, height: n }, piece: 'knight', start },
  goal: 'one',
  strategy: 'ant-colony',
  seed,
  options,
});

describe('ant-colony', () => {
  it('finds 8×8 tours with ants from every square, reporting tours found per iteration', async () => {
    const events: ProgressEvent[] = [];
    const { result } = await solveChecked(bezzel, task(8, 1));
    await bezzel.solve(task(8, 1), { onProgress: (e) => events.push(e) });
    expect(result.status).toBe('solved');
    expect(result.stats.generations).toBe(events.length);
    expect(events.at(-1)?.metrics?.tours).toBeGreaterThan(0);
    expect(events.slice(0, -1).every((e) => e.metrics?.tours === 0)).toBe(true);
    expect(result.stats.extra?.ants).toBe(64);
  });

  it('lays pheromone that makes walks longer than the first iteration’s', async () => {
    const events: ProgressEvent[] = [];
    await bezzel.solve(task(10, 3, { iterations: 60 }), { onProgress: (e) => events.push(e) });
    const mean = (from: number, to: number) => events.slice(from, to).reduce((s, e) => s + e.metrics!.mean!, 0) / (to - from);
    expect(mean(events.length - 10, events.length)).toBeGreaterThan(mean(0, 3) + 5);
  });

  it('is repeatable by seed and reports the longest walk when out of iterations', async () => {
    const a = await bezzel.solve(task(8, 5, { iterations: 20 }, 0));
    const b = await bezzel.solve(task(8, 5, { iterations: 20 }, 0));
    expect(a).toMatchObject({ status: 'budget', exhausted: 'steps' });
    expect(a.status === 'budget' && a.partial?.score).toBe(b.status === 'budget' && b.partial?.score);
    expect(a.status === 'budget' && a.partial?.note).toMatch(/longest walk covered \d+ of 64 squares in 20 iterations/);
  });
});
