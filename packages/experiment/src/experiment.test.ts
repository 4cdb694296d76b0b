import { createBezzel, unwrap, type Bezzel } from '@bezzel/core';
import coverSearch from '@bezzel/cover-search';
import formula from '@bezzel/formula';
import genetic from '@bezzel/genetic';
import greedyCover from '@bezzel/greedy-cover';
import hillClimbing from '@bezzel/hill-climbing';
import knight from '@bezzel/knight';
import columns from '@bezzel/columns';
import minConflicts from '@bezzel/min-conflicts';
import queen from '@bezzel/queen';
import random from '@bezzel/random';
import warnsdorff from '@bezzel/warnsdorff';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatTable, parseSpec, runExperiment, TIME_SEPARATOR, toCsv, type CellRow, type ExperimentSpec } from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, knight, formula, columns, minConflicts, hillClimbing, random, genetic, warnsdorff, coverSearch, greedyCover] });
});

const spec = (input: object): ExperimentSpec => unwrap(parseSpec(input));
const queens = spec({ piece: 'queen', sizes: [6], strategies: ['hill-climbing', 'min-conflicts', 'random'], runs: 8, seed: 7, budget: { maxTimeMs: 10_000 } });
/** Genetic on 5×5 open tours: fast, and with 400 generations some runs fail, which the statistics must count. */
const sweep = spec({
  problem: 'tour',
  piece: 'knight',
  sizes: [5],
  strategies: ['genetic', 'warnsdorff'],
  options: { generations: 400 },
  sweep: { mutationRate: ['0.01', 0.3] },
  runs: 8,
  seed: 3,
});

/** Everything in a row that must not depend on the machine. */
const machineFree = ({ timeMs: _time, timeMean: _mean, timeErt: _ert, extras, ...rest }: CellRow) => ({
  ...rest,
  // A strategy's own timings (min-conflicts' placementMs, repairMs) are times too.
  extras: Object.fromEntries(Object.entries(extras).filter(([key]) => !key.endsWith('Ms'))),
});
/** The table left of the time columns. */
const withoutTimes = (table: string) => table.split('\n').map((line) => line.split(TIME_SEPARATOR)[0]);

describe('runExperiment', () => {
  it('gives the same rows and table (times aside) for the same spec, run i of each strategy with seed + i', async () => {
    const first = await runExperiment(bezzel, queens);
    const second = await runExperiment(bezzel, queens);
    expect(first.rows.map(machineFree)).toEqual(second.rows.map(machineFree));
    expect(withoutTimes(formatTable(first))).toEqual(withoutTimes(formatTable(second)));
    expect(first.runs.filter((r) => r.strategy === 'random').map((r) => r.seed)).toEqual([7, 8, 9, 10, 11, 12, 13, 14]);
    const [hill, repair, generate] = first.rows;
    expect([repair!.solved, generate!.solved]).toEqual([8, 8]);
    expect(hill!.solved).toBeGreaterThanOrEqual(3);
    // Generate-and-test needs thousands of boards for one of the four 6-queens solutions; repair, tens of steps.
    expect(generate!.steps.median).toBeGreaterThan(1000);
    expect(repair!.steps.median).toBeLessThan(1000);
    expect(repair!.steps.low).toBeLessThanOrEqual(repair!.steps.median);
    expect(repair!.steps.high).toBeGreaterThanOrEqual(repair!.steps.median);
    // Every run solved: Wilson's interval for 8 of 8 is [8 / (8 + z²), 1] = [0.6756, 1].
    expect(repair!.success.low).toBeCloseTo(0.6756, 4);
    expect(repair!.success.high).toBe(1);
    const other = await runExperiment(bezzel, { ...queens, seed: 8, strategies: ['min-conflicts'] });
    expect(other.runs.map((r) => r.steps)).not.toEqual(first.runs.filter((r) => r.strategy === 'min-conflicts').map((r) => r.steps));
  });

  it('sweeps an option over the strategies that declare it, the others running once as a baseline', async () => {
    const result = await runExperiment(bezzel, sweep);
    expect(result.rows.map((r) => r.label)).toEqual(['genetic mutationRate=0.01', 'genetic mutationRate=0.3', 'warnsdorff']);
    // "0.01" as a command line gives it is converted by genetic's declaration.
    expect(result.rows[0]!.params).toEqual({ mutationRate: 0.01 });
    expect(result.runs.filter((r) => r.params?.mutationRate === 0.3)).toHaveLength(8);
    const table = formatTable(result);
    expect(table).toMatch(/^knight tour \(open, from a1\), 5×5: 8 runs per strategy and value, seeds 3…10, at most 15 s a run\n/);
    // genetic counts generations, warnsdorff moves: a unit column, and "steps" in the headers.
    expect(table).toMatch(/\nstrategy +mutationRate +n +runs +solved +success \[95% CI\] +unit +median steps \[95% CI\] +mean steps \[95% CI\] +ERT steps \[95% CI\] +\| +median time \[95% CI\] +ERT time \[95% CI\] +max time\n/);
    expect(table).toMatch(/\nwarnsdorff +– +5 +8 +8 +100\.0% \[67\.6, 100\.0\] +moves +24 \[24, 24\] +24 \[24, 24\] +24 \[24, 24\] +\| /);
    expect(table).toMatch(/\ngenetic +0\.01 +5 +8 +\d +[\d.]+% \[[\d.]+, [\d.]+\] +generations /);
  });

  it('counts a run that did not solve as never solving: in the success interval, the median and a footnote', async () => {
    const { sweep: _none, ...unswept } = sweep;
    const result = await runExperiment(bezzel, { ...unswept, strategies: ['genetic'], options: { generations: 400, mutationRate: 0.01 }, runs: 10 });
    const [row] = result.rows;
    expect(row!.solved).toBeGreaterThan(0);
    expect(row!.solved).toBeLessThanOrEqual(5);
    expect(row!.steps.median).toBe(Infinity);
    expect(row!.steps.high).toBe(Infinity);
    // The step budget here is genetic's own generations: a run that used them up ran out of steps.
    expect(row!.unsolved).toEqual({ 'budget:steps': 10 - row!.solved });
    expect(formatTable(result)).toContain(`not solved, counted as never solving: genetic on 5×5: ${10 - row!.solved} out of steps`);
    expect(formatTable(result)).toMatch(/\ngenetic +5 +10 +\d +\d+\.\d% \[\d+\.\d, \d+\.\d\] +∞ \[\d+, ∞\] /);
    // The mean is of the solved runs; the ERT adds the unsolved runs' generations over the solved runs.
    const solvedSteps = result.runs.filter((r) => r.solved).map((r) => r.steps);
    expect(row!.stepsMean.mean).toBeCloseTo(solvedSteps.reduce((a, b) => a + b, 0) / solvedSteps.length, 6);
    expect(row!.stepsErt.ert).toBeCloseTo(result.runs.reduce((a, r) => a + r.steps, 0) / row!.solved, 6);
    expect(row!.stepsErt.ert).toBeGreaterThan(row!.stepsMean.mean);
    expect(row!.stepUnit).toBe('generations');
    // genetic's generations, from its stats, as a distribution; and per run.
    expect(row!.extras.generations).toMatchObject({ runs: 10, max: 400 });
    expect(result.runs.every((r) => typeof r.extra?.generations === 'number')).toBe(true);
  });

  it("brackets random generate-and-test's theoretical mean with the mean's and the ERT's intervals (5 queens, 1000 runs)", async () => {
    // A random row per column solves 5 queens with p = 10 / 5⁵ (10 solutions): attempts are geometric, mean 312.5.
    const result = await runExperiment(bezzel, spec({ piece: 'queen', sizes: [5], strategies: ['random'], runs: 1000, seed: 1 }));
    const [row] = result.rows;
    expect(row!.stepUnit).toBe('attempts');
    expect(row!.solved).toBe(1000);
    for (const { low, high } of [row!.stepsMean, row!.stepsErt]) {
      expect(low).toBeLessThan(312.5);
      expect(high).toBeGreaterThan(312.5);
    }
    expect(row!.stepsErt.ert).toBe(row!.stepsMean.mean);
    expect(row!.extras.attempts).toMatchObject({ mean: row!.stepsMean.mean });
  });

  it('checks every swept value by the option declarations before any run', async () => {
    const refused = (changes: Partial<ExperimentSpec>) => runExperiment(bezzel, { ...sweep, ...changes });
    await expect(refused({ sweep: { mutationRate: [0.05, '2'] } })).rejects.toThrow('option mutationRate of genetic must be a number from 0 to 1, not "2"');
    await expect(refused({ sweep: { repair: ['warnsdorff', 'magic'] } })).rejects.toThrow('option repair of genetic must be one of warnsdorff, none, not "magic"');
    await expect(refused({ sweep: { temperature: [1, 2] } })).rejects.toThrow('none of genetic, warnsdorff has an option "temperature" to sweep');
    await expect(refused({ options: { mutationRate: 0.1 } })).rejects.toThrow('option mutationRate of genetic is both swept and set; say it in one place');
    await expect(refused({ strategyOptions: { warnsdorff: { population: 3 } } })).rejects.toThrow(/^strategy warnsdorff has no option "population" \(its options: tiebreak, restarts\)$/);
    await expect(refused({ strategies: ['genetic', 'annealing'] })).rejects.toThrow(/^unknown strategy "annealing"; known strategies: /);
    await expect(refused({ options: { temperature: 3 } })).rejects.toThrow('none of genetic, warnsdorff has an option "temperature"');
    await expect(refused({ problem: 'placement', piece: 'knight', k: 5, strategies: ['min-conflicts'], options: {}, sweep: undefined })).rejects.toThrow(/cannot do this: the knight does not attack along whole lines only: it leaps/);
  });

  it('passes each option only to the strategies that declare it, and per strategy', async () => {
    const result = await runExperiment(bezzel, { ...queens, strategies: ['hill-climbing', 'min-conflicts'], runs: 20, options: { restarts: 100 }, strategyOptions: { 'hill-climbing': { sideways: 0 } } });
    expect(result.rows[0]!.solved).toBe(20);
    expect(result.rows[0]!.restartsMean).toBeGreaterThan(0);
  });

  it('compares domination strategies by the value found and whether it is proven', async () => {
    const result = await runExperiment(bezzel, spec({ problem: 'dominate', piece: 'queen', sizes: [4, 5], strategies: ['cover-search', 'greedy-cover'], runs: 3 }));
    expect(result.notes).toEqual(['greedy-cover proves no minimum: it runs goal one, the smallest set it finds (an upper bound)']);
    expect(result.rows.map((r) => [r.label, r.n, r.goal, r.answers, r.proven])).toEqual([
      ['cover-search', 4, 'minimum', ['2'], 3],
      ['greedy-cover', 4, 'one', ['2'], 0],
      ['cover-search', 5, 'minimum', ['3'], 3],
      ['greedy-cover', 5, 'one', ['3'], 0],
    ]);
    const table = formatTable(result);
    expect(table).toMatch(/^queen domination, 4×4, 5×5, goal minimum: 3 runs per strategy/);
    expect(table).toMatch(/\ncover-search +5 +3 +3 .* +3 +3\/3 \| /);
    expect(table).toMatch(/\ngreedy-cover +5 +3 +3 .* +3 +0\/3 \| /);
  });

  it('stops when its signal aborts, summing up the runs done', async () => {
    const controller = new AbortController();
    const result = await runExperiment(bezzel, { ...queens, strategies: ['min-conflicts', 'random'] }, { signal: controller.signal, onRun: (done) => done === 11 && controller.abort() });
    expect(result.stopped).toEqual({ done: 11, planned: 16 });
    expect(result.rows.map((r) => [r.label, r.runs])).toEqual([['min-conflicts', 8], ['random', 3]]);
    expect(formatTable(result)).toContain('stopped after 11 of 16 runs: the rows sum up the runs done');
  });

  it('writes CSV with a line per cell, swept values in columns and times last', async () => {
    const result = await runExperiment(bezzel, { ...sweep, runs: 2 });
    const [header, ...lines] = toCsv(result).trimEnd().split('\n');
    expect(header).toBe(
      'strategy,mutationRate,n,goal,runs,solved,success_rate,success_low,success_high,steps_median,steps_low,steps_high,restarts_mean,found,proven,' +
        'step_unit,steps_mean,steps_mean_low,steps_mean_high,steps_ert,steps_ert_low,steps_ert_high,' +
        'time_ms_median,time_ms_low,time_ms_high,time_ms_max,time_ms_mean,time_ms_mean_low,time_ms_mean_high,time_ms_ert,time_ms_ert_low,time_ms_ert_high',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^warnsdorff,,5,one,2,2,1,0\.3423\d*,1,24,24,24,0,,0,moves,24,24,24,24,24,24,/);
  });
});
