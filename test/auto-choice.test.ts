import { createCliBezzel } from '@bezzel/cli';
import type { Bezzel, Goal, Problem, Task } from '@bezzel/core';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 14, "auto by measurement": on a fixed list of cases, the strategy `auto` picks answers within 3× of the
 * fastest supporting strategy. Each case is one where the pick is clearly best or where the others are close (the
 * whole grid, with every estimate beside its measurement, is bench/sections/85-auto.ts). The pick is timed first;
 * every other strategy then runs under a budget of 3× that time, so a slow one is cut short (and is then slower than
 * the assertion allows, which is all it needs to know) and the test stays short.
 *
 * Timing on a shared machine only ever errs slow, so each short run is repeated and its fastest kept; runs below a
 * couple of milliseconds are within timer noise and the first run's compiling, hence SLACK_MS.
 */
let bezzel: Bezzel;
beforeAll(async () => {
  ({ bezzel } = await createCliBezzel());
});

const FACTOR = 3;
const SLACK_MS = 2;
/** Budgets below this are not kept to the millisecond (the clock is read every few thousand nodes). */
const MIN_BUDGET_MS = 20;
const REPEATS = 3;
const REPEAT_BELOW_MS = 500;

const place = (piece: string, n: number, goal: Goal, k?: number): Problem => ({
  kind: 'placement',
  board: { width: n, height: n },
  piece,
  ...(k === undefined ? {} : { k }),
});
const tour = (piece: string, n: number, closed = false): Problem => ({ kind: 'tour', board: { width: n, height: n }, piece, closed });

const CASES: readonly (readonly [string, Problem, Goal])[] = [
  ['4 zebras on 8×8, count', place('zebra', 8, 'count', 4), 'count'],
  ['4 camels on 8×8, count', place('camel', 8, 'count', 4), 'count'],
  ['12 queens, count', place('queen', 12, 'count'), 'count'],
  ['10 queens, count-fundamental', place('queen', 10, 'count-fundamental'), 'count-fundamental'],
  ['6 queens on 8×8, count', place('queen', 8, 'count', 6), 'count'],
  ['8 rooks, count', place('rook', 8, 'count'), 'count'],
  ['8 knights on 6×6, count', place('knight', 6, 'count', 8), 'count'],
  ['8 kings on 8×8, count', place('king', 8, 'count', 8), 'count'],
  ['knights on 8×8, maximum', place('knight', 8, 'maximum'), 'maximum'],
  ['kings on 12×12, maximum', place('king', 12, 'maximum'), 'maximum'],
  ['200 queens, one', place('queen', 200, 'one'), 'one'],
  ['20 knights on 8×8, one', place('knight', 8, 'one', 20), 'one'],
  ["knight's tour 300×300", tour('knight', 300), 'one'],
  ["closed knight's tour 6×6", tour('knight', 6, true), 'one'],
  ["king's tour 6×6", tour('king', 6), 'one'],
  ["zebra's tour 10×10", tour('zebra', 10), 'one'],
];

interface Run {
  readonly ms: number;
  /** A solution, a count or a proof: not a stop (stuck, out of time). */
  readonly answered: boolean;
}

async function timeRun(task: Task, budgetMs?: number): Promise<Run> {
  let best: Run | undefined;
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    const result = await bezzel.solve({ ...task, seed: 1, ...(budgetMs === undefined ? {} : { budget: { maxTimeMs: budgetMs } }) });
    const run = { ms: performance.now() - started, answered: result.status !== 'budget' && result.status !== 'aborted' };
    if (!best || run.ms < best.ms) best = run;
    if (!run.answered || run.ms > REPEAT_BELOW_MS) break;
  }
  return best!;
}

describe("auto's pick is within 3× of the fastest strategy", () => {
  it.each(CASES)('%s', async (_label, problem, goal) => {
    const task: Task = { problem, goal };
    const instance = bezzel.instantiate(task);
    if (!instance.ok) throw instance.error;
    const pick = bezzel.choose(instance.value);
    if (!pick.ok) throw pick.error;
    const picked = await timeRun({ ...task, strategy: pick.value.meta.id });
    expect(picked.answered, `${pick.value.meta.id} answered`).toBe(true);

    const budget = Math.max(MIN_BUDGET_MS, FACTOR * picked.ms);
    const others: string[] = [];
    let fastest = Number.POSITIVE_INFINITY;
    for (const { strategy, support } of bezzel.support(instance.value)) {
      if (!support.ok || strategy === pick.value) continue;
      const run = await timeRun({ ...task, strategy: strategy.meta.id }, budget);
      others.push(`${strategy.meta.id} ${run.answered ? `${run.ms.toFixed(1)} ms` : `no answer in ${run.ms.toFixed(0)} ms`}`);
      if (run.answered) fastest = Math.min(fastest, run.ms);
    }
    const why = `${pick.value.meta.id} took ${picked.ms.toFixed(1)} ms; ${others.join(', ') || 'no other strategy'}`;
    if (process.env.BEZZEL_AUTO_LOG) console.log(`${_label}: ${why}`);
    expect(picked.ms, why).toBeLessThanOrEqual(FACTOR * fastest + SLACK_MS);
  });
});
