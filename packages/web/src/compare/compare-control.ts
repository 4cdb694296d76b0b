import { GOALS_OF, type Bezzel, type Goal } from '@bezzel/core';
import { clockResolutionMs, commonUnit, comparisonLines, type CompareOptions, EXPERIMENT_GOALS, formatTable, parseSpec, planExperiment, runsToCsv, time, toCsv, toJson, type ExperimentResult, type ExperimentSpec, type Plan, type Provenance, type RunRecord } from '@bezzel/experiment';
import packageJson from '../../package.json' with { type: 'json' };
import { byId, el, setText, show } from '../shared/dom.js';
import { pageWords } from '../shared/page-words.js';
import { pageBezzel } from '../shared/plugins.js';
import type { PageState } from '../setup/state.js';
import { jobsOf, recordOfJob, resultOf, type CompareJob } from './experiment-runs.js';
import { defaultWorkers, WorkerPool } from './pool.js';
import { resultCharts, resultTable, startNotes, timesShown } from './compare-results.js';
import type { RtdMeasure } from './rtd-svg.js';

/** Strategies ticked at first, where the problem has them: the pair every AI course compares. */
const FIRST_CHOICE = ['hill-climbing', 'min-conflicts'];
/** The most runs the page starts at once: more is a job for the terminal. */
export const MAX_PAGE_RUNS = 20_000;
/** How often the table is summed up again while runs arrive. */
const REDRAW_MS = 250;

/** What the compare form asks, beside the set-up's problem and piece. */
export interface CompareChoices {
  readonly strategies: readonly string[];
  readonly sizes: readonly number[];
  readonly runs: number;
  readonly seed: number;
  readonly goal: Goal;
  readonly maxSteps: number | undefined;
}

/**
 * The spec `bezzel experiment` would run for this set-up and these choices, as its flags build it: the problem,
 * piece, k, closed or variant from the set-up; square boards of the sides asked; tours open from a1 unless closed.
 * No time budget is written (the default of every command, 15 s, applies), so the results file states the spec
 * the same command line states.
 */
export function specInput(setup: PageState, pieceId: string, choices: CompareChoices): Record<string, unknown> {
  return {
    problem: setup.problem,
    piece: pieceId,
    sizes: [...choices.sizes],
    ...(setup.k !== undefined && setup.problem !== 'tour' && !(setup.problem === 'dominate' && ['minimum', 'count-minimum', 'count-minimum-fundamental'].includes(choices.goal)) ? { k: setup.k } : {}),
    ...(setup.problem === 'tour' && setup.closed ? { closed: true } : {}),
    ...(setup.problem === 'dominate' && setup.variant !== 'plain' ? { variant: setup.variant } : {}),
    goal: choices.goal,
    strategies: [...choices.strategies],
    runs: choices.runs,
    seed: choices.seed,
    ...(choices.maxSteps !== undefined ? { budget: { maxSteps: choices.maxSteps } } : {}),
  };
}

/** The command line that runs the same experiment in a terminal. */
export function commandOf(spec: ExperimentSpec): string {
  const words = spec.problem === 'placement' ? [spec.piece] : [spec.problem, spec.piece];
  const flags = [
    `-n ${spec.sizes.join(',')}`,
    ...(spec.k !== undefined ? [`-k ${spec.k}`] : []),
    ...(spec.closed ? ['--closed'] : []),
    ...(spec.variant && spec.variant !== 'plain' ? [`--${spec.variant}`] : []),
    ...(spec.goal !== (spec.problem === 'dominate' ? 'minimum' : 'one') ? [`--goal ${spec.goal}`] : []),
    `--strategies ${spec.strategies.join(',')}`,
    `--runs ${spec.runs}`,
    `--seed ${spec.seed}`,
    ...(spec.budget?.maxSteps !== undefined ? [`--max-steps ${spec.budget.maxSteps}`] : []),
    ...(spec.compareOn === 'time' ? ['--compare-on time'] : []),
  ];
  return `bezzel experiment ${words.join(' ')} ${flags.join(' ')} --out results.json`;
}

/** Goals an experiment of this problem takes (all but `all`), the problem's default first. */
export function compareGoals(setup: PageState): Goal[] {
  return GOALS_OF[setup.problem].filter((g) => EXPERIMENT_GOALS.includes(g));
}

interface Experiment {
  readonly plan: Plan;
  readonly jobs: readonly CompareJob[];
  readonly records: (RunRecord | undefined)[];
  readonly pool: WorkerPool;
  readonly workers: number;
  readonly startedAt: string;
  done: number;
  error?: string;
  result?: ExperimentResult;
}

/**
 * The Compare tab: strategies, sides, runs and a first seed picked on the page; the runs shared among Web
 * Workers; the figures summed up by the experiment package's own functions (see experiment-runs.ts), so they are
 * the CLI's for the same seeds; a table with 95% intervals, run-time distributions, and the results as the CLI
 * writes them (JSON, CSV, every run as CSV).
 */
export class CompareControl {
  #experiment: Experiment | undefined;
  #problem = '';
  #redraw = 0;
  #urls: string[] = [];
  /** The ticked strategies in the order they were ticked: the first is the one the others are tested against. */
  #order: string[] = [];
  /** The resolution of this browser's clock, measured once (the page's times are only as fine as it). */
  #resolution: number | undefined;

  constructor(
    private readonly registry: Bezzel,
    private readonly setup: () => PageState,
  ) {
    byId('compare-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.start();
    });
    byId('compare-stop').addEventListener('click', () => this.stop());
    byId('compare-strategies').addEventListener('change', (event) => {
      const box = event.target as HTMLInputElement;
      this.#order = this.#order.filter((id) => id !== box.value);
      if (box.checked) this.#order.push(box.value);
    });
    byId('compare-measure').addEventListener('change', () => this.#remeasure());
    byId<HTMLInputElement>('compare-workers').value = String(defaultWorkers());
  }

  get running(): boolean {
    return this.#experiment?.pool.running ?? false;
  }

  /** Called when the tab is drawn: the strategy boxes and goals follow the set-up's problem. */
  draw(): void {
    const setup = this.setup();
    const key = `${setup.problem}`;
    if (key !== this.#problem) {
      this.#problem = key;
      this.#fillChoices(setup);
    }
    const sizes = byId<HTMLInputElement>('compare-sizes');
    if (sizes.value === '') sizes.value = String(setup.width);
    byId<HTMLButtonElement>('compare-stop').disabled = !this.running;
    byId<HTMLButtonElement>('compare-run').disabled = this.running;
  }

  stop(): void {
    const experiment = this.#experiment;
    if (!experiment?.pool.running) return;
    experiment.pool.stop();
    this.#finish(experiment);
  }

  async start(): Promise<void> {
    this.stop();
    const error = byId('compare-error');
    setText(error, '');
    const setup = this.setup();
    const choices = this.#choices();
    if (typeof choices === 'string') return setText(error, choices);
    const made = await pageBezzel(setup.piece);
    if (!made.ok) return setText(error, `The piece cannot be read: ${made.error.message}`);
    const parsed = parseSpec(specInput(setup, made.value.pieceId, choices), 'the comparison');
    if (!parsed.ok) return setText(error, pageWords(parsed.error.message));
    let plan: Plan;
    try {
      plan = planExperiment(made.value.bezzel, parsed.value);
    } catch (e) {
      return setText(error, pageWords(e instanceof Error ? e.message : String(e)));
    }
    const jobs = jobsOf(plan);
    if (jobs.length > MAX_PAGE_RUNS) return setText(error, `That is ${jobs.length.toLocaleString('en')} runs; the page runs at most ${MAX_PAGE_RUNS.toLocaleString('en')} at once (the terminal's bezzel experiment takes a million).`);
    const workers = Math.max(1, Math.min(8, Number(byId<HTMLInputElement>('compare-workers').value) || defaultWorkers()));
    const records: (RunRecord | undefined)[] = new Array(jobs.length).fill(undefined);
    const experiment: Experiment = {
      plan,
      jobs,
      records,
      workers,
      startedAt: new Date().toISOString(),
      done: 0,
      pool: new WorkerPool(jobs, setup.piece, workers, {
        onResult: (index, result) => {
          records[index] = recordOfJob(plan, jobs[index]!, result);
          experiment.done++;
          this.#drawProgress();
          this.#schedule();
        },
        onError: (message) => {
          experiment.error = message;
          this.#finish(experiment);
        },
        onDone: () => this.#finish(experiment),
      }),
    };
    this.#experiment = experiment;
    byId('compare-results').dataset.state = 'running';
    setText(byId('compare-command'), commandOf(plan.spec));
    this.#drawProgress();
    this.draw();
  }

  #finish(experiment: Experiment): void {
    if (experiment !== this.#experiment) return;
    experiment.result = resultOf(experiment.plan, experiment.records, this.#compareOn());
    this.#drawProgress();
    this.#drawResults();
    this.#drawExports(experiment);
    byId('compare-results').dataset.state = experiment.error ? 'error' : experiment.result.stopped ? 'stopped' : 'done';
    this.draw();
  }

  #schedule(): void {
    if (this.#redraw) return;
    // Summing up (bootstraps of 2,000 resamples a figure) grows with the runs: wait five times what the last one
    // took, so the page stays responsive while thousands of runs arrive.
    this.#redraw = window.setTimeout(() => {
      const experiment = this.#experiment;
      if (!experiment?.pool.running) {
        this.#redraw = 0;
        return;
      }
      const started = performance.now();
      experiment.result = resultOf(experiment.plan, experiment.records, this.#compareOn());
      this.#drawProgress();
      this.#drawResults();
      const took = performance.now() - started;
      window.setTimeout(() => (this.#redraw = 0), Math.max(0, 5 * took - REDRAW_MS));
    }, REDRAW_MS);
  }

  #choices(): CompareChoices | string {
    const ticked = new Set(Array.from(document.querySelectorAll<HTMLInputElement>('#compare-strategies input:checked')).map((box) => box.value));
    const strategies = [...this.#order.filter((id) => ticked.has(id)), ...[...ticked].filter((id) => !this.#order.includes(id))];
    if (strategies.length === 0) return 'Tick at least one strategy to compare.';
    const sizesText = byId<HTMLInputElement>('compare-sizes').value;
    const sizes = sizesText.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
    if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 1000)) return `Board sides must be whole numbers from 1 to 1000, separated by commas (such as 6,8,10), not "${sizesText}".`;
    const whole = (id: string, what: string, min: number, max: number): number | string => {
      const text = byId<HTMLInputElement>(id).value.trim();
      const n = Number(text);
      return text !== '' && Number.isInteger(n) && n >= min && n <= max ? n : `${what} must be a whole number from ${min} to ${max.toLocaleString('en')}, not "${text}".`;
    };
    const runs = whole('compare-runs', 'Runs', 1, MAX_PAGE_RUNS);
    if (typeof runs === 'string') return runs;
    const seed = whole('compare-seed', 'The first seed', 0, 0xffff_ffff);
    if (typeof seed === 'string') return seed;
    const stepsText = byId<HTMLInputElement>('compare-max-steps').value.trim();
    const maxSteps = stepsText === '' ? undefined : whole('compare-max-steps', 'Max steps', 1, Number.MAX_SAFE_INTEGER);
    if (typeof maxSteps === 'string') return maxSteps;
    return { strategies, sizes: [...new Set(sizes)], runs, seed, goal: byId<HTMLSelectElement>('compare-goal').value as Goal, maxSteps };
  }

  #fillChoices(setup: PageState): void {
    const host = byId('compare-strategies');
    const fits = this.registry.strategies.filter((s) => s.meta.problems.includes(setup.problem) && s.meta.goals.some((g) => EXPERIMENT_GOALS.includes(g)));
    const ids = fits.map((s) => s.meta.id);
    const ticked = this.#order.filter((id) => ids.includes(id));
    const first = ticked.length > 0 ? ticked : FIRST_CHOICE.filter((id) => ids.includes(id)).length > 0 ? FIRST_CHOICE.filter((id) => ids.includes(id)) : ids.slice(0, 2);
    this.#order = first;
    host.replaceChildren(
      ...fits.map((s) => {
        const box = el('input', { type: 'checkbox', value: s.meta.id, id: `compare-${s.meta.id}` });
        box.checked = first.includes(s.meta.id);
        return el('label', { class: 'check', for: `compare-${s.meta.id}`, title: s.meta.description ?? '' }, box, ` ${s.meta.id}`);
      }),
    );
    const goal = byId<HTMLSelectElement>('compare-goal');
    const goals = compareGoals(setup);
    goal.replaceChildren(...goals.map((g) => el('option', { value: g }, g)));
    goal.value = goals.includes(setup.goal) ? setup.goal : goals[0]!;
  }

  #drawProgress(): void {
    const experiment = this.#experiment;
    if (!experiment) return;
    const bar = byId<HTMLProgressElement>('compare-bar');
    bar.max = experiment.jobs.length;
    bar.value = experiment.done;
    const state = experiment.error ? `stopped by an error: ${experiment.error}` : experiment.pool.running ? `on ${experiment.workers} worker${experiment.workers === 1 ? '' : 's'}` : experiment.done < experiment.jobs.length ? 'stopped' : 'done';
    setText(byId('compare-done'), `${experiment.done.toLocaleString('en')} of ${experiment.jobs.length.toLocaleString('en')} runs, ${state}`);
    show(byId('compare-progress'), true);
  }

  /** Run lengths are tested on what the chart is against: steps, or time where the chart may be against it. */
  #compareOn(): CompareOptions {
    const select = byId<HTMLSelectElement>('compare-measure');
    if (select.value !== 'time') return { on: 'steps' };
    return { on: 'time', clockResolutionMs: (this.#resolution ??= clockResolutionMs()) };
  }

  /** The chart against steps or time: the tests (and the results file, and the command) follow. */
  #remeasure(): void {
    const experiment = this.#experiment;
    if (experiment?.result && !experiment.pool.running) {
      experiment.result = resultOf(experiment.plan, experiment.records, this.#compareOn());
      this.#drawResults();
      this.#drawExports(experiment);
      return;
    }
    this.#drawResults();
  }

  #drawResults(): void {
    let result = this.#experiment?.result;
    const host = byId('compare-results');
    if (!result || result.rows.length === 0) {
      host.replaceChildren();
      return;
    }
    const experiment = this.#experiment!;
    const unit = commonUnit(result);
    const resolution = (this.#resolution ??= clockResolutionMs());
    const times = timesShown(result, resolution);
    // The time chart only where times mean something; the steps otherwise, whatever was chosen.
    const select = byId<HTMLSelectElement>('compare-measure');
    const timeOption = select.querySelector<HTMLOptionElement>('option[value="time"]')!;
    timeOption.disabled = !times.ok;
    timeOption.title = times.ok ? '' : times.reason;
    if (!times.ok && select.value === 'time') select.value = 'steps';
    const measure = select.value as RtdMeasure;
    // Times too short to tell: tested on steps after all, as the chart is (the exports are drawn after this).
    if (result.spec.compareOn === 'time' && measure !== 'time') result = experiment.result = resultOf(experiment.plan, experiment.records, { on: 'steps' });
    const width = Math.min(host.clientWidth || 640, 720);
    const sides = result.spec.sizes.length > 1;
    const notes = [
      ...startNotes(result.spec, this.registry),
      ...result.notes,
      times.ok ? `Times are this browser's, with ${experiment.workers} run${experiment.workers === 1 ? '' : 's'} side by side, timed on a clock of ${time(resolution)} resolution: they differ from the terminal's. Every other figure is the terminal's for the same seeds.` : times.reason,
      ...(result.stopped ? [`Stopped after ${result.stopped.done.toLocaleString('en')} of ${result.stopped.planned.toLocaleString('en')} runs: the rows sum up the runs done.`] : []),
    ];
    const legend = el('p', { class: 'small' }, `${sides ? '' : `${result.rows[0]!.n}×${result.rows[0]!.n}: `}${result.spec.runs.toLocaleString('en')} runs a row, seeds ${result.spec.seed} to ${result.spec.seed + result.spec.runs - 1} (run i uses seed + i). Under each figure its 95% interval: Wilson's for the success rate, a seeded bootstrap's for medians, means and ERT (expected running time: all runs' ${unit ?? 'steps'} over the runs solved). A run that did not solve counts as never solving.${unit ? '' : ` Each strategy counts its own steps: ${result.rows.map((r) => `${r.label} ${r.stepUnit}`).join(', ')}.`}`);
    host.replaceChildren(el('div', { class: 'table-scroll' }, resultTable(result, times.ok)), legend, resultCharts(result, measure, width), el('ul', { class: 'small compare-notes' }, ...notes.map((n) => el('li', {}, n))));
    setText(byId('compare-text'), formatTable(result));
    const lines = comparisonLines(result.comparisons, result.spec.sizes.length > 1);
    byId('compare-comparisons').replaceChildren(...lines.slice(1).map((line) => el('li', {}, line.trim())));
    setText(byId('compare-comparisons-title'), lines[0] ?? '');
  }

  #drawExports(experiment: Experiment): void {
    for (const url of this.#urls) URL.revokeObjectURL(url);
    this.#urls = [];
    const result = experiment.result!;
    const provenance: Provenance = {
      bezzel: packageJson.version,
      machine: { cpu: 'unknown (a web browser)', cores: navigator.hardwareConcurrency || 1, memoryGiB: (navigator as { deviceMemory?: number }).deviceMemory ?? 0, node: `none: ${navigator.userAgent}`, platform: navigator.platform || 'unknown' },
      date: experiment.startedAt,
    };
    const link = (id: string, text: string, type: string) => {
      const url = URL.createObjectURL(new Blob([text], { type }));
      this.#urls.push(url);
      const a = byId<HTMLAnchorElement>(id);
      a.href = url;
      a.removeAttribute('aria-disabled');
    };
    setText(byId('compare-command'), commandOf(result.spec));
    link('compare-json', toJson(result, provenance), 'application/json');
    link('compare-csv', toCsv(result), 'text/csv');
    link('compare-runs-csv', runsToCsv(result), 'text/csv');
    show(byId('compare-exports'), true);
  }
}

