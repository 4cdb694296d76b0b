import { UsageError, type Bezzel, type Budget, type OptionValue, type Task } from '@bezzel/core';
import { summarize, type Summary } from './summary.js';

/** One comparison: every strategy runs the same seeds on every size. */
export interface ExperimentSpec {
  readonly piece: string;
  /** Square board sides; more than one makes a size sweep. */
  readonly sizes: readonly number[];
  /** Pieces to place; absent means the natural number (n queens on n×n). */
  readonly k?: number;
  /** `tour` compares tour strategies (an open tour from a1, or closed with `closed`); placements by default. */
  readonly problem?: 'placement' | 'tour';
  readonly closed?: boolean;
  readonly strategies: readonly string[];
  readonly runs: number;
  /** Run i of every strategy uses seed + i, so strategies are compared on the same seeds. */
  readonly seed: number;
  readonly budget?: Budget;
  /** Strategy options; each goes to the strategies that declare it. */
  readonly options?: Readonly<Record<string, OptionValue>>;
}

/** One run, as it goes into the JSON output. */
export interface RunRecord {
  readonly strategy: string;
  readonly n: number;
  readonly seed: number;
  /** The result's status; for `budget`, also what ran out: `budget:stuck`, `budget:time`. */
  readonly status: string;
  readonly steps: number;
  readonly restarts: number;
  readonly timeMs: number;
}

/** The figures of one strategy on one size. Everything but the times is the same on every machine. */
export interface StrategyRow {
  readonly strategy: string;
  readonly n: number;
  readonly runs: number;
  readonly solved: number;
  readonly successRate: number;
  /** Steps in the strategy's own unit (repairs, hill-climbing steps, boards, search nodes). */
  readonly steps: Summary;
  readonly restarts: Summary;
  readonly timeMs: Summary;
  /** How the other runs ended: status (and for budget, what ran out) → runs. */
  readonly endings: Readonly<Record<string, number>>;
}

export interface ExperimentResult {
  readonly spec: ExperimentSpec;
  readonly rows: readonly StrategyRow[];
  readonly runs: readonly RunRecord[];
}

export interface ExperimentHooks {
  readonly onRun?: (done: number, total: number, run: RunRecord) => void;
  readonly signal?: AbortSignal;
}

/** Checks the whole experiment before any run, so a typo fails at once rather than after an hour. */
export function experimentTasks(bezzel: Bezzel, spec: ExperimentSpec): Map<string, (n: number, seed: number) => Task> {
  if (spec.strategies.length === 0) throw new UsageError('ERR_STRATEGY', 'name at least one strategy to compare');
  if (!Number.isSafeInteger(spec.runs) || spec.runs < 1) throw new UsageError('ERR_BUDGET', `runs must be a whole number of at least 1, not ${spec.runs}`);
  const declared = new Set<string>();
  const makers = new Map<string, (n: number, seed: number) => Task>();
  for (const id of spec.strategies) {
    const strategy = bezzel.strategy(id);
    if (!strategy) throw new UsageError('ERR_STRATEGY', `unknown strategy "${id}"; known strategies: ${bezzel.strategies.map((s) => s.meta.id).join(', ')}`);
    const names = new Set(Object.keys(strategy.meta.options ?? {}));
    names.forEach((name) => declared.add(name));
    const options = Object.fromEntries(Object.entries(spec.options ?? {}).filter(([name]) => names.has(name)));
    const make = (n: number, seed: number): Task => ({
      problem:
        spec.problem === 'tour'
          ? { kind: 'tour', board: { width: n, height: n }, piece: spec.piece, ...(spec.closed ? { closed: true } : { start: 0 }) }
          : { kind: 'placement', board: { width: n, height: n }, piece: spec.piece, ...(spec.k === undefined ? {} : { k: spec.k }) },
      goal: 'one',
      strategy: id,
      seed,
      ...(spec.budget ? { budget: spec.budget } : {}),
      ...(Object.keys(options).length > 0 ? { options } : {}),
    });
    for (const n of spec.sizes) {
      const instance = bezzel.instantiate(make(n, spec.seed));
      if (!instance.ok) throw instance.error;
      const chosen = bezzel.choose(instance.value);
      if (!chosen.ok) throw new UsageError('ERR_STRATEGY', `${chosen.error.message} (on ${n}×${n})`);
      const checked = bezzel.checkOptions(chosen.value, instance.value.task);
      if (!checked.ok) throw checked.error;
    }
    makers.set(id, make);
  }
  for (const name of Object.keys(spec.options ?? {})) {
    if (!declared.has(name)) throw new UsageError('ERR_OPTION', `none of ${spec.strategies.join(', ')} has an option "${name}"`);
  }
  return makers;
}

/** Runs every strategy `runs` times on every size, one after another, and sums the runs up per strategy. */
export async function runExperiment(bezzel: Bezzel, spec: ExperimentSpec, hooks: ExperimentHooks = {}): Promise<ExperimentResult> {
  const makers = experimentTasks(bezzel, spec);
  const total = spec.sizes.length * spec.strategies.length * spec.runs;
  const runs: RunRecord[] = [];
  const rows: StrategyRow[] = [];
  for (const n of spec.sizes) {
    for (const id of spec.strategies) {
      const mine: RunRecord[] = [];
      for (let i = 0; i < spec.runs; i++) {
        if (hooks.signal?.aborted) throw new UsageError('ERR_BUDGET', 'the experiment was interrupted');
        const seed = (spec.seed + i) >>> 0;
        const result = await bezzel.solve(makers.get(id)!(n, seed), { signal: hooks.signal });
        const status = result.status === 'budget' ? `budget:${result.exhausted}` : result.status;
        const run: RunRecord = { strategy: id, n, seed, status, steps: result.stats.nodes, restarts: result.stats.restarts ?? 0, timeMs: result.stats.timeMs };
        mine.push(run);
        runs.push(run);
        hooks.onRun?.(runs.length, total, run);
      }
      rows.push(rowOf(id, n, mine));
    }
  }
  return { spec, rows, runs };
}

function rowOf(strategy: string, n: number, runs: readonly RunRecord[]): StrategyRow {
  const solved = runs.filter((r) => r.status === 'solved' || r.status === 'complete').length;
  const endings: Record<string, number> = {};
  for (const r of runs) endings[r.status] = (endings[r.status] ?? 0) + 1;
  return {
    strategy,
    n,
    runs: runs.length,
    solved,
    successRate: solved / runs.length,
    steps: summarize(runs.map((r) => r.steps)),
    restarts: summarize(runs.map((r) => r.restarts)),
    timeMs: summarize(runs.map((r) => r.timeMs)),
    endings,
  };
}
