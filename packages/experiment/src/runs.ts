import type { OptionValue, Result, Trajectory } from '@bezzel/core';
import type { Cell } from './plan.js';

/** One run, as it goes into the JSON results: enough to rebuild every figure of the table. */
export interface RunRecord {
  readonly strategy: string;
  /** The swept options' values of its cell, when there are any. */
  readonly params?: Readonly<Record<string, OptionValue>>;
  readonly n: number;
  readonly seed: number;
  /** The result's status; for `budget`, also what ran out: `budget:steps`, `budget:time`, `budget:stuck`. */
  readonly status: string;
  /** Answered: a solution, a count, or a proof that there is none. */
  readonly solved: boolean;
  /** Steps in the strategy's own unit (repairs, search nodes, squares walked, greedy sets): its meta's `stepUnit`. */
  readonly steps: number;
  readonly restarts: number;
  readonly timeMs: number;
  /** What was found, where the goal asks for a number: a minimum, a maximum, a dominating set's size, a count. */
  readonly answer?: string;
  /** How a minimum (or an impossibility) is proven, when it is. */
  readonly proof?: string;
  /**
   * Every other statistic the run reported: its stats' backtracks, generations, moves and workers, and each entry
   * of `stats.extra` (a genetic algorithm's generations, min-conflicts' final conflicts h, random's attempts…).
   */
  readonly extra?: Readonly<Record<string, number | string>>;
  /** The best quality so far at each improvement, where the strategy reports one (see the core's `Trajectory`). */
  readonly trajectory?: Trajectory;
}

/** The record of one finished run of a cell. */
export function recordOf(cell: Cell, seed: number, result: Result): RunRecord {
  const status = result.status === 'budget' ? `budget:${result.exhausted}` : result.status;
  const answer = answerOf(result);
  const proof = result.status === 'impossible' ? result.proof : result.status === 'solved' || result.status === 'complete' ? result.minimum?.proof : undefined;
  return {
    strategy: cell.strategy,
    ...(Object.keys(cell.params).length > 0 ? { params: cell.params } : {}),
    n: cell.n,
    seed,
    status,
    solved: result.status === 'solved' || result.status === 'complete' || result.status === 'impossible',
    steps: result.stats.nodes,
    restarts: result.stats.restarts ?? 0,
    timeMs: result.stats.timeMs,
    ...(answer !== undefined ? { answer } : {}),
    ...(proof !== undefined ? { proof } : {}),
    ...extraOf(result),
    ...(result.stats.trajectory ? { trajectory: result.stats.trajectory } : {}),
  };
}

/** The stats beside nodes, restarts and time, flat: the named counters first, then the strategy's own extras. */
function extraOf(result: Result): { extra?: Record<string, number | string> } {
  const { backtracks, generations, moves, workers, extra } = result.stats;
  const named = { backtracks, generations, moves, workers };
  const all: Record<string, number | string> = {};
  for (const [key, value] of Object.entries(named)) if (typeof value === 'number') all[key] = value;
  for (const [key, value] of Object.entries(extra ?? {})) if (typeof value === 'number' || typeof value === 'string') all[key] = value;
  return Object.keys(all).length > 0 ? { extra: all } : {};
}

/**
 * The number a goal asks for. A placement or a tour of goal `one` has none (its solution is the answer, and
 * differs from seed to seed); the value found is what a comparison of domination strategies is about.
 */
function answerOf(result: Result): string | undefined {
  const goal = result.task.goal;
  switch (result.status) {
    case 'impossible':
      return 'none';
    case 'solved': {
      const value = result.minimum?.value ?? result.maximum;
      if (value !== undefined) return String(value);
      const first = result.solutions[0];
      return result.task.problem.kind === 'dominate' && goal === 'one' && first?.kind === 'placement' ? String(first.squares.length) : undefined;
    }
    case 'complete': {
      const size = result.minimum?.value ?? result.maximum;
      const counts = result.fundamental !== undefined ? `${result.count} (${result.fundamental} fundamental)` : String(result.count);
      return size !== undefined ? `${size}: ${counts}` : counts;
    }
    default:
      return undefined;
  }
}
