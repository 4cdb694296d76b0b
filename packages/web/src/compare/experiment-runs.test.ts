import { createBezzel } from '@bezzel/core';
import { parseSpec, planExperiment, runExperiment, toCsv, type CellRow, type RunRecord } from '@bezzel/experiment';
import { describe, expect, it } from 'vitest';
import { pagePlugins } from '../shared/plugins.js';
import { jobsOf, recordOfJob, resultOf } from './experiment-runs.js';

/** A row without the figures measured in milliseconds, which differ from run to run. */
function untimed(row: CellRow): Partial<CellRow> {
  const { timeMs: _t, timeMean: _m, timeErt: _e, extras, ...rest } = row;
  return { ...rest, extras: withoutMs(extras) };
}
const runUntimed = ({ timeMs: _t, extra, ...rest }: RunRecord) => ({ ...rest, extra: withoutMs(extra ?? {}) });
/** Strategies' own timings (placementMs, repairMs) go too. */
function withoutMs<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !key.endsWith('Ms')));
}

describe('compare runs', () => {
  it('in any order, sum up to the figures runExperiment gives for the same seeds', async () => {
    const bezzel = await createBezzel({ plugins: pagePlugins });
    const spec = parseSpec({ piece: 'queen', sizes: [6, 8], strategies: ['hill-climbing', 'min-conflicts'], runs: 12, seed: 5 });
    if (!spec.ok) throw spec.error;
    const cli = await runExperiment(bezzel, spec.value);
    const plan = planExperiment(bezzel, spec.value);
    const jobs = jobsOf(plan);
    expect(jobs.map((j) => j.seed).slice(0, 12)).toEqual(Array.from({ length: 12 }, (_, i) => 5 + i));
    const records: RunRecord[] = [];
    // Finished back to front, as workers might.
    for (let i = jobs.length - 1; i >= 0; i--) records[i] = recordOfJob(plan, jobs[i]!, await bezzel.solve(jobs[i]!.task));
    const page = resultOf(plan, records);
    expect(page.rows.map(untimed)).toEqual(cli.rows.map(untimed));
    expect(page.runs.map(runUntimed)).toEqual(cli.runs.map(runUntimed));
    expect(page.stopped).toBeUndefined();
    expect(toCsv(page).split('\n')[0]).toBe(toCsv(cli).split('\n')[0]);
  });

  it('stopped early, sum up the runs done and say how many were planned', async () => {
    const bezzel = await createBezzel({ plugins: pagePlugins });
    const spec = parseSpec({ piece: 'queen', sizes: [8], strategies: ['min-conflicts'], runs: 4, seed: 1 });
    if (!spec.ok) throw spec.error;
    const plan = planExperiment(bezzel, spec.value);
    const jobs = jobsOf(plan);
    const records = [recordOfJob(plan, jobs[0]!, await bezzel.solve(jobs[0]!.task))];
    const page = resultOf(plan, records);
    expect(page.rows[0]!.runs).toBe(1);
    expect(page.stopped).toEqual({ done: 1, planned: 4 });
  });
});
