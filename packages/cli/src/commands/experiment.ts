import { type Bezzel, DEFAULT_BUDGET, inert, unwrap, UsageError } from '@bezzel/core';
import type { ChartKind, ExperimentResult, ExperimentSpec, RaceResult } from '@bezzel/experiment';
import { Command, Option } from 'commander';
import { writeWhole } from '@bezzel/files';
import { chartBytes, chartFormatOf, scaleOf } from '../output/chart-files.js';
import { dirname, join, resolve } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { absolutePlugins, type ExperimentFlags, mergeFlags, optionAssignment, pluginsRelativeTo, problemWords, sizeList, strategyList, sweepAssignment } from '../experiment/args.js';
import { experimentProgress } from '../experiment/progress.js';
import { experimentSolver } from '../experiment/solver.js';
import { EXIT, type SetExit } from '../exit.js';
import { onInterrupt } from '../solve/interrupt.js';
import { thisMachine } from '../solve/machine.js';
import { collect, duration, MAX_SEED, memorySize, wholeNumber } from '../options/common-options.js';
import { out } from '../output/output.js';
import { createCliBezzel, userCwd, type LoadedPlugin } from '../plugins/load-plugins.js';
import { resolvePieceId } from '../options/problem-args.js';
import { MiB, readBounded } from '../options/user-file.js';
import { writeNote } from '../output/notes.js';

interface ExperimentOptions extends ExperimentFlags {
  readonly spec?: string;
  readonly out?: string;
  readonly runsOut?: string;
  readonly chart: string[];
  /** PNG pixels per SVG unit. */
  readonly scale: number;
  /** Checked against the package's kinds once it is loaded (it loads only when an experiment runs). */
  readonly chartKind: string[];
  readonly format: 'text' | 'json';
  readonly quiet?: boolean;
  readonly printSpec?: boolean;
  readonly race?: boolean;
  readonly raceBudget?: number;
  readonly when: string[];
}

const EXAMPLES = `
Examples:
  bezzel experiment queen -n 8 --strategies hill-climbing,min-conflicts,random --runs 100
  bezzel experiment queen -n 8 --strategies random --runs 1000 --seed 1 --runs-out runs.csv --chart rtd.png
  bezzel experiment tour knight -n 8 --strategies genetic,warnsdorff --sweep mutationRate=0.01,0.05,0.1 \\
      --runs 30 --seed 1 --out results.json --chart rtd.svg
  bezzel experiment dominate queen -n 6,7,8 --strategies cover-search,ilp,greedy-cover --runs 3
  bezzel experiment --spec study.yaml               a spec file (JSON or YAML): see packages/experiment/README.md
  bezzel experiment --spec results.json --runs 10   results re-run from the spec they carry; flags override it
  bezzel experiment queen -n 16 --strategies simulated-annealing --race --sweep schedule=geometric,linear,exponential \
      --sweep t0=0.5,2,8 --max-steps 200000 --seed 1      F-race: survivors and Friedman p-values
  bezzel experiment queen -n 16 --strategies simulated-annealing --race --race-budget 600 --sweep t0=0.2..8 \
      --sweep alpha=0.5..0.99 --when alpha:schedule=geometric --sweep schedule=geometric,exponential
                                                    iterated racing over sampled ranges, alpha only for geometric

Run i of every strategy and value uses seed + i. Columns left of " | " are the same each time a spec runs;
the times are right of it. Steps are in each strategy's own unit (the unit column, or the headers when all
agree). Mean: of the solved runs; ERT (expected running time, as COCO): all runs' steps over the solved runs.
Intervals are 95%: Wilson for success rates, a seeded bootstrap for medians, means and ERTs; a run that does
not solve counts as never solving. With two rows or more, each row is compared with the first of its size:
Fisher's exact test of success; Mann–Whitney U (exact below 50 runs without ties) of steps (of time when the
units differ) with A12, and the log-rank test with runs out of budget censored at what they spent. Strategies that
record their quality (local searches: h, squares not visited) get a fixed-target table: the share of runs at or
below each target within x steps, and the median best quality by x (--chart-kind ecdf draws it).
Ctrl-C prints the table of the runs done so far.

--race tunes instead (F-race, irace): every surviving configuration runs on the next seed; after 5 seeds,
then after each, the Friedman test of their costs (steps to solve, unsolved = ∞) eliminates those Conover's
comparison finds worse than the best; with two left, Wilcoxon's signed-rank test of their paired costs, as
irace. --runs caps the seeds; --race-budget caps the runs. A sweep of values is a grid raced once;
name=low..high is a range sampled in iterated races. A spec's race field has it all.`;

/** `bezzel experiment`: strategies × swept values × sizes × seeded runs, from flags or a spec file. */
export function experimentCommand(setExit: SetExit): Command {
  return new Command('experiment')
    .description('compare strategies over seeded runs, with parameter sweeps and 95% intervals: a table, CSV/JSON results and SVG charts (run-time distributions, sweeps)')
    .argument('[problem-and-piece...]', 'a piece (placements), or tour <piece>, or dominate <piece>; may come from --spec')
    .option('--spec <file>', 'a spec file (.json, .yaml) or a results file to run again; flags given override its fields')
    .option('--strategies <ids>', 'strategies to compare, comma-separated', strategyList)
    .option('-n, --size <sizes>', 'board side, or a comma-separated list such as 8,16,32 (default 8)', sizeList)
    .option('-k, --k <k>', 'placements: pieces to place (default: the natural number); dominate: the set size', wholeNumber('-k', 0))
    .option('--closed', 'tour: closed tours (default: open tours from a1)')
    .option('--independent', 'dominate: independent domination')
    .option('--total', 'dominate: total domination')
    .option('--goal <goal>', 'one (default), count, maximum; for dominate minimum (default), count-minimum, one, …')
    .option('-o, --option <[strategy.]name=value>', 'a strategy option for every strategy that declares it, or for one (genetic.population=100); repeatable', optionAssignment, [])
    .option('--sweep <name=values>', 'an option and the values to try, such as mutationRate=0.01,0.05,0.1 (repeatable: every combination)', sweepAssignment, {})
    .option('--runs <r>', 'runs per strategy, value and size (default 30)', wholeNumber('--runs', 1, 1_000_000, 'an experiment holds at most a million runs'))
    .option('--seed <n>', 'seed of the first run; run i uses seed + i (default 1)', wholeNumber('--seed', 0, MAX_SEED, 'seeds are 32-bit'))
    .option('--max-steps <n>', 'step budget of each run', wholeNumber('--max-steps', 1))
    .option('--max-time <time>', 'time budget of each run, e.g. 15s (the default), 500ms, or none', duration)
    .option('--memory <size>', 'memory each run may use, which every strategy checks its estimate against: 512M, 12G (powers of 1024; default 1G)', (text: string) => memorySize(text))
    .option('--plugin <module>', 'load a plugin (a package name or a .js/.mjs/.ts file) for its strategies or pieces (repeatable)', collect, [])
    .option('--out <file>', 'write the results: .json (spec, bezzel version, machine, every run; --spec re-runs it) or .csv (a line per row)')
    .option('--runs-out <file>', 'write every run: .csv or .jsonl, a line per run with its seed, status, steps, time and every statistic the strategy reports')
    .option('--chart <file>', 'write a chart: .svg, .png or .pdf (repeatable)', collect, [])
    .option('--scale <n>', 'PNG charts: pixels per point, for print (default 2)', scaleOf, 2)
    .option('--chart-kind <kind>', 'what each --chart draws, in order: rtd (fraction solved against steps: moves where strategies of different units all count them, else a panel per unit), rtd-time, sweep, summary, ecdf (fixed-target run-time ECDFs of the local searches\' quality, a panel per target) (default: rtd for goal one, else summary)', collect, [])
    .addOption(new Option('--compare-on <measure>', "what the tests compare run lengths on: steps (the default: each row's steps, or moves where both count them; the same on every machine) or time (only where runs take 10 clock ticks or more)").choices(['steps', 'time']))
    .addOption(new Option('--format <format>', 'table or JSON on stdout').choices(['text', 'json']).default('text'))
    .option('-q, --quiet', 'no progress on stderr')
    .option('--print-spec', 'check the experiment and print its spec as JSON, without running it (a start for a spec file)')
    .option('--race', 'tune by racing (F-race, iterated as irace) over the --sweep space instead of running every value: survivors, Friedman p-values, budget')
    .option('--race-budget <runs>', 'the most runs a race makes (default: a grid\'s full experiment; 1000 for a sampled space)', wholeNumber('--race-budget', 1, 1_000_000, 'a race makes at most a million runs'))
    .option('--when <name:other=values>', 'race: NAME matters only when OTHER has one of the values, such as alpha:schedule=geometric (repeatable)', collect, [])
    .addHelpText('after', EXAMPLES)
    .action(async (words: string[], options: ExperimentOptions) => runExperimentCommand(words, options, setExit));
}

async function runExperimentCommand(words: string[], options: ExperimentOptions, setExit: SetExit): Promise<void> {
  const cwd = userCwd();
  const outFormat = options.out === undefined ? undefined : formatOf(options.out);
  const runsFormat = options.runsOut === undefined ? undefined : runsFormatOf(options.runsOut);
  const chartFormats = options.chart.map(chartFormatOf);
  // Files in folders that do not exist are refused before this, by the preAction hook (output-request.ts).
  if (options.chartKind.length > options.chart.length) throw new UsageError('ERR_OPTION', 'each --chart-kind goes with a --chart file: give as many --chart files as kinds');
  const { CHART_KINDS, chartRefusal, chartSvg, formatTable, parseSpec, planExperiment, readSpecText, runExperiment, runsToCsv, runsToJsonl, toCsv, toJson } = await import('@bezzel/experiment');
  const wrongKind = options.chartKind.find((kind) => !(CHART_KINDS as readonly string[]).includes(kind));
  if (wrongKind !== undefined) throw new UsageError('ERR_OPTION', `--chart-kind ${wrongKind}: choose one of ${CHART_KINDS.join(', ')}`);

  // The spec file, if any: its plugin files are relative to it.
  let file: Record<string, unknown> = {};
  let source = 'the experiment';
  if (options.spec) {
    const path = resolve(cwd, options.spec);
    const contents = await readSpecText(readText(path, options.spec), options.spec);
    if (contents.madeBy && contents.madeBy !== packageJson.version) {
      writeNote(`bezzel: ${inert(options.spec)} was made by bezzel ${inert(String(contents.madeBy))}, this is ${packageJson.version}: runs may differ`);
    }
    if (typeof contents.spec !== 'object' || contents.spec === null || Array.isArray(contents.spec)) throw new UsageError('ERR_SPEC', `${options.spec} must hold an object with the fields piece, sizes, strategies, …`);
    file = { ...(contents.spec as Record<string, unknown>) };
    if (Array.isArray(file.plugins)) file.plugins = absolutePlugins(file.plugins.map(String), dirname(path));
    source = options.spec;
  } else if (words.length === 0) {
    throw new UsageError('ERR_PIECE', 'name a piece (or tour <piece>, dominate <piece>), or a spec file with --spec');
  }
  const merged = mergeFlags(file, problemWords(words), options);
  if (!options.spec) merged.sizes ??= [8];
  if (!options.spec && merged.strategies === undefined) throw new UsageError('ERR_STRATEGY', 'name the strategies to compare with --strategies, such as min-conflicts,hill-climbing');
  if (options.race || options.raceBudget !== undefined || options.when.length > 0 || merged.race !== undefined) raceFlags(merged, options);
  const plugins = [...(Array.isArray(merged.plugins) ? (merged.plugins as string[]) : []), ...absolutePlugins(options.plugin, cwd)];
  if (plugins.length > 0) merged.plugins = [...new Set(plugins)];

  const { bezzel, plugins: loaded } = await createCliBezzel((merged.plugins as string[] | undefined) ?? []);
  if (typeof merged.piece === 'string') merged.piece = resolvePieceId(bezzel, merged.piece);
  const spec = unwrap(parseSpec(merged, source));
  if (spec.race) {
    if (options.chart.length > 0) throw new UsageError('ERR_OPTION', '--chart draws an experiment, not a race: run the survivors as an experiment (--sweep with their values) to chart them');
    return runRaceCommand(bezzel, loaded, spec, options, setExit);
  }
  const plan = planExperiment(bezzel, spec);
  if (options.printSpec) {
    out(JSON.stringify(writtenSpec(plan.spec, join(cwd, 'spec.json')), null, 2));
    return setExit(EXIT.answered);
  }
  const charts = options.chart.map((chart, i) => ({ file: chart, kind: options.chartKind[i] as ChartKind | undefined, format: chartFormats[i]! }));
  for (const { file: chart, kind } of charts) {
    const refusal = kind && chartRefusal(spec, kind, plan);
    if (refusal) throw new UsageError('ERR_OPTION', `--chart ${chart}: ${refusal}`);
  }

  const perRun = plan.spec.budget?.maxTimeMs;
  warnIfLong(plan.cells.length * plan.spec.runs, perRun === undefined ? DEFAULT_BUDGET.maxTimeMs : (perRun ?? Number.POSITIVE_INFINITY));

  const controller = new AbortController();
  const stopListening = onInterrupt(controller);
  const progress = options.quiet ? undefined : experimentProgress();
  const solver = await experimentSolver(bezzel, loaded, plan);
  const date = new Date().toISOString();
  let result: ExperimentResult;
  try {
    result = await runExperiment(bezzel, spec, { signal: controller.signal, ...(solver.solve ? { solve: solver.solve } : {}), ...(progress ? { onRun: progress.onRun, onCell: progress.onCell } : {}) });
  } finally {
    progress?.finish();
    stopListening();
    await solver.close();
  }
  const provenance = { bezzel: packageJson.version, machine: thisMachine(), date };
  // The results name their plugin files from where the results go, so a folder with both moves as one.
  const where = options.out ? resolve(cwd, options.out) : join(cwd, 'results.json');
  const shown = { ...result, spec: writtenSpec(result.spec, where) };
  out(options.format === 'json' ? toJson(shown, provenance).trimEnd() : formatTable(shown));
  if (options.out) write(options.out, outFormat === 'csv' ? toCsv(shown) : toJson(shown, provenance));
  if (options.runsOut) write(options.runsOut, runsFormat === 'csv' ? runsToCsv(shown) : runsToJsonl(shown));
  for (const { file: chart, kind, format } of charts) if (result.runs.length > 0) write(chart, await chartBytes(await chartSvg(result, kind), format, options.scale));
  setExit(result.stopped ? EXIT.interrupted : EXIT.answered);
}

/**
 * The race flags into the spec (as written): --race-budget into race.budget, a swept `low..high` into a range of
 * race.parameters, --when into its conditions.
 */
function raceFlags(merged: Record<string, unknown>, options: ExperimentOptions): void {
  if (!options.race && merged.race === undefined) throw new UsageError('ERR_OPTION', `${options.raceBudget !== undefined ? '--race-budget' : '--when'} is for a race: add --race`);
  const race: Record<string, unknown> = { ...(isRecord(merged.race) ? merged.race : {}) };
  const parameters: Record<string, Record<string, unknown>> = { ...(isRecord(race.parameters) ? (race.parameters as Record<string, Record<string, unknown>>) : {}) };
  if (options.raceBudget !== undefined) race.budget = options.raceBudget;
  const sweep: Record<string, unknown> = { ...(isRecord(merged.sweep) ? merged.sweep : {}) };
  for (const [name, values] of Object.entries(options.sweep)) {
    const range = values.length === 1 ? /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*\.\.\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*$/i.exec(values[0]!) : null;
    if (!range) continue;
    delete sweep[name];
    const { values: _values, ...rest } = parameters[name] ?? {};
    parameters[name] = { ...rest, range: [Number(range[1]), Number(range[2])] };
  }
  for (const text of options.when) {
    const match = /^([a-zA-Z][\w-]*):([a-zA-Z][\w-]*)=(.+)$/.exec(text);
    if (!match) throw new UsageError('ERR_OPTION', `--when ${inert(text)}: write NAME:OTHER=value,value (NAME matters only when OTHER has one of the values), such as alpha:schedule=geometric`);
    const [, name, other, list] = match;
    const values = list!.split(',').map((v) => v.trim());
    if (values.includes('')) throw new UsageError('ERR_OPTION', `--when ${inert(text)} has an empty value between commas: write each value once`);
    const previous = parameters[name!] ?? {};
    parameters[name!] = { ...previous, when: { ...(isRecord(previous.when) ? previous.when : {}), [other!]: values } };
  }
  if (Object.keys(parameters).length > 0) race.parameters = parameters;
  if (Object.keys(sweep).length > 0) merged.sweep = sweep;
  else delete merged.sweep;
  merged.race = race;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `--race`: the race, its table, and its results files (the JSON re-runs it, as an experiment's does). */
async function runRaceCommand(bezzel: Bezzel, loaded: readonly LoadedPlugin[], spec: ExperimentSpec, options: ExperimentOptions, setExit: SetExit): Promise<void> {
  const cwd = userCwd();
  const { formatP, formatRace, planExperiment, planRace, raceToJson, runRace, runsToCsv, runsToJsonl } = await import('@bezzel/experiment');
  const outFormat = options.out === undefined ? undefined : formatOf(options.out);
  if (outFormat === 'csv') throw new UsageError('ERR_OPTION', `--out ${options.out}: a race's results are .json (--runs-out writes its runs as CSV)`);
  const runsFormat = options.runsOut === undefined ? undefined : runsFormatOf(options.runsOut);
  const race = planRace(bezzel, spec);
  if (options.printSpec) {
    out(JSON.stringify(writtenSpec(spec, join(cwd, 'spec.json')), null, 2));
    return setExit(EXIT.answered);
  }
  const perRun = spec.budget?.maxTimeMs;
  warnIfLong(race.budget, perRun === undefined ? DEFAULT_BUDGET.maxTimeMs : (perRun ?? Number.POSITIVE_INFINITY));
  // Where the runs go (a search thread for a plugin's strategy or long runs): judged on the grid's cells, or the
  // strategies as the spec sets them.
  const { sweep: _sweep, race: _race, ...base } = spec;
  const cells = race.grid ? race.configurations.flatMap((c) => c.cells) : planExperiment(bezzel, base).cells;
  const solver = await experimentSolver(bezzel, loaded, { spec, cells, notes: [] });
  const controller = new AbortController();
  const stopListening = onInterrupt(controller);
  const date = new Date().toISOString();
  let result: RaceResult;
  try {
    result = await runRace(bezzel, spec, {
      signal: controller.signal,
      ...(solver.solve ? { solve: solver.solve } : {}),
      ...(options.quiet ? {} : { onStep: (step) => process.stderr.write(`race ${step.iteration}, ${step.instances} instances: ${step.alive} alive, ${step.test === 'friedman' ? 'Friedman' : 'Wilcoxon signed-rank'} p = ${formatP(step.p)}${step.test === 'dominance' ? ' (one no worse on every instance)' : ''}${step.eliminated.length > 0 ? `, ${step.eliminated.length} eliminated` : ''}\n`) }),
    });
  } finally {
    stopListening();
    await solver.close();
  }
  const provenance = { bezzel: packageJson.version, machine: thisMachine(), date };
  const where = options.out ? resolve(cwd, options.out) : join(cwd, 'results.json');
  const shown = { ...result, spec: writtenSpec(result.spec, where) };
  out(options.format === 'json' ? raceToJson(shown, provenance).trimEnd() : formatRace(shown));
  if (options.out) write(options.out, raceToJson(shown, provenance));
  if (options.runsOut) {
    const asExperiment = { spec: { ...shown.spec, sweep: Object.fromEntries(result.space.map((p) => [p.name, p.values ?? []])) }, rows: result.rows, runs: result.runs, comparisons: [], notes: [] };
    write(options.runsOut, runsFormat === 'csv' ? runsToCsv(asExperiment) : runsToJsonl(asExperiment));
  }
  setExit(result.stopped ? EXIT.interrupted : EXIT.answered);
}

/** The spec as a file at `path` states it: plugin files relative to that file. */
function writtenSpec(spec: ExperimentSpec, path: string): ExperimentSpec {
  return spec.plugins ? { ...spec, plugins: pluginsRelativeTo(spec.plugins, path) } : spec;
}

function readText(path: string, name: string): string {
  try {
    return readBounded(path, 256 * MiB);
  } catch (error) {
    throw new UsageError('ERR_SPEC', `cannot read ${name}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message.split('\n')[0]}`);
  }
}

function write(file: string, text: string | Uint8Array): void {
  writeWhole(resolve(userCwd(), file), text, file);
  writeNote(`wrote ${inert(file)}`);
}

function runsFormatOf(file: string): 'jsonl' | 'csv' {
  if (/\.jsonl$/i.test(file)) return 'jsonl';
  if (/\.csv$/i.test(file)) return 'csv';
  throw new UsageError('ERR_OPTION', `--runs-out ${inert(file)}: name a .csv or a .jsonl file`);
}

/** Past this, an experiment whose runs all used their whole budget says so before it starts. */
const LONG_EXPERIMENT_MS = 10 * 60_000;

/**
 * A strategy that never solves (random on 16 queens) spends its whole budget on every run: say up front how long
 * that could take, so nobody waits fifty minutes without a word.
 */
function warnIfLong(runs: number, maxTimeMs: number): void {
  const worst = runs * maxTimeMs;
  if (worst <= LONG_EXPERIMENT_MS) return;
  const span = Number.isFinite(worst) ? `up to ${worst >= 3_600_000 ? `${(worst / 3_600_000).toFixed(1)} h` : `${Math.round(worst / 60_000)} min`}` : 'without end (no time budget)';
  writeNote(`bezzel: ${runs} runs could take ${span} if they use their whole budget; --max-time sets a run's budget, and Ctrl-C stops with the runs so far`);
}

function formatOf(file: string): 'json' | 'csv' {
  if (/\.json$/i.test(file)) return 'json';
  if (/\.csv$/i.test(file)) return 'csv';
  throw new UsageError('ERR_OPTION', `--out ${file}: name a .json or a .csv file`);
}
