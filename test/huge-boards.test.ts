import { createCliBezzel } from '@bezzel/cli';
import { UsageError, type Bezzel, type Goal, type Problem, type Task } from '@bezzel/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bezzelProcess } from './support/cli.js';

/**
 * Issue 14, "resources bounded up front": on boards far too large for a strategy's tables, every strategy answers
 * `supports()` at once, without allocating the board, and either refuses in one line (with its estimate) or
 * accepts; runs estimated to be short are made, with a tight budget. Nothing may throw anything but a user's error
 * (a RangeError, an allocation failure or V8's fatal "invalid size" would end the test or its worker).
 */
let bezzel: Bezzel;
beforeAll(async () => {
  ({ bezzel } = await createCliBezzel());
});

const BOARDS = [
  { width: 10_000, height: 10_000 },
  { width: 20_000, height: 20_000 },
  { width: 100_000, height: 100_000 },
  { width: 8, height: 100_000_000 },
  { width: 32, height: 10_000_000 },
  { width: 100_000_000, height: 3 },
  { width: 3_000, height: 3_000, removed: [0, 4_500_000] },
] as const;
const PIECES = ['queen', 'knight', 'king', 'rook', 'bishop', 'zebra', 'nightrider', 'amazon'];
const PLACEMENTS: readonly (readonly [Goal, number | undefined])[] = [
  ['one', 5],
  ['one', undefined],
  ['one', 60_000_000],
  ['count', 5],
  ['count-fundamental', 5],
  ['all', 5],
  ['maximum', undefined],
];
const TOURS: readonly (readonly [Goal, boolean])[] = [
  ['one', false],
  ['one', true],
  ['count', false],
];
/** Runs estimated below this are made (with the budget below); longer ones are asked `supports()` only. */
const RUN_BELOW_MS = 100;
const BUDGET_MS = 300;

function* tasks(): Generator<Task> {
  for (const board of BOARDS) {
    for (const piece of PIECES) {
      for (const [goal, k] of PLACEMENTS) {
        yield { problem: { kind: 'placement', board, piece, ...(k === undefined ? {} : { k }) } as Problem, goal };
      }
      if (!['knight', 'king', 'zebra'].includes(piece)) continue;
      for (const [goal, closed] of TOURS) yield { problem: { kind: 'tour', board, piece, closed }, goal };
    }
  }
}

const label = (task: Task) => `${task.problem.kind} ${task.problem.piece} on ${task.problem.board.width}×${task.problem.board.height}, ${task.goal}${'k' in task.problem && task.problem.k !== undefined ? ` k=${task.problem.k}` : ''}`;

/** One line, saying something. */
const oneLine = (text: string) => text.length > 0 && !text.includes('\n');

describe('huge boards: every strategy answers at once, and refuses what would not fit in one line', () => {
  it('sweeps boards × pieces × goals × strategies: a result or a one-line refusal, never a crash', async () => {
    let refused = 0;
    let ran = 0;
    let slowest = { ms: 0, what: '' };
    for (const task of tasks()) {
      const instance = bezzel.instantiate(task);
      if (!instance.ok) {
        expect(oneLine(instance.error.message), label(task)).toBe(true);
        continue;
      }
      const started = performance.now();
      const answers = bezzel.support(instance.value);
      const ms = performance.now() - started;
      if (ms > slowest.ms) slowest = { ms, what: label(task) };
      for (const { strategy, support } of answers) {
        if (!support.ok) {
          expect(oneLine(support.reason), `${strategy.meta.id} on ${label(task)}`).toBe(true);
          refused++;
          continue;
        }
        expect(support.cost, `${strategy.meta.id} on ${label(task)}`).toBeGreaterThanOrEqual(0);
        if (support.cost >= RUN_BELOW_MS) continue;
        const result = await bezzel.solve({ ...task, strategy: strategy.meta.id, seed: 1, budget: { maxTimeMs: BUDGET_MS } });
        expect(['solved', 'complete', 'impossible', 'budget'], `${strategy.meta.id} on ${label(task)}`).toContain(result.status);
        ran++;
      }
    }
    // All strategies together answer in milliseconds (the slowest estimates probe a search tree or count row states).
    expect(slowest.ms, slowest.what).toBeLessThan(500);
    expect(refused).toBeGreaterThan(1000);
    expect(ran).toBeGreaterThan(50);
  });

  it('auto answers or names why no strategy can, in one line', async () => {
    for (const task of tasks()) {
      try {
        const instance = bezzel.instantiate(task);
        if (!instance.ok) throw instance.error;
        const chosen = bezzel.choose(instance.value);
        if (!chosen.ok) throw chosen.error;
        const cost = bezzel.support(instance.value).find((s) => s.strategy === chosen.value)!.support;
        if (!cost.ok || cost.cost >= RUN_BELOW_MS) continue;
        const result = await bezzel.solve({ ...task, seed: 1, budget: { maxTimeMs: BUDGET_MS } });
        expect(['solved', 'complete', 'impossible', 'budget'], label(task)).toContain(result.status);
      } catch (error) {
        expect(error, label(task)).toBeInstanceOf(UsageError);
        expect(oneLine((error as Error).message), label(task)).toBe(true);
      }
    }
  });

  it('refuses the answers too large to hold, with their size', () => {
    const reason = (task: Task, id: string) => {
      const instance = bezzel.instantiate(task);
      if (!instance.ok) throw instance.error;
      const support = bezzel.strategy(id)!.supports(instance.value);
      return support.ok ? 'accepted' : support.reason;
    };
    const knights = (n: number, goal: Goal, k?: number): Task => ({ problem: { kind: 'placement', board: { width: n, height: n }, piece: 'knight', ...(k === undefined ? {} : { k }) }, goal });
    expect(reason(knights(20_000, 'maximum'), 'formula')).toMatch(/largest placement of knights on 20000×20000 would be an answer of 200,000,000 squares/);
    expect(reason(knights(100_000, 'maximum'), 'formula')).toMatch(/5,000,000,000 squares/);
    expect(reason(knights(10_000, 'maximum'), 'formula')).toBe('accepted');
    expect(reason(knights(20_000, 'one', 60_000_000), 'formula')).toMatch(/60000000 knights on 20000×20000 would be an answer of 60,000,000 squares/);
    expect(reason(knights(20_000, 'count', 5), 'backtracking')).toMatch(/conflict table on 20000×20000 would need about 3\d{3} million entries/);
    const tour = (n: number, piece: string): Task => ({ problem: { kind: 'tour', board: { width: n, height: n }, piece }, goal: 'one' });
    expect(reason(tour(20_000, 'zebra'), 'warnsdorff')).toMatch(/would need about 2\.\d+ GiB, more than the 1 GiB a run may use/);
    expect(reason(tour(20_000, 'knight'), 'divide-conquer')).toMatch(/would need about 2\.\d+ GiB/);
  });
});

describe('the issue\'s commands, as a user runs them', () => {
  it('places 5 knights on 20000×20000 at once, and refuses their largest placement in one line', async () => {
    const five = await bezzelProcess('place', 'knight', '-n', '20000', '-k', '5', '-q');
    expect(five.stderr).toBe('');
    expect(five.stdout).toMatch(/^Found a solution: 5 knights on 20000×20000/);
    const maximum = await bezzelProcess('place', 'knight', '-n', '20000', '--goal', 'maximum', '-q');
    expect(maximum.code).toBe(2);
    expect(maximum.stderr.trim().split('\n')).toHaveLength(1);
    expect(maximum.stderr).toMatch(/200,000,000 squares/);
  });
});
