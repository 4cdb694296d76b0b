import classic from '@bezzel/classic';
import queen from '@bezzel/queen';
import type { Goal, Task } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf } from '../../../test/support/solve.js';
import bitboard, { bitboard as strategy } from './index.js';
import { fixturePieces } from './testing/pieces.js';

const bezzel = await bezzelWith(queen, classic, bitboard, fixturePieces);

/** Runs every sub-task as a task of its own (as a worker would) and adds up the weighted counts. */
async function splitAndSum(task: Task, parts: number) {
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const subTasks = strategy.split!(instance.value, parts)!;
  let count = 0n;
  let fundamental = 0n;
  for (const sub of subTasks) {
    // Sub-tasks are plain JSON: they survive a trip through a job queue.
    const copy = JSON.parse(JSON.stringify(sub)) as typeof sub;
    const result = await bezzel.solve(copy.task);
    count += BigInt(copy.weight) * countOf(result);
    if (result.status === 'complete' && result.fundamental !== undefined) fundamental += BigInt(copy.weight) * result.fundamental;
  }
  return { count, fundamental, parts: subTasks.length, weights: new Set(subTasks.map((s) => s.weight)) };
}

describe('split: weighted sub-task counts add up to the whole', () => {
  const cases: [string, number, number, number | undefined, Goal][] = [
    ['queen', 9, 9, undefined, 'count-fundamental'],
    ['queen', 10, 10, undefined, 'count'],
    ['queen', 8, 6, undefined, 'count-fundamental'],
    ['queen', 7, 7, 5, 'count'],
    ['rook', 6, 6, undefined, 'count'],
    ['rook', 6, 6, undefined, 'count-fundamental'],
    ['bishop', 6, 6, 6, 'count'],
    ['bishop', 5, 5, 4, 'count-fundamental'],
    ['amazon', 10, 10, undefined, 'count'],
    ['knight', 5, 6, 6, 'count'],
  ];
  it.each(cases)('%s on %i×%i, k=%s, %s', async (piece, width, height, k, goal) => {
    const task: Task = { problem: { kind: 'placement', board: { width, height }, piece, ...(k === undefined ? {} : { k }) }, goal, strategy: 'bitboard' };
    const whole = await bezzel.solve(task);
    const split = await splitAndSum(task, 16);
    expect(split.parts).toBeGreaterThanOrEqual(goal === 'count' && piece === 'queen' && k === undefined ? 16 : 2);
    expect(split.count).toBe(countOf(whole));
    if (goal === 'count-fundamental') expect(split.fundamental).toBe(whole.status === 'complete' ? whole.fundamental : -1n);
  });

  it('a mirror-halved count gives asymmetric first rows weight 2', async () => {
    const task: Task = { problem: { kind: 'placement', board: { width: 6, height: 6 }, piece: 'rook' }, goal: 'count', strategy: 'bitboard' };
    const split = await splitAndSum(task, 4);
    expect(split.count).toBe(720n);
    expect(split.weights).toEqual(new Set([2]));
  });

  it('a sub-task whose prefix is not a valid start counts nothing, and a malformed one is a usage error', async () => {
    const problem = { kind: 'placement' as const, board: { width: 8, height: 8 }, piece: 'queen' };
    const clash = await bezzel.solve({ problem, goal: 'count', strategy: 'bitboard', options: { prefix: '1/2' } });
    expect(countOf(clash)).toBe(0n);
    await expect(bezzel.solve({ problem, goal: 'count', strategy: 'bitboard', options: { prefix: '1/x' } })).rejects.toThrow(/not a column/);
    await expect(bezzel.solve({ problem, goal: 'count', strategy: 'bitboard', options: { prefix: '1' } })).rejects.toThrow(/at least 2 rows/);
  });

  it('splits 17 queens into enough parts for a pool quickly, each naming its pre-placed rows', () => {
    const task: Task = { problem: { kind: 'placement', board: { width: 17, height: 17 }, piece: 'queen' }, goal: 'count-fundamental' };
    const instance = bezzel.instantiate(task);
    if (!instance.ok) throw instance.error;
    const subTasks = strategy.split!(instance.value, 200)!;
    expect(subTasks.length).toBeGreaterThanOrEqual(200);
    expect(new Set(subTasks.map((s) => s.task.options?.prefix)).size).toBe(subTasks.length);
    expect(subTasks[0]!.task.options?.prefix).toMatch(/^\d+\/\d+\/\d+$/);
  });
});
