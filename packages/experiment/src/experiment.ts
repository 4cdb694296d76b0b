import type { Bezzel, Result, Task } from '@bezzel/core';
import { clockResolutionMs, compareRows, type Comparison } from './compare.js';
import { qualityViews, type QualityViews } from './fixed-target.js';
import { planExperiment, type Cell } from './plan.js';
import { rowOf, type CellRow } from './rows.js';
import { recordOf, type RunRecord } from './runs.js';
import type { ExperimentSpec } from './spec.js';

/** How long runs go on back to back before the event loop gets a turn: short enough for Ctrl-C to feel immediate. */
const YIELD_EVERY_MS = 50;

export interface ExperimentResult {
  readonly spec: ExperimentSpec;
  readonly rows: readonly CellRow[];
  readonly runs: readonly RunRecord[];
  /** Each row against the first row of its size: Fisher's exact test of success, Mann–Whitney U and log-rank of run lengths. */
  readonly comparisons: readonly Comparison[];
  /**
   * Fixed-target run-time ECDFs and fixed-budget qualities, a board size and quality measure each, of the rows whose
   * strategy records its quality; `absent` names the others. Undefined in results made before it.
   */
  readonly quality?: QualityViews;
  /** What a reader of the table should know (a strategy that runs another goal). */
  readonly notes: readonly string[];
  /** Set when the signal stopped the experiment: the rows sum up the runs finished before it. */
  readonly stopped?: { readonly done: number; readonly planned: number };
  /** With `compareOn: time`: the resolution of the clock the runs were timed on (a timing: it varies by machine). */
  readonly clock?: { readonly resolutionMs: number };
}

export interface ExperimentHooks {
  /** After each run: runs done, runs planned, the run and its cell. */
  readonly onRun?: (done: number, total: number, run: RunRecord, cell: Cell) => void;
  /** Before a cell's first run. */
  readonly onCellStart?: (cell: Cell, index: number, cells: number) => void;
  /** After a cell's last run. */
  readonly onCell?: (row: CellRow, index: number, cells: number) => void;
  /** Aborting it stops the run in hand (which is left out) and returns what was done. */
  readonly signal?: AbortSignal;
  /**
   * Runs one task; `bezzel.solve` here by default. The command line runs them in a search thread of their own,
   * where Ctrl-C reaches a run at once and a plugin's strategy that ignores its budget can be ended.
   */
  readonly solve?: (task: Task, signal?: AbortSignal) => Promise<Result>;
}

/**
 * Runs every cell `spec.runs` times, one run after another in this thread (runs side by side would share the
 * cores and skew each other's times), run i with seed + i, and sums each cell up.
 */
export async function runExperiment(bezzel: Bezzel, spec: ExperimentSpec, hooks: ExperimentHooks = {}): Promise<ExperimentResult> {
  const plan = planExperiment(bezzel, spec);
  const { cells } = plan;
  const total = cells.length * spec.runs;
  const runs: RunRecord[] = [];
  const rows: CellRow[] = [];
  const signal = hooks.signal;
  const solve = hooks.solve ?? ((task: Task, signal?: AbortSignal) => bezzel.solve(task, signal ? { signal } : {}));
  let yielded = performance.now();
  for (const [index, cell] of cells.entries()) {
    if (signal?.aborted) break;
    hooks.onCellStart?.(cell, index, cells.length);
    const mine: RunRecord[] = [];
    for (let i = 0; i < spec.runs && !signal?.aborted; i++) {
      const seed = (spec.seed + i) >>> 0;
      const result = await solve(cell.task(seed), signal);
      // A run cut short by the user is no sample of the strategy: it is left out.
      if (result.status === 'aborted' && signal?.aborted) break;
      const run = recordOf(cell, seed, result);
      mine.push(run);
      runs.push(run);
      hooks.onRun?.(runs.length, total, run, cell);
      // Runs in this thread finish as promises resolve, which never lets a timer or a signal (Ctrl-C) in: give
      // them a turn now and then. Within such a run, Ctrl-C waits for the run to end, at the latest at its budget.
      if (performance.now() - yielded > YIELD_EVERY_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        yielded = performance.now();
      }
    }
    if (mine.length > 0) rows.push(rowOf(cell, mine));
    if (mine.length === spec.runs) hooks.onCell?.(rows[rows.length - 1]!, index, cells.length);
  }
  const stopped = runs.length < total ? { stopped: { done: runs.length, planned: total } } : {};
  const clock = plan.spec.compareOn === 'time' ? { clock: { resolutionMs: clockResolutionMs() } } : {};
  const comparisons = compareRows(rows, runs, { on: plan.spec.compareOn ?? 'steps', ...(clock.clock ? { clockResolutionMs: clock.clock.resolutionMs } : {}) });
  return { spec: plan.spec, rows, runs, comparisons, quality: qualityViews(rows, runs), notes: plan.notes, ...clock, ...stopped };
}
