import { createBezzel, type Task } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { durationWords, enumerationOf, listingReach, MAX_LISTED_SETS } from './enumeration.js';
import { pagePlugins } from '../shared/plugins.js';
import { KEPT_SOLUTIONS } from '../run/protocol.js';

const bezzel = await createBezzel({ plugins: pagePlugins });
const strategy = (id: string) => bezzel.strategy(id)!;
const queens = (goal: Task['goal'], extra: { k?: number; variant?: 'total' } = {}, strategyId = 'cover-search'): Task => ({
  problem: { kind: 'dominate', board: { width: 6, height: 6 }, piece: 'queen', ...extra },
  goal,
  strategy: strategyId,
});

describe('enumerationOf: what "List every solution" runs', () => {
  it('lists domination\'s minimum sets at the proven minimum (4 queens total-dominate 6×6, in 960 sets), with the variant kept', async () => {
    const task = queens('count-minimum', { variant: 'total' });
    const result = await bezzel.solve(task);
    const plan = enumerationOf(task, result, strategy('cover-search'));
    expect(plan).toEqual({ ok: true, task: { ...task, problem: { ...task.problem, k: 4 }, goal: 'all', options: {} }, keep: MAX_LISTED_SETS, noun: 'minimum sets' });
    // Listed, they are as many as the run counted.
    if (!plan.ok || result.status !== 'complete') throw new Error('expected a plan and a count');
    let listed = 0;
    await bezzel.solve(plan.task, { onSolution: () => listed++ });
    expect(result.count).toBe(960n);
    expect(listed).toBe(960);
  });

  it('lists the sets of the size asked for, by a strategy that lists when the run\'s does not', async () => {
    const task = queens('one', { k: 4 }, 'greedy-cover');
    const plan = enumerationOf(task, await bezzel.solve(task), strategy('greedy-cover'));
    expect(plan.ok && plan.task).toMatchObject({ goal: 'all', strategy: 'auto', problem: { k: 4 } });
    expect(plan.ok && plan.noun).toBe('sets of 4');
  });

  it('has nothing to list when no fewest was proven and no size given', async () => {
    const task = queens('one', {}, 'greedy-cover');
    const plan = enumerationOf(task, await bezzel.solve(task), strategy('greedy-cover'));
    expect(plan).toEqual({ ok: false, message: expect.stringMatching(/^This run proved no fewest number of pieces/) });
  });

  it('lists a placement maximum\'s ways as placements of that many pieces', async () => {
    const task: Task = { problem: { kind: 'placement', board: { width: 4, height: 4 }, piece: 'knight' }, goal: 'maximum', strategy: 'transfer-matrix' };
    const plan = enumerationOf(task, await bezzel.solve(task), strategy('transfer-matrix'));
    expect(plan).toMatchObject({ ok: true, keep: KEPT_SOLUTIONS, noun: 'solutions', task: { goal: 'all', problem: { k: 8 } } });
  });
});

describe('listingReach: when "List every solution" is out of reach', () => {
  const placement = (n: number): Task => ({ problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' }, goal: 'one', strategy: 'backtracking' });
  const reach = (n: number) => listingReach(bezzel, enumerationOf(placement(n), undefined, strategy('backtracking')));
  it('offers 8 and 12 queens, and refuses 1000 queens (issue 26: it stayed enabled and failed with a paragraph) with the estimate', () => {
    expect(reach(8)).toBeUndefined();
    expect(reach(12)).toBeUndefined();
    expect(reach(1000)).toMatch(/^Listing every one of these solutions is out of reach: /);
    expect(durationWords(4 * 60_000)).toBe('about 4 minutes');
  });
});
