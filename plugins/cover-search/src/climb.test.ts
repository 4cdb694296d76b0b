import classic from '@bezzel/classic';
import type { Elsewhere, ElsewhereWatch, Result, Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bezzelWith, expectValidSolution } from '../../../test/support/solve.js';
import coverSearch from './index.js';

/**
 * A helper in this thread that says what it is scripted to: at the given poll it streams each set, as a helper
 * thread streams the sets it finds on its way down. It records the task it was given and whether it was stopped.
 */
function scriptedHelper(sets: readonly number[][], atPoll: number) {
  const seen: { task?: Task; stopped: boolean; polls: number } = { stopped: false, polls: 0 };
  const elsewhere: Elsewhere = {
    parallel: true,
    solve(task: Task, watch: ElsewhereWatch = {}) {
      seen.task = task;
      return {
        result: new Promise<Result>(() => {}),
        stop: () => void (seen.stopped = true),
        poll: () => {
          if (++seen.polls === atPoll) for (const squares of sets) watch.onSolution?.({ kind: 'placement', squares });
        },
      };
    },
  };
  return { elsewhere, seen };
}

describe('cover-search minimum on two threads: climbing from the lower bound, sets from a helper', async () => {
  const bezzel = await bezzelWith(queen, knight, classic, coverSearch);
  const oracle = JSON.parse(readFileSync(new URL('../../../test/oracles/domination.json', import.meta.url), 'utf8')) as Record<string, { n: number; gamma: number; slow?: boolean }[]>;
  const task = (piece: string, n: number, variant?: 'total' | 'independent'): Task => ({
    problem: { kind: 'dominate', board: { width: n, height: n }, piece, ...(variant ? { variant } : {}) },
    goal: 'minimum',
    strategy: 'cover-search',
  });
  const gammaOf = (result: Result) => (result.status === 'solved' ? result.minimum?.value : undefined);

  it('with a helper that finds nothing, the climb alone proves every γ of the tables (knights to 11, queens to 9, kings to 10…)', async () => {
    const rows: [string, string, number, ('total' | 'independent')?][] = [];
    const upTo: Record<string, [string, number, ('total' | 'independent')?]> = {
      knight: ['knight', 11],
      knightTotal: ['knight', 9, 'total'],
      queen: ['queen', 9],
      queenIndependent: ['queen', 8, 'independent'],
      queenTotal: ['queen', 8, 'total'],
      king: ['king', 10],
      bishop: ['bishop', 8],
      rook: ['rook', 8],
    };
    for (const [table, [piece, max, variant]] of Object.entries(upTo)) for (const row of oracle[table]!) if (row.n <= max && row.n >= 2) rows.push([table, piece, row.n, variant]);
    expect(rows.length).toBeGreaterThan(50);
    for (const [table, piece, n, variant] of rows) {
      const { elsewhere, seen } = scriptedHelper([], Infinity);
      const result = await bezzel.solve(task(piece, n, variant), { elsewhere });
      const gamma = oracle[table]!.find((row) => row.n === n)!.gamma;
      expect({ table, n, gamma: gammaOf(result) }).toEqual({ table, n, gamma });
      if (result.status === 'solved') expectValidSolution(bezzel, task(piece, n, variant), result.solutions[0]!);
      // A helper started (after the first 256 nodes) is stopped with the answer.
      if (seen.task) expect({ table, n, stopped: seen.stopped }).toEqual({ table, n, stopped: true });
    }
  });

  // Knights 12×12 without a1: no symmetry, so no symmetric set shortens the climb, which alone proves the sizes
  // below the minimum impossible and then needs hundreds of nodes more to find a set of the minimum.
  const cut: Task = { problem: { kind: 'dominate', board: { width: 12, height: 12, removed: [0] }, piece: 'knight' }, goal: 'minimum', strategy: 'cover-search' };
  let answer: Promise<{ gamma: number; set: number[] }> | undefined;
  const oneThread = () =>
    (answer ??= bezzel.solve({ ...cut, options: { threads: 1 } }).then((result) => {
      if (result.status !== 'solved' || result.solutions[0]!.kind !== 'placement') throw new Error(`no minimum: ${result.status}`);
      return { gamma: result.minimum!.value, set: [...result.solutions[0]!.squares] };
    }));

  it("ends at the helper's set once every smaller size is proven, without searching for a set itself", async () => {
    const { gamma, set } = await oneThread();
    const alone = await bezzel.solve(cut, { elsewhere: scriptedHelper([], Infinity).elsewhere });
    const { elsewhere, seen } = scriptedHelper([set], 1);
    const helped = await bezzel.solve(cut, { elsewhere });
    expect([gammaOf(alone), gammaOf(helped)]).toEqual([gamma, gamma]);
    expect(helped.status === 'solved' && helped.minimum?.proof).toBe('exhausted');
    expect(helped.stats.nodes).toBeLessThan(alone.stats.nodes - 200);
    // The helper was asked for the same problem's minimum, as a helper, and stopped at the end.
    expect(seen.task?.goal).toBe('minimum');
    expect(seen.task?.options?.['helper']).toBeDefined();
    expect(seen.stopped).toBe(true);
  });

  it("a helper's set one piece too many does not end the climb: it finds a set of the minimum itself", async () => {
    const { gamma, set } = await oneThread();
    const extra = [...set, [...Array(144).keys()].find((s) => s > 0 && !set.includes(s))!].sort((a, b) => a - b);
    const result = await bezzel.solve(cut, { elsewhere: scriptedHelper([extra], 1).elsewhere });
    expect(gammaOf(result)).toBe(gamma);
    if (result.status === 'solved') expect(result.solutions[0]!.kind === 'placement' && result.solutions[0]!.squares.length).toBe(gamma);
  });

  it('-o threads=1, and a watcher of the steps, keep the search in one thread: no helper is started', async () => {
    const { elsewhere, seen } = scriptedHelper([], Infinity);
    await bezzel.solve({ ...task('knight', 12), options: { threads: 1 } }, { elsewhere });
    await bezzel.solve(task('knight', 12), { elsewhere, onTrace: () => {} });
    expect(seen.task).toBeUndefined();
  });
});
