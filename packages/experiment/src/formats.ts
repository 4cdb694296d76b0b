import { BOOTSTRAP_RESAMPLES } from './bootstrap.js';
import { comparisonLines } from './compare.js';
import { qualityLines } from './quality-table.js';
import type { ExperimentResult } from './experiment.js';
import type { CellRow, ErtEstimate, MeanEstimate, MedianEstimate } from './rows.js';
import type { RunRecord } from './runs.js';
import type { ExperimentSpec } from './spec.js';

/** Where the time columns start: everything left of it is the same each time the spec runs. */
export const TIME_SEPARATOR = ' | ';

type Column = readonly [header: string, cell: (row: CellRow) => string, align?: 'left'];

/** The columns that do not depend on the machine, for this experiment's rows. */
function machineFreeColumns(result: ExperimentResult): Column[] {
  const swept = Object.keys(result.spec.sweep ?? {});
  const answered = result.rows.some((r) => r.answers.length > 0);
  const proving = result.spec.problem === 'dominate' || result.rows.some((r) => r.proven > 0);
  // One unit for every row goes into the headers; several get a column of their own.
  const unit = commonUnit(result);
  const steps = unit ?? 'steps';
  return [
    ['strategy', (r) => r.strategy, 'left'],
    ...swept.map((name): Column => [name, (r) => (name in r.params ? String(r.params[name]) : '–')]),
    ['n', (r) => String(r.n)],
    ['runs', (r) => String(r.runs)],
    ['solved', (r) => String(r.solved)],
    ['success [95% CI]', (r) => `${percent(r.successRate)} [${percent(r.success.low, false)}, ${percent(r.success.high, false)}]`],
    ...(unit === undefined ? [['unit', (r: CellRow) => r.stepUnit, 'left'] as Column] : []),
    [`median ${steps} [95% CI]`, (r) => `${count(r.steps.median)} [${count(r.steps.low)}, ${count(r.steps.high)}]`],
    [`mean ${steps} [95% CI]`, (r) => meanEstimate(r.stepsMean)],
    [`ERT ${steps} [95% CI]`, (r) => ertEstimate(r.stepsErt)],
    ...(answered ? [['found', (r: CellRow) => (r.answers.length === 0 ? '–' : abbreviate(r.answers))] as Column] : []),
    ...(proving ? [['proven', (r: CellRow) => `${r.proven}/${r.runs}`] as Column] : []),
  ];
}

const TIME_COLUMNS: readonly Column[] = [
  ['median time [95% CI]', (r) => timeEstimate(r.timeMs)],
  ['ERT time [95% CI]', (r) => timeEstimate({ median: r.timeErt.ert, low: r.timeErt.low, high: r.timeErt.high })],
  ['max time', (r) => time(r.timeMs.max)],
];

/**
 * The table for the terminal. The columns left of " | " are the same byte for byte each time the same spec
 * runs, on any machine (as long as no run ends by its time budget on one and not the other); the times are right
 * of it, so `cut -d'|' -f1` leaves what must agree.
 */
export function formatTable(result: ExperimentResult): string {
  const left = machineFreeColumns(result);
  const columns = [...left, ...TIME_COLUMNS];
  const cells = [columns.map(([header]) => header), ...result.rows.map((row) => columns.map(([, cell]) => cell(row)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const line = (values: readonly string[]) => {
    const padded = values.map((v, i) => (columns[i]![2] === 'left' ? v.padEnd(widths[i]!) : v.padStart(widths[i]!)));
    return `${padded.slice(0, left.length).join('  ')}${TIME_SEPARATOR}${padded.slice(left.length).join('  ')}`;
  };
  return [
    describeSpec(result.spec),
    line(cells[0]!),
    line(widths.map((w) => '─'.repeat(w))),
    ...cells.slice(1).map(line),
    ...footnotes(result),
  ].join('\n');
}

/** The step unit every row counts, or undefined when they differ. */
export function commonUnit(result: ExperimentResult): string | undefined {
  const units = new Set(result.rows.map((r) => r.stepUnit));
  return units.size <= 1 ? ([...units][0] ?? 'steps') : undefined;
}

/** What the experiment solves: `knight tour (open, from a1), 8×8`, `queen domination, 6×6, 7×7`. */
export function subjectOf(spec: ExperimentSpec): string {
  const sizes = spec.sizes.map((n) => `${n}×${n}`).join(', ');
  return spec.problem === 'tour' ? `${spec.piece} tour (${spec.closed ? 'closed' : 'open, from a1'}), ${sizes}`
    : spec.problem === 'dominate' ? `${spec.piece} domination${spec.variant && spec.variant !== 'plain' ? ` (${spec.variant})` : ''}${spec.k !== undefined ? `, k = ${spec.k}` : ''}, ${sizes}`
    : `${spec.piece}${spec.k !== undefined ? `, k = ${spec.k}` : ''}, ${sizes}`;
}

/** The experiment in one line: the problem, the sizes, runs, seeds and budget. */
export function describeSpec(spec: ExperimentSpec): string {
  const problem = subjectOf(spec);
  const goal = spec.goal === 'one' ? '' : `, goal ${spec.goal}`;
  const per = spec.sweep ? 'per strategy and value' : 'per strategy';
  const last = (spec.seed + spec.runs - 1) >>> 0;
  const seeds = spec.runs === 1 ? `seed ${spec.seed}` : `seeds ${spec.seed}…${last}`;
  return `${problem}${goal}: ${spec.runs} run${spec.runs === 1 ? '' : 's'} ${per}, ${seeds}, ${budgetWords(spec)}`;
}

function budgetWords(spec: ExperimentSpec): string {
  const steps = spec.budget?.maxSteps;
  const ms = spec.budget?.maxTimeMs;
  const limit = ms ?? 15_000;
  const timeLimit = ms === null ? 'no time limit' : `at most ${limit % 1000 === 0 ? `${limit / 1000} s` : Number.isInteger(limit) ? `${limit} ms` : time(limit)}`;
  return steps !== undefined ? `${timeLimit} and ${steps} steps a run` : `${timeLimit} a run`;
}

const ENDINGS: Readonly<Record<string, string>> = { 'budget:time': 'out of time', 'budget:steps': 'out of steps', 'budget:stuck': 'stuck', aborted: 'stopped' };

function footnotes(result: ExperimentResult): string[] {
  const notes = [...result.notes];
  const unsolved = result.rows.filter((r) => r.solved < r.runs).map((r) => {
    const how = Object.entries(r.unsolved).map(([status, runs]) => `${runs} ${ENDINGS[status] ?? status}`);
    const spent = r.failures ? ` after ${r.failures.mean.toPrecision(3)} ${r.failures.measure} on average` : '';
    return `${r.label} on ${r.n}×${r.n}: ${how.join(', ')}${spent}`;
  });
  if (unsolved.length > 0) notes.push(`not solved, counted as never solving: ${unsolved.join('; ')}`);
  if (result.stopped) notes.push(`stopped after ${result.stopped.done} of ${result.stopped.planned} runs: the rows sum up the runs done`);
  notes.push(...comparisonLines(result.comparisons ?? [], result.spec.sizes.length > 1));
  const quality = qualityLines(result.quality, result.spec.sizes.length > 1);
  if (quality.length > 0) notes.push('', ...quality, '');
  notes.push(
    'mean: of the solved runs; ERT (expected running time, as COCO): the steps (time) of all runs, unsolved ones included, over the solved runs',
    `95% intervals: Wilson score for success rates; percentile bootstrap of the median, mean and ERT (${BOOTSTRAP_RESAMPLES} resamples, fixed seed), ∞ = not reached`,
  );
  return ['', ...notes];
}

/** One line per cell, for a spreadsheet; times last. Infinity (a median not reached) is written `inf`. */
export function toCsv(result: ExperimentResult): string {
  const swept = Object.keys(result.spec.sweep ?? {});
  const header = [
    'strategy',
    ...swept,
    'n,goal,runs,solved,success_rate,success_low,success_high,steps_median,steps_low,steps_high,restarts_mean,found,proven',
    'step_unit,steps_mean,steps_mean_low,steps_mean_high,steps_ert,steps_ert_low,steps_ert_high',
    'time_ms_median,time_ms_low,time_ms_high,time_ms_max,time_ms_mean,time_ms_mean_low,time_ms_mean_high,time_ms_ert,time_ms_ert_low,time_ms_ert_high',
  ].join(',');
  const lines = result.rows.map((r) =>
    [
      r.strategy,
      ...swept.map((name) => (name in r.params ? r.params[name]! : '')),
      r.n,
      r.goal,
      r.runs,
      r.solved,
      r.successRate,
      r.success.low,
      r.success.high,
      r.steps.median,
      r.steps.low,
      r.steps.high,
      r.restartsMean,
      r.answers.join(' '),
      r.proven,
      r.stepUnit,
      r.stepsMean.mean,
      r.stepsMean.low,
      r.stepsMean.high,
      r.stepsErt.ert,
      r.stepsErt.low,
      r.stepsErt.high,
      r.timeMs.median,
      r.timeMs.low,
      r.timeMs.high,
      r.timeMs.max,
      r.timeMean.mean,
      r.timeMean.low,
      r.timeMean.high,
      r.timeErt.ert,
      r.timeErt.low,
      r.timeErt.high,
    ]
      .map(csvField)
      .join(','),
  );
  return `${[header, ...lines].join('\n')}\n`;
}

/**
 * One line per run, for a spreadsheet or R: strategy, swept values, size, seed, status, solved, steps and their
 * unit, restarts, time, the answer and its proof, then every extra statistic any run reported (a column per
 * key, empty where a run did not report it).
 */
export function runsToCsv(result: ExperimentResult): string {
  const swept = Object.keys(result.spec.sweep ?? {});
  const extras = [...new Set(result.runs.flatMap((r) => Object.keys(r.extra ?? {})))];
  const unitOf = unitsByStrategy(result);
  const header = ['strategy', ...swept, 'n', 'seed', 'status', 'solved', 'steps', 'step_unit', 'restarts', 'time_ms', 'answer', 'proof', ...extras.map((k) => `extra_${k}`)].map(csvField).join(',');
  const lines = result.runs.map((r) =>
    [r.strategy, ...swept.map((name) => r.params?.[name] ?? ''), r.n, r.seed, r.status, r.solved, r.steps, unitOf(r), r.restarts, r.timeMs, r.answer ?? '', r.proof ?? '', ...extras.map((k) => r.extra?.[k] ?? '')]
      .map(csvField)
      .join(','),
  );
  return `${[header, ...lines].join('\n')}\n`;
}

/** One JSON object per run (JSON Lines), each with its step unit. */
export function runsToJsonl(result: ExperimentResult): string {
  const unitOf = unitsByStrategy(result);
  return result.runs.map((r) => JSON.stringify({ ...r, stepUnit: unitOf(r) })).join('\n') + (result.runs.length > 0 ? '\n' : '');
}

function unitsByStrategy(result: ExperimentResult): (run: RunRecord) => string {
  const units = new Map(result.rows.map((r) => [r.strategy, r.stepUnit]));
  return (run) => units.get(run.strategy) ?? 'steps';
}

function csvField(value: string | number | boolean): string {
  if (typeof value === 'number') return value === Number.POSITIVE_INFINITY ? 'inf' : String(value);
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The answers of a cell: all of them when few, else the smallest and the largest. */
function abbreviate(answers: readonly string[]): string {
  return answers.length <= 3 ? answers.join(', ') : `${answers[0]} … ${answers[answers.length - 1]} (${answers.length} values)`;
}

function percent(rate: number, sign = true): string {
  return `${(100 * rate).toFixed(1)}${sign ? '%' : ''}`;
}

function count(value: number): string {
  if (Number.isNaN(value)) return '–';
  if (value === Number.POSITIVE_INFINITY) return '∞';
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** A mean or an ERT: whole above 100, else three significant digits. */
function figure(value: number): string {
  if (Number.isNaN(value)) return '–';
  if (value === Number.POSITIVE_INFINITY) return '∞';
  return Math.abs(value) >= 100 ? String(Math.round(value)) : Number(value.toPrecision(3)).toString();
}

function meanEstimate({ mean, low, high }: MeanEstimate): string {
  return Number.isNaN(mean) ? '–' : `${figure(mean)} [${figure(low)}, ${figure(high)}]`;
}

function ertEstimate({ ert, low, high }: ErtEstimate): string {
  return `${figure(ert)} [${figure(low)}, ${figure(high)}]`;
}

/** A time in the unit that suits it: 0.42 ms, 73.9 ms, 2.31 s. */
export function time(ms: number): string {
  if (Number.isNaN(ms)) return '–';
  if (ms === Number.POSITIVE_INFINITY) return '∞';
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 10_000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** A median time and its interval, in the unit that suits the median (or, when it is not reached, the low end): `73.9 [60.1, 90.2] ms`. */
function timeEstimate({ median, low, high }: MedianEstimate): string {
  const anchor = Number.isFinite(median) ? median : low;
  const [unit, scale, digits] = anchor < 10 ? ['ms', 1, 2] : anchor < 10_000 ? ['ms', 1, 1] : ['s', 1000, 2];
  const figure = (v: number) => (Number.isNaN(v) ? '–' : v === Number.POSITIVE_INFINITY ? '∞' : (v / scale).toFixed(digits));
  return `${figure(median)} [${figure(low)}, ${figure(high)}]${Number.isFinite(anchor) ? ` ${unit}` : ''}`;
}
