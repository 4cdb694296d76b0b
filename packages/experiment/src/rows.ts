import type { Goal, OptionValue } from '@bezzel/core';
import { bootstrapErtInterval, bootstrapMeanInterval, bootstrapMedianInterval } from './bootstrap.js';
import type { Cell } from './plan.js';
import type { RunRecord } from './runs.js';
import { distributionOf, expectedRunningTime, mean, type Distribution } from './statistics.js';
import { median } from './summary.js';
import { wilsonInterval, type Interval } from './wilson.js';

/** A median with its 95% bootstrap interval. Infinity: not reached (more than half the runs did not solve). */
export interface MedianEstimate extends Interval {
  readonly median: number;
}

/** A mean with its 95% bootstrap interval: NaN when no run solved. */
export interface MeanEstimate extends Interval {
  readonly mean: number;
}

/** An expected running time with its 95% bootstrap interval. Infinity: no run solved. */
export interface ErtEstimate extends Interval {
  readonly ert: number;
}

/** A string statistic's values and how many runs reported each. */
export interface Tally {
  readonly values: Readonly<Record<string, number>>;
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
  /** What its steps count (the strategy's `meta.stepUnit`; 'steps' when it does not say). */
  readonly stepUnit: string;
  /** Median steps to solve, a run that did not solve counting as never solving (censored, Infinity). */
  readonly steps: MedianEstimate;
  /** Mean steps of the solved runs, with a bootstrap interval over them. */
  readonly stepsMean: MeanEstimate;
  /** Expected running time in steps: all runs' steps over the solved runs (COCO's ERT), with a bootstrap interval. */
  readonly stepsErt: ErtEstimate;
  /** Median time to solve, censored the same way, and the longest run. */
  readonly timeMs: MedianEstimate & { readonly max: number };
  /** Mean time of the solved runs. */
  readonly timeMean: MeanEstimate;
  /** Expected running time in ms. */
  readonly timeErt: ErtEstimate;
  /** Each other statistic the runs reported (generations, attempts, h…): a number's distribution, a string's tally. */
  readonly extras: Readonly<Record<string, Distribution | Tally>>;
  /**
   * What the quality its runs record counts ('attacking pairs'), where the strategy reports one: the experiment's
   * `quality` views hold its fixed-target ECDFs and fixed-budget qualities.
   */
  readonly quality?: string;
  readonly restartsMean: number;
  /** The distinct answers of the solved runs (a minimum, a set size, a count), smallest first. */
  readonly answers: readonly string[];
  /** Runs whose answer came with a proof (a minimum proven, or an impossibility). */
  readonly proven: number;
  /** How the runs that did not solve ended: status → runs. */
  readonly unsolved: Readonly<Record<string, number>>;
  /**
   * What the runs that did not solve spent, on average: in moves where every one of them counts moves (a move made,
   * not the last step that found none to make, as AIMA counts a failure's steps), else in the row's steps.
   * Absent when every run solved.
   */
  readonly failures?: { readonly runs: number; readonly measure: string; readonly mean: number };
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
    stepUnit: cell.stepUnit,
    steps: estimate(censored((r) => r.steps)),
    stepsMean: meanOf(solved.map((r) => r.steps)),
    stepsErt: ertOf(runs.map((r) => ({ effort: r.steps, solved: r.solved }))),
    timeMs: { ...estimate(censored((r) => r.timeMs)), max: Math.max(...runs.map((r) => r.timeMs)) },
    timeMean: meanOf(solved.map((r) => r.timeMs)),
    timeErt: ertOf(runs.map((r) => ({ effort: r.timeMs, solved: r.solved }))),
    extras: extrasOf(runs),
    ...(cell.quality !== undefined ? { quality: cell.quality } : {}),
    restartsMean: runs.reduce((sum, r) => sum + r.restarts, 0) / runs.length,
    answers,
    proven: runs.filter((r) => r.solved && r.proof !== undefined).length,
    unsolved,
    ...failuresOf(runs, cell.stepUnit),
  };
}

/** The unsolved runs' mean effort, in moves where they all count moves. */
function failuresOf(runs: readonly RunRecord[], stepUnit: string): { failures?: CellRow['failures'] } {
  const failed = runs.filter((r) => !r.solved);
  if (failed.length === 0) return {};
  const moves = failed.every((r) => typeof r.extra?.moves === 'number');
  const effort = failed.map((r) => (moves ? (r.extra!.moves as number) : r.steps));
  return { failures: { runs: failed.length, measure: moves ? 'moves' : stepUnit, mean: mean(effort) } };
}

function meanOf(values: readonly number[]): MeanEstimate {
  return { mean: mean(values), ...bootstrapMeanInterval(values) };
}

function ertOf(runs: readonly { effort: number; solved: boolean }[]): ErtEstimate {
  return { ert: expectedRunningTime(runs), ...bootstrapErtInterval(runs) };
}

/** The extra statistics as distributions (numbers) or tallies (words), by key in the order first reported. */
function extrasOf(runs: readonly RunRecord[]): Record<string, Distribution | Tally> {
  const keys = [...new Set(runs.flatMap((r) => Object.keys(r.extra ?? {})))];
  return Object.fromEntries(
    keys.map((key) => {
      const values = runs.flatMap((r) => (r.extra && key in r.extra ? [r.extra[key]!] : []));
      if (values.every((v) => typeof v === 'number')) return [key, distributionOf(values as number[])];
      const tally: Record<string, number> = {};
      for (const v of values) tally[String(v)] = (tally[String(v)] ?? 0) + 1;
      return [key, { values: tally }];
    }),
  );
}

/** Answers in numeric order where they start with a number (`5`, `12: 4860`), else as text. */
function byNumber(a: string, b: string): number {
  return parseFloat(a) - parseFloat(b) || a.localeCompare(b);
}
