import type { Result, Task } from '@bezzel/core';
import { clockResolutionMs, compareRows, qualityViews, recordOf, rowOf, type CellRow, type CompareOptions, type ExperimentResult, type Plan, type RunRecord } from '@bezzel/experiment';

/** One run of a compare: its cell (index into the plan's cells), its seed and the task a worker runs. */
export interface CompareJob {
  readonly cell: number;
  readonly seed: number;
  readonly task: Task;
}

/**
 * Every run of a planned experiment, in the order `bezzel experiment` runs them: cell after cell, run i of each
 * with seed + i (the seeds wrap at 32 bits as the CLI's do). Workers may finish them in any order; `resultOf`
 * puts them back in this one.
 */
export function jobsOf(plan: Plan): CompareJob[] {
  const { runs, seed } = plan.spec;
  return plan.cells.flatMap((cell, index) => Array.from({ length: runs }, (_, i) => {
    const s = (seed + i) >>> 0;
    return { cell: index, seed: s, task: cell.task(s) };
  }));
}

/** The record of a finished job, as the CLI keeps it. */
export function recordOfJob(plan: Plan, job: CompareJob, result: Result): RunRecord {
  return recordOf(plan.cells[job.cell]!, job.seed, result);
}

/**
 * The experiment's result from the records that have arrived (by job index; a hole is a run not finished), built
 * as runExperiment builds it — each cell's runs in seed order summed up by the experiment package's own rowOf
 * (Wilson intervals, seeded bootstrap medians, ERT), compared by its compareRows, its fixed-target views by qualityViews — so for the same seeds every
 * figure but the times equals the CLI's. A compare stopped early says how many of its runs were done. Run lengths
 * are compared on steps, as the CLI's are by default; on time (`--compare-on time`) when asked, where the package's
 * lengthMeasure finds runs long enough for the clock, whose resolution the result then records.
 */
export function resultOf(plan: Plan, records: readonly (RunRecord | undefined)[], compare: CompareOptions = { on: 'steps' }): ExperimentResult {
  const runs: RunRecord[] = [];
  const rows: CellRow[] = [];
  const per = plan.spec.runs;
  plan.cells.forEach((cell, index) => {
    const mine = records.slice(index * per, (index + 1) * per).filter((r): r is RunRecord => r !== undefined);
    if (mine.length === 0) return;
    runs.push(...mine);
    rows.push(rowOf(cell, mine));
  });
  const planned = plan.cells.length * per;
  const stopped = runs.length < planned ? { stopped: { done: runs.length, planned } } : {};
  const quality = qualityViews(rows, runs);
  if (compare.on !== 'time') return { spec: plan.spec, rows, runs, comparisons: compareRows(rows, runs, { on: 'steps' }), quality, notes: plan.notes, ...stopped };
  const resolutionMs = compare.clockResolutionMs ?? clockResolutionMs();
  const comparisons = compareRows(rows, runs, { on: 'time', clockResolutionMs: resolutionMs });
  return { spec: { ...plan.spec, compareOn: 'time' }, rows, runs, comparisons, quality, notes: plan.notes, ...stopped, clock: { resolutionMs } };
}
