import type { Goal, OptionValue } from '@bezzel/core';
import { bootstrapMedianInterval } from './bootstrap.js';
import type { Cell } from './plan.js';
import type { RunRecord } from './runs.js';
import { median } from './summary.js';
import { wilsonInterval, type Interval } from './wilson.js';

/** A median with its 95% bootstrap interval. Infinity: not reached (more than half the runs did not solve). */
export interface MedianEstimate extends Interval {
  readonly median: number;
}

/**
 * The figures of one cell (strategy, swept values, size). Everything but `timeMs` is the same on every machine
 * for the same spec, as long as no run is stopped by its time budget on one machine and not on another.
 */
export interface CellRow {
  readonly strategy: string;
  readonly params: Readonly<Record<string, OptionValue>>;
  readonly label: string;
  readonly n: number;
  readonly goal: Goal;
  readonly runs: number;
  readonly solved: number;
  readonly successRate: number;
  /** Wilson's 95% score interval of the success rate. */
  readonly success: Interval;
  /** Median steps to solve, a run that did not solve counting as never solving (censored, Infinity). */
  readonly steps: MedianEstimate;
  /** Median time to solve, censored the same way, and the longest run. */
  readonly timeMs: MedianEstimate & { readonly max: number };
  readonly restartsMean: number;
  /** The distinct answers of the solved runs (a minimum, a set size, a count), smallest first. */
  readonly answers: readonly string[];
  /** Runs whose answer came with a proof (a minimum proven, or an impossibility). */
  readonly proven: number;
  /** How the runs that did not solve ended: status → runs. */
  readonly unsolved: Readonly<Record<string, number>>;
}

/** Sums up a cell's runs. */
export function rowOf(cell: Cell, runs: readonly RunRecord[]): CellRow {
  const solved = runs.filter((r) => r.solved);
  const unsolved: Record<string, number> = {};
  for (const r of runs) if (!r.solved) unsolved[r.status] = (unsolved[r.status] ?? 0) + 1;
  const censored = (value: (r: RunRecord) => number) => runs.map((r) => (r.solved ? value(r) : Number.POSITIVE_INFINITY));
  const estimate = (values: number[]): MedianEstimate => ({ median: median(values), ...bootstrapMedianInterval(values) });
  const answers = [...new Set(solved.flatMap((r) => (r.answer !== undefined ? [r.answer] : [])))].sort(byNumber);
  return {
    strategy: cell.strategy,
    params: cell.params,
    label: cell.label,
    n: cell.n,
    goal: cell.goal,
    runs: runs.length,
    solved: solved.length,
    successRate: solved.length / runs.length,
    success: wilsonInterval(solved.length, runs.length),
    steps: estimate(censored((r) => r.steps)),
    timeMs: { ...estimate(censored((r) => r.timeMs)), max: Math.max(...runs.map((r) => r.timeMs)) },
    restartsMean: runs.reduce((sum, r) => sum + r.restarts, 0) / runs.length,
    answers,
    proven: runs.filter((r) => r.solved && r.proof !== undefined).length,
    unsolved,
  };
}

/** Answers in numeric order where they start with a number (`5`, `12: 4860`), else as text. */
function byNumber(a: string, b: string): number {
  return parseFloat(a) - parseFloat(b) || a.localeCompare(b);
}
