import { createBezzel } from '@bezzel/core';
import { isTimingField, parseSpec, planExperiment, runExperiment, toCsv, type RunRecord } from '@bezzel/experiment';
import { describe, expect, it } from 'vitest';
import { pagePlugins } from '../shared/plugins.js';
import { sharedCounter, timesShown } from './compare-results.js';
import { jobsOf, recordOfJob, resultOf } from './experiment-runs.js';

/** Everything but the fields that are timings (the experiment package's isTimingField), at any depth. */
function untimed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(untimed);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([key]) => !isTimingField(key)).map(([key, v]) => [key, untimed(v)]));
  return value;
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
    expect(untimed(page.rows)).toEqual(untimed(cli.rows));
    expect(untimed(page.runs)).toEqual(untimed(cli.runs));
    // The tests too, on steps: hill climbing counts moves, min-conflicts repairs, so both on the moves they count.
    expect(untimed(page.comparisons)).toEqual(untimed(cli.comparisons));
    expect(page.comparisons.map((c) => c.runLength?.measure)).toEqual(['moves', 'moves']);
    expect(untimed(page.quality)).toEqual(untimed(cli.quality));
    expect(page.spec.compareOn).toBeUndefined();
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

  it('test and show times only where runs take ten ticks of the clock; else say why, and compare steps', async () => {
    const bezzel = await createBezzel({ plugins: pagePlugins });
    const spec = parseSpec({ piece: 'queen', sizes: [8], strategies: ['hill-climbing', 'min-conflicts'], runs: 20, seed: 1 });
    if (!spec.ok) throw spec.error;
    const plan = planExperiment(bezzel, spec.value);
    const jobs = jobsOf(plan);
    const records: RunRecord[] = [];
    for (const [i, job] of jobs.entries()) records[i] = recordOfJob(plan, job, await bezzel.solve(job.task));
    const steps = resultOf(plan, records);
    expect(sharedCounter(steps)).toBe('moves');
    // A clock of 1 ms: 8 queens take a fraction of it, so times are neither shown nor tested.
    const coarse = timesShown(steps, 1);
    expect(coarse.ok).toBe(false);
    if (!coarse.ok) expect(coarse.reason).toMatch(/^Times are not shown or compared: .* under 10 ticks of this browser's clock \(its resolution here is 1(\.0+)? ms\)/);
    const timed = resultOf(plan, records, { on: 'time', clockResolutionMs: 1 });
    expect(timed.spec.compareOn).toBe('time');
    expect(timed.clock).toEqual({ resolutionMs: 1 });
    expect(timed.comparisons[0]!.runLength).toBeUndefined();
    expect(timed.comparisons[0]!.notCompared).toMatch(/times not compared: a median run of .* ms is under 10 ticks of the clock \(resolution 1\.0 ms\)/);
    // A clock a million times finer: the same runs are long enough to time, and tested in ms.
    expect(timesShown(steps, 1e-6).ok).toBe(true);
    expect(resultOf(plan, records, { on: 'time', clockResolutionMs: 1e-6 }).comparisons[0]!.runLength?.measure).toBe('ms');
  });
});
