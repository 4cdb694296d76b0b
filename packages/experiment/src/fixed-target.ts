import type { OptionValue, Trajectory } from '@bezzel/core';
import { bootstrapMedianInterval } from './bootstrap.js';
import type { CellRow } from './rows.js';
import type { RunRecord } from './runs.js';
import { median } from './summary.js';
import type { Interval } from './wilson.js';

/**
 * Fixed-target and fixed-budget views of runs that record their quality trajectory (Hansen et al., COCO: performance
 * assessment, 2021; Doerr et al., IOHprofiler, 2018): for a target quality, the share of runs whose best so far was
 * at that target or better within x steps — a run-time ECDF per target — and for a budget of x steps, the best
 * quality the runs had reached. A trajectory keeps every improvement, so the step a run first reached a target is
 * exact; a run that never did is censored (counted as not reaching it).
 */

/** What a run tells these views: its steps, whether it solved, and its trajectory of improvements (if any). */
export interface QualityRun {
  readonly steps: number;
  readonly solved: boolean;
  readonly trajectory?: Trajectory;
}

/**
 * The run's improvements, closed off: a solved run whose trajectory does not end at 0 (a strategy that answered
 * without a last report, or a one-column board) reached 0 at its final step.
 */
function improvements(run: QualityRun): Trajectory {
  const steps = run.trajectory?.steps ?? [];
  const quality = run.trajectory?.quality ?? [];
  if (!run.solved || quality[quality.length - 1] === 0) return { steps, quality };
  return { steps: [...steps, run.steps], quality: [...quality, 0] };
}

/** The first step at which the run's best quality was at most `target`; Infinity when it never was. */
export function hittingStep(run: QualityRun, target: number): number {
  const { steps, quality } = improvements(run);
  for (let i = 0; i < quality.length; i++) if (quality[i]! <= target) return steps[i]!;
  return Number.POSITIVE_INFINITY;
}

/** The run's best quality by step `budget` (a run that ended before keeps its last); Infinity before its first report. */
export function qualityAt(run: QualityRun, budget: number): number {
  const { steps, quality } = improvements(run);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < steps.length && steps[i]! <= budget; i++) best = quality[i]!;
  return best;
}

/** One step of a run-time ECDF: the share of runs that reached the target within `effort` steps. */
export interface EcdfPoint {
  readonly effort: number;
  readonly fraction: number;
}

/** The fixed-target run-time ECDF of one target. */
export interface TargetEcdf {
  readonly target: number;
  /** Runs that reached it (at any step). */
  readonly reached: number;
  /** A step up at each step some run first reached it (runs reaching it at the same step make one step). */
  readonly points: readonly EcdfPoint[];
}

/** For each target, the share of runs that reached it within x steps, as a step function of x. */
export function fixedTargetEcdf(runs: readonly QualityRun[], targets: readonly number[]): TargetEcdf[] {
  return targets.map((target) => {
    const hits = runs.map((r) => hittingStep(r, target)).filter(Number.isFinite).sort((a, b) => a - b);
    const points: EcdfPoint[] = [];
    hits.forEach((effort, i) => {
      const fraction = (i + 1) / runs.length;
      if (points.length > 0 && points[points.length - 1]!.effort === effort) points[points.length - 1] = { effort, fraction };
      else points.push({ effort, fraction });
    });
    return { target, reached: hits.length, points };
  });
}

/** The ECDF's value at x: the share of runs that reached the target within x steps. */
export function ecdfAt(ecdf: TargetEcdf, x: number): number {
  let fraction = 0;
  for (const p of ecdf.points) {
    if (p.effort > x) break;
    fraction = p.fraction;
  }
  return fraction;
}

/** Targets from the data, IOHprofiler's way: 0 and up to four powers of two spread over 1 … the worst first quality. */
export function targetsOf(runs: readonly QualityRun[]): number[] {
  const firsts = runs.flatMap((r) => (r.trajectory && r.trajectory.quality.length > 0 ? [r.trajectory.quality[0]!] : []));
  const top = Math.max(0, ...firsts);
  const powers: number[] = [];
  for (let p = 1; p <= top; p *= 2) powers.push(p);
  const picked = powers.length <= 4 ? powers : [...new Set([0, 1, 2, 3].map((i) => powers[Math.round((i * (powers.length - 1)) / 3)]!))];
  return [...picked.reverse(), 0];
}

/** Budgets from the data: powers of ten from 1 to the first at or past the longest run, at most five spread over them. */
export function budgetsOf(runs: readonly QualityRun[]): number[] {
  const longest = Math.max(1, ...runs.map((r) => r.steps));
  const powers: number[] = [];
  for (let p = 1; ; p *= 10) {
    powers.push(p);
    if (p >= longest) break;
  }
  return powers.length <= 5 ? powers : [...new Set([0, 1, 2, 3, 4].map((i) => powers[Math.round((i * (powers.length - 1)) / 4)]!))];
}

/** The quality the runs had reached by a budget: their median with its 95% bootstrap interval, and the share at each target. */
export interface BudgetQuality extends Interval {
  readonly budget: number;
  readonly median: number;
  /** The share of runs at or below each of the view's targets by this budget, in the targets' order. */
  readonly reached: readonly number[];
}

/** One row (strategy, swept values) of a fixed-target view. */
export interface QualityRow {
  readonly strategy: string;
  readonly params: Readonly<Record<string, OptionValue>>;
  readonly label: string;
  readonly stepUnit: string;
  readonly runs: number;
  readonly targets: readonly TargetEcdf[];
  readonly budgets: readonly BudgetQuality[];
}

/** The fixed-target and fixed-budget view of one board size and one quality measure. */
export interface QualityView {
  readonly n: number;
  /** What the quality counts: the strategies' `meta.quality` ('attacking pairs'). */
  readonly measure: string;
  /** Targets, worst first, ending at 0 (solved). */
  readonly targets: readonly number[];
  /** Budgets in steps, each row's own unit. */
  readonly budgets: readonly number[];
  readonly rows: readonly QualityRow[];
}

/** The views, a board size and a measure each, and the rows left out because their strategy reports no quality. */
export interface QualityViews {
  readonly views: readonly QualityView[];
  /** Rows of strategies that report no quality, by label and size. */
  readonly absent: readonly { readonly label: string; readonly n: number }[];
}

/** The fixed-target and fixed-budget views of an experiment's rows: targets and budgets shared by the rows of a view. */
export function qualityViews(rows: readonly CellRow[], runs: readonly RunRecord[]): QualityViews {
  const runsOf = (row: CellRow) => runs.filter((r) => r.strategy === row.strategy && r.n === row.n && sameParams(r.params ?? {}, row.params));
  const groups = new Map<string, CellRow[]>();
  const absent: { label: string; n: number }[] = [];
  for (const row of rows) {
    if (row.quality === undefined) {
      absent.push({ label: row.label, n: row.n });
      continue;
    }
    const key = `${row.n}\u0000${row.quality}`;
    const group = groups.get(key) ?? [];
    if (group.length === 0) groups.set(key, group);
    group.push(row);
  }
  const views = [...groups.values()].map((group): QualityView => {
    const mine = group.map((row) => ({ row, runs: runsOf(row) }));
    const all = mine.flatMap((m) => m.runs);
    const targets = targetsOf(all);
    const budgets = budgetsOf(all);
    return {
      n: group[0]!.n,
      measure: group[0]!.quality!,
      targets,
      budgets,
      rows: mine.map(({ row, runs: own }) => {
        const ecdfs = fixedTargetEcdf(own, targets);
        return {
          strategy: row.strategy,
          params: row.params,
          label: row.label,
          stepUnit: row.stepUnit,
          runs: own.length,
          targets: ecdfs,
          budgets: budgets.map((budget) => {
            const qualities = own.map((r) => qualityAt(r, budget));
            return { budget, median: median(qualities), ...bootstrapMedianInterval(qualities), reached: ecdfs.map((e) => ecdfAt(e, budget)) };
          }),
        };
      }),
    };
  });
  return { views, absent };
}

function sameParams(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
