import classic from '@bezzel/classic';
import type { Elsewhere, ElsewhereWatch, Result, Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bezzelWith, expectValidSolution } from '../../../test/support/solve.js';
import { sweptProgress } from './helper.js';
import { reached } from './climb.js';
import coverSearch from './index.js';
import { engineOf, setUp, type DominateInstance } from './setup.js';

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

  it('stops a size where it meets a helper that searched the same tree from the back, and finds the same minimum', async () => {
    // Knights 11×11: γ = 21, the proof that 20 fail is the climb's longest search. A helper sweeps 20 from the back
    // for a while (a node budget), says how far it came, and hands over a set of 21.
    const instance = bezzel.instantiate(task('knight', 11));
    if (!instance.ok) throw instance.error;
    const setup = setUp(instance.value as DominateInstance);
    const minimum = await bezzel.solve({ ...task('knight', 11), options: { threads: 1 } });
    const set = minimum.status === 'solved' && minimum.solutions[0]!.kind === 'placement' ? [...minimum.solutions[0]!.squares] : [];
    // The same set handed over at once, no sweep: what the climb searches without the meeting.
    const setOnly = await bezzel.solve(task('knight', 11), { elsewhere: scriptedHelper([set], 1).elsewhere });
    for (const budget of [50, 200, Infinity]) {
      let last: number[] | undefined;
      const back = engineOf(setup, { symmetric: true, fromTheBack: 3, onSwept: (path) => (last = [...path]), stop: (n) => n >= budget });
      back.search('find', 20);
      expect(back.found).toBeUndefined();
      const path = back.stopped ? last : [];
      if (!path) continue;
      const elsewhere: Elsewhere = {
        parallel: true,
        solve: (_task, watch = {}) => ({
          result: new Promise<Result>(() => {}),
          stop: () => {},
          poll: () => {
            watch.onProgress?.(sweptProgress(setup, 20, path, 1));
            watch.onSolution?.({ kind: 'placement', squares: set });
          },
        }),
      };
      const helped = await bezzel.solve(task('knight', 11), { elsewhere });
      expect({ budget, gamma: gammaOf(helped) }).toEqual({ budget, gamma: 21 });
      // The climb reads the helper every 256 nodes: a sweep of the last 50 may end no sooner than its own search.
      if (budget === 50) expect(helped.stats.nodes).toBeLessThanOrEqual(setOnly.stats.nodes);
      else expect(helped.stats.nodes, `budget ${budget}`).toBeLessThan(setOnly.stats.nodes);
    }
  });

  it('does not take a sweep of the minimum that found nothing yet for a proof: the climb still finds its set', async () => {
    // Knights 12×12 without a1, k = γ: a helper that swept the last few subtrees without a set says so; the climb
    // (whose own search for a set of γ is long enough to read the helper) must not stop short of its own region.
    const { gamma } = await oneThread();
    const instance = bezzel.instantiate(cut);
    if (!instance.ok) throw instance.error;
    const setup = setUp(instance.value as DominateInstance);
    let last: number[] | undefined;
    const back = engineOf(setup, { symmetric: true, fromTheBack: 3, onSwept: (path) => (last = [...path]), stop: (n) => n >= 8 });
    back.search('find', gamma);
    expect(back.found).toBeUndefined();
    expect(last).toBeDefined();
    let polls = 0;
    const elsewhere: Elsewhere = {
      parallel: true,
      solve: (_task, watch = {}) => ({ result: new Promise<Result>(() => {}), stop: () => {}, poll: () => (polls++, watch.onProgress?.(sweptProgress(setup, gamma, last!, 1))) }),
    };
    expect(gammaOf(await bezzel.solve(cut, { elsewhere }))).toBe(gamma);
    expect(polls).toBeGreaterThan(3);
  });

  it('knows where a search from the front meets one from the back', () => {
    // The front stands at `here`, everything before it searched; the back has searched everything from `swept` on.
    expect(reached([2, 1], [2, 1])).toBe(true);
    expect(reached([2, 1, 4], [2, 1])).toBe(true);
    expect(reached([3], [2, 1])).toBe(true);
    expect(reached([2, 2, 0], [2, 1, 5])).toBe(true);
    expect(reached([2], [2, 1])).toBe(false);
    expect(reached([2, 0, 9], [2, 1])).toBe(false);
    expect(reached([1, 7], [2])).toBe(false);
    expect(reached([], [])).toBe(true);
    expect(reached([0, 0], [])).toBe(true);
  });

  it('-o threads=1, and a watcher of the steps, keep the search in one thread: no helper is started', async () => {
    const { elsewhere, seen } = scriptedHelper([], Infinity);
    await bezzel.solve({ ...task('knight', 12), options: { threads: 1 } }, { elsewhere });
    await bezzel.solve(task('knight', 12), { elsewhere, onTrace: () => {} });
    expect(seen.task).toBeUndefined();
  });
});
