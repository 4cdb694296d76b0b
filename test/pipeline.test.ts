import { createBezzel, type Task } from '@bezzel/core';
import genetic from '@bezzel/genetic';
import knight from '@bezzel/knight';
import columns from '@bezzel/columns';
import minConflicts from '@bezzel/min-conflicts';
import queen from '@bezzel/queen';
import warnsdorff from '@bezzel/warnsdorff';
import { describe, expect, it } from 'vitest';
import pipeline from '@bezzel/pipeline';

const bezzel = await createBezzel({ plugins: [queen, knight, columns, minConflicts, warnsdorff, genetic, pipeline] });

describe('pipeline', () => {
  it("hands Warnsdorff's stuck walk on as the genetic algorithm's start, and the next stage finishes the tour", async () => {
    const task: Task = { problem: { kind: 'tour', board: { width: 8, height: 8 }, piece: 'knight', closed: true }, goal: 'one', strategy: 'pipeline', seed: 2, options: { stages: 'warnsdorff,genetic' } };
    const result = await bezzel.solve(task);
    // Warnsdorff's rule does not close an 8×8 tour from a1; the genetic algorithm, seeded with its walk, does.
    expect(result.status).toBe('solved');
    expect(result.stats.extra).toMatchObject({ stages: 'warnsdorff budget → genetic solved', answeredBy: 'genetic' });
  });

  it('stops at the first stage that answers', async () => {
    const task: Task = { problem: { kind: 'placement', board: { width: 40, height: 40 }, piece: 'queen' }, goal: 'one', strategy: 'pipeline', seed: 1, options: { stages: 'min-conflicts,min-conflicts' } };
    const result = await bezzel.solve(task);
    expect(result).toMatchObject({ status: 'solved', stats: { extra: { stages: 'min-conflicts solved' } } });
  });

  it('refuses, before any stage runs, a later stage that cannot take a start, a stage that is no strategy, and itself', async () => {
    const task = (stages: string): Task => ({ problem: { kind: 'tour', board: { width: 8, height: 8 }, piece: 'knight', closed: true }, goal: 'one', strategy: 'pipeline', seed: 2, options: { stages } });
    await expect(bezzel.solve(task('warnsdorff,warnsdorff'))).rejects.toThrow(/^pipeline: every stage after the first must take option start .*; warnsdorff cannot$/);
    await expect(bezzel.solve(task('warnsdorff,nonesuch'))).rejects.toThrow(/^pipeline: option stages names nonesuch, which is not a strategy/);
    await expect(bezzel.solve(task('warnsdorff,pipeline'))).rejects.toThrow(/^pipeline: option stages cannot name pipeline itself$/);
  });
});
