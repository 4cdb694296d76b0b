import { createBezzel, type Bezzel, type Result, type Task, type TraceEvent, type Trajectory } from '@bezzel/core';
import antColony from '@bezzel/ant-colony';
import backtracking from '@bezzel/backtracking';
import beam from '@bezzel/beam';
import genetic from '@bezzel/genetic';
import geneticQueens from '@bezzel/genetic-queens';
import hillClimbing from '@bezzel/hill-climbing';
import knight from '@bezzel/knight';
import columns from '@bezzel/columns';
import minConflicts from '@bezzel/min-conflicts';
import queen from '@bezzel/queen';
import simulatedAnnealing from '@bezzel/simulated-annealing';
import tabu from '@bezzel/tabu';
import { beforeAll, describe, expect, it } from 'vitest';
import { queens } from './support/column-search.js';
// The local searches are not dependencies of the test package: they come from their sources.

/**
 * The quality trajectories local searches record when a task asks (`trajectory: true`): only improvements, steps
 * rising and quality falling, never past the run's own steps, ending at 0 exactly when the run solved; and for the
 * column searches the very running minimum of the h their trace reports step by step.
 */
let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, knight, backtracking, columns, minConflicts, hillClimbing, simulatedAnnealing, tabu, beam, geneticQueens, genetic, antColony] });
});

function expectWellFormed(result: Result): Trajectory {
  const trajectory = result.stats.trajectory!;
  expect(trajectory, `${result.strategy} recorded a trajectory`).toBeDefined();
  const { steps, quality } = trajectory;
  expect(steps.length).toBe(quality.length);
  expect(steps.length).toBeGreaterThan(0);
  for (let i = 1; i < steps.length; i++) {
    expect(steps[i]!).toBeGreaterThan(steps[i - 1]!);
    expect(quality[i]!).toBeLessThan(quality[i - 1]!);
  }
  expect(steps[steps.length - 1]!).toBeLessThanOrEqual(result.stats.nodes);
  expect(quality[quality.length - 1] === 0).toBe(result.status === 'solved');
  return trajectory;
}

/** The improvements of the h a column search's trace reports, in order: what its trajectory must be. */
function runningMinimum(events: readonly TraceEvent[]): Trajectory {
  const steps: number[] = [];
  const quality: number[] = [];
  for (const e of events) {
    if (e.type !== 'local' || e.h === undefined || (quality.length > 0 && e.h >= quality[quality.length - 1]!)) continue;
    if (steps.length > 0 && steps[steps.length - 1] === e.step) quality[quality.length - 1] = e.h;
    else {
      steps.push(e.step);
      quality.push(e.h);
    }
  }
  return { steps, quality };
}

describe('quality trajectories', () => {
  // Budgets short enough that some runs end unsolved, long enough that some solve.
  const columnSearches: [string, Record<string, number | string>, number][] = [
    ['min-conflicts', { restartAfter: 20 }, 400],
    ['hill-climbing', { restarts: 3 }, 400],
    ['simulated-annealing', {}, 20_000],
    ['tabu', {}, 400],
    ['beam', {}, 400],
  ];
  for (const [strategy, options, maxSteps] of columnSearches) {
    it(`${strategy}: the running minimum of the h its trace reports`, async () => {
      let solved = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const events: TraceEvent[] = [];
        const task: Task = { ...queens(strategy, 10, seed, options), budget: { maxSteps }, trajectory: true };
        const result = await bezzel.solve(task, { onTrace: (e) => events.push(e) });
        const trajectory = expectWellFormed(result);
        expect(trajectory).toEqual(runningMinimum(events));
        if (result.status === 'solved') solved++;
      }
      expect(solved).toBeGreaterThan(0);
    });
  }

  it('genetic-queens: attacking pairs of the best individual so far, a generation a step', async () => {
    for (let seed = 1; seed <= 6; seed++) {
      const result = await bezzel.solve({ ...queens('genetic-queens', 8, seed), budget: { maxSteps: 60 }, trajectory: true });
      const { quality } = expectWellFormed(result);
      if (result.status === 'budget') expect(quality[quality.length - 1]).toBe(result.partial?.score);
    }
  });

  it('the tour GA and the ant colony: squares not visited by the best walk so far', async () => {
    for (const [strategy, options] of [['genetic', { generations: 40 }], ['ant-colony', { iterations: 8 }]] as const) {
      for (let seed = 1; seed <= 4; seed++) {
        const task: Task = { problem: { kind: 'tour', board: { width: 6, height: 6 }, piece: 'knight', start: 0 }, goal: 'one', strategy, seed, options, trajectory: true };
        const result = await bezzel.solve(task);
        const { quality } = expectWellFormed(result);
        if (result.status === 'budget') expect(quality[quality.length - 1]).toBe(36 - result.partial!.score!);
      }
    }
  });

  it('records nothing unless asked, and nothing for a strategy that declares no quality', async () => {
    expect((await bezzel.solve(queens('min-conflicts', 8, 1))).stats.trajectory).toBeUndefined();
    expect((await bezzel.solve({ ...queens('backtracking', 8, 1), trajectory: true })).stats.trajectory).toBeUndefined();
  });
});
