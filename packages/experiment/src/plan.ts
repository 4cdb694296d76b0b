import { checkOptionValue, UsageError, type Bezzel, type Budget, type Goal, type OptionValue, type Problem, type SearchStrategy, type Task } from '@bezzel/core';
import type { ExperimentSpec } from './spec.js';

/** One line of the table: a strategy with one value of each swept option it declares, on one board size. */
export interface Cell {
  readonly strategy: string;
  /** The swept options' values (converted by their declarations); empty for a strategy that declares none. */
  readonly params: Readonly<Record<string, OptionValue>>;
  /** The strategy and its swept values, as the table and charts name the cell: `genetic mutationRate=0.05`. */
  readonly label: string;
  /** What its steps count: the strategy's `meta.stepUnit`, or 'steps' when it does not say. */
  readonly stepUnit: string;
  /** What the quality its runs record counts ('attacking pairs'): the strategy's `meta.quality`; absent, none. */
  readonly quality?: string;
  readonly n: number;
  /** The goal its runs have: the spec's, or `one` for a domination strategy that proves no minimum (see notes). */
  readonly goal: Goal;
  /** The task of the run with this seed. */
  task(seed: number): Task;
}

/** The whole experiment, checked: its cells in the order they run, and what a reader should know about them. */
export interface Plan {
  readonly spec: ExperimentSpec;
  readonly cells: readonly Cell[];
  readonly notes: readonly string[];
}

/** The name of a cell: its strategy, and each swept value. */
export function labelOf(strategy: string, params: Readonly<Record<string, OptionValue>>): string {
  return [strategy, ...Object.entries(params).map(([name, value]) => `${name}=${String(value)}`)].join(' ');
}

/**
 * Checks the experiment against the strategies' declarations before any run — every option, every swept value
 * and every strategy on every size, in the words of `bezzel place` — so a typo fails at once rather than after an
 * hour, and lays out its cells.
 */
export function planExperiment(bezzel: Bezzel, spec: ExperimentSpec): Plan {
  const strategies = spec.strategies.map((id) => strategyOf(bezzel, id));
  const declares = (strategy: SearchStrategy, name: string) => Boolean(strategy.meta.options?.[name] && !strategy.meta.options[name]!.info.internal);
  const nobody = (name: string) => !strategies.some((s) => declares(s, name));
  for (const name of Object.keys(spec.options ?? {})) {
    if (nobody(name)) throw new UsageError('ERR_OPTION', `none of ${spec.strategies.join(', ')} has an option "${name}"`);
  }
  for (const name of Object.keys(spec.sweep ?? {})) {
    if (nobody(name)) throw new UsageError('ERR_OPTION', `none of ${spec.strategies.join(', ')} has an option "${name}" to sweep`);
  }

  const notes: string[] = [];
  const perStrategy = strategies.map((strategy) => {
    const id = strategy.meta.id;
    const own = spec.strategyOptions?.[id] ?? {};
    const fixed: Record<string, OptionValue> = { ...pick(spec.options ?? {}, (name) => declares(strategy, name)), ...own };
    const swept = Object.entries(spec.sweep ?? {}).filter(([name]) => declares(strategy, name));
    for (const [name] of swept) {
      if (name in fixed) throw new UsageError('ERR_OPTION', `option ${name} of ${id} is both swept and set; say it in one place`);
    }
    const goal = goalOf(spec, strategy);
    if (goal !== spec.goal) notes.push(`${id} proves no minimum: it runs goal ${goal}, the smallest set it finds (an upper bound)`);
    return { strategy, fixed, combinations: product(swept), goal };
  });

  const cells: Cell[] = [];
  for (const n of spec.sizes) {
    for (const { strategy, fixed, combinations, goal } of perStrategy) {
      for (const combination of combinations) {
        const given = { ...fixed, ...combination };
        const draft = taskOf(spec, strategy.meta.id, goal, n, given, spec.seed);
        const instance = bezzel.instantiate(draft);
        if (!instance.ok) throw instance.error;
        const chosen = bezzel.choose(instance.value);
        if (!chosen.ok) throw new UsageError('ERR_STRATEGY', `${chosen.error.message} (on ${n}×${n})`);
        const checked = bezzel.checkOptions(chosen.value, draft);
        if (!checked.ok) throw checked.error;
        // The values as their declarations convert them ("0.05" from a command line is 0.05), and only those given.
        const options = pick(checked.value, (name) => name in given);
        const params = pick(options, (name) => name in combination);
        cells.push({
          strategy: strategy.meta.id,
          params,
          label: labelOf(strategy.meta.id, params),
          stepUnit: strategy.meta.stepUnit ?? 'steps',
          ...(strategy.meta.quality !== undefined ? { quality: strategy.meta.quality } : {}),
          n,
          goal,
          // A strategy that reports a quality records its trajectory, for the fixed-target and fixed-budget views.
          task: (seed) => ({ ...taskOf(spec, strategy.meta.id, goal, n, options, seed), ...(strategy.meta.quality !== undefined ? { trajectory: true } : {}) }),
        });
      }
    }
  }
  const runs = cells.length * spec.runs;
  if (runs > MAX_RUNS) {
    throw new UsageError('ERR_SPEC', `${cells.length} cells (strategies × swept values × sizes) of ${spec.runs} runs each make ${runs} runs; an experiment may have at most ${MAX_RUNS} (fewer runs, or split it into several)`);
  }
  if (spec.seed + spec.runs - 1 > MAX_SEED) throw new UsageError('ERR_SPEC', `runs use seeds ${spec.seed} to ${spec.seed + spec.runs - 1}, past the largest seed, ${MAX_SEED}: start lower`);
  return { spec: normalized(spec, strategies), cells, notes };
}

/** The most runs one experiment may hold: its results (a few hundred bytes a run) stay in memory and in one file. */
export const MAX_RUNS = 1_000_000;
/** Seeds are 32-bit: run i uses seed + i, which must stay a seed. */
const MAX_SEED = 0xffff_ffff;

/**
 * The spec with its option values as the declarations convert them ("0.05" typed on a command line is 0.05), so
 * a results file states numbers as numbers. A value is converted by the first strategy that declares its
 * option; one that no declaration takes stays as written (planning has refused it by then).
 */
function normalized(spec: ExperimentSpec, strategies: readonly SearchStrategy[]): ExperimentSpec {
  const convert = (name: string, value: OptionValue, among: readonly SearchStrategy[]): OptionValue => {
    const strategy = among.find((s) => s.meta.options?.[name]);
    if (!strategy) return value;
    const checked = checkOptionValue(strategy.meta.id, name, strategy.meta.options![name]!, value);
    return checked.ok ? checked.value : value;
  };
  const record = (values: Readonly<Record<string, OptionValue>>, among: readonly SearchStrategy[]) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, convert(name, value, among)]));
  return {
    ...spec,
    ...(spec.options ? { options: record(spec.options, strategies) } : {}),
    ...(spec.strategyOptions ? { strategyOptions: Object.fromEntries(Object.entries(spec.strategyOptions).map(([id, values]) => [id, record(values, strategies.filter((s) => s.meta.id === id))])) } : {}),
    ...(spec.sweep ? { sweep: Object.fromEntries(Object.entries(spec.sweep).map(([name, values]) => [name, values.map((value) => convert(name, value, strategies))])) } : {}),
  };
}

function strategyOf(bezzel: Bezzel, id: string): SearchStrategy {
  const strategy = bezzel.strategy(id);
  if (!strategy) throw new UsageError('ERR_STRATEGY', `unknown strategy "${id}"; known strategies: ${bezzel.strategies.map((s) => s.meta.id).join(', ')}`);
  return strategy;
}

/**
 * Greedy domination proves nothing, so it does not take goal `minimum`; in a comparison of minimum-finders it
 * runs goal `one` without k — the smallest set it finds — and its rows show the value found, unproven.
 */
function goalOf(spec: ExperimentSpec, strategy: SearchStrategy): Goal {
  const { goals } = strategy.meta;
  if (spec.problem === 'dominate' && spec.goal === 'minimum' && spec.k === undefined && !goals.includes('minimum') && goals.includes('one')) return 'one';
  return spec.goal;
}

function problemOf(spec: ExperimentSpec, n: number): Problem {
  const board = { width: n, height: n };
  switch (spec.problem) {
    case 'placement':
      return { kind: 'placement', board, piece: spec.piece, ...(spec.k !== undefined ? { k: spec.k } : {}) };
    case 'tour':
      return { kind: 'tour', board, piece: spec.piece, ...(spec.closed ? { closed: true } : { start: 0 }) };
    case 'dominate':
      return { kind: 'dominate', board, piece: spec.piece, ...(spec.variant && spec.variant !== 'plain' ? { variant: spec.variant } : {}), ...(spec.k !== undefined ? { k: spec.k } : {}) };
  }
}

/** A spec's budget as a task takes it: null time is no limit. */
export function budgetOf(spec: ExperimentSpec): Budget | undefined {
  if (!spec.budget) return undefined;
  const { maxSteps, maxTimeMs, maxMemoryBytes } = spec.budget;
  return {
    ...(maxSteps !== undefined ? { maxSteps } : {}),
    ...(maxTimeMs !== undefined ? { maxTimeMs: maxTimeMs ?? Number.POSITIVE_INFINITY } : {}),
    ...(maxMemoryBytes !== undefined ? { maxMemoryBytes } : {}),
  };
}

function taskOf(spec: ExperimentSpec, strategy: string, goal: Goal, n: number, options: Readonly<Record<string, OptionValue>>, seed: number): Task {
  const budget = budgetOf(spec);
  return {
    problem: problemOf(spec, n),
    goal,
    strategy,
    seed,
    ...(budget ? { budget } : {}),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
}

/** Every combination of the swept values, the last option varying fastest; one empty combination when none. */
function product(swept: readonly (readonly [string, readonly OptionValue[]])[]): Record<string, OptionValue>[] {
  let combinations: Record<string, OptionValue>[] = [{}];
  for (const [name, values] of swept) combinations = combinations.flatMap((c) => values.map((value) => ({ ...c, [name]: value })));
  return combinations;
}

function pick<T>(record: Readonly<Record<string, T>>, keep: (name: string) => boolean): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => keep(name)));
}
