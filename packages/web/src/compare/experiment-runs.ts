import type { Result, Task } from '@bezzel/core';
import { compareRows, recordOf, rowOf, type CellRow, type ExperimentResult, type Plan, type RunRecord } from '@bezzel/experiment';

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
 * (Wilson intervals, seeded bootstrap medians, ERT), compared by its compareRows — so for the same seeds every
 * figure but the times equals the CLI's. A compare stopped early says how many of its runs were done.
 */
export function resultOf(plan: Plan, records: readonly (RunRecord | undefined)[]): ExperimentResult {
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
  return { spec: plan.spec, rows, runs, comparisons: compareRows(rows, runs), notes: plan.notes, ...stopped };
}
