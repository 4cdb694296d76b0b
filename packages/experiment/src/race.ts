import { checkOptionValue, Rng, UsageError, type Bezzel, type OptionValue, type Result, type SearchStrategy, type StrategyOption, type Task } from '@bezzel/core';
import { formatTable } from './formats.js';
import { fRaceTest, friedman } from './friedman.js';
import { labelOf, planExperiment, type Cell } from './plan.js';
import { pairedRaceTest } from './rank-tests.js';
import { rowOf, type CellRow } from './rows.js';
import { recordOf, type RunRecord } from './runs.js';
import type { ExperimentSpec, RaceParameter } from './spec.js';

/**
 * Tuning by racing, in the manner of F-race (Birattari et al. 2002) and irace (López-Ibáñez et al. 2016): every
 * surviving configuration runs on the next instances (a board size and a seed each, the same for all), and after
 * `firstTest` instances, then every `eachTest`, the Friedman test of their costs decides; when it rejects, the
 * configurations that Conover's comparison finds worse than the best are eliminated. A grid (`sweep`, `values`)
 * is raced once; a sampled space (ranges, or `configurations`) is raced in iterations, each drawing new
 * configurations around the survivors of the last (irace's model, simplified: see {@link sampleAround}).
 */

/** One parameter of the space, checked against the declarations of the strategies that have it. */
export interface SpaceParameter {
  readonly name: string;
  /** The values it takes (converted by its declaration), for a grid or a uniform draw. */
  readonly values?: readonly OptionValue[];
  /** The range it is drawn from. */
  readonly range?: readonly [number, number];
  readonly log: boolean;
  /** An integer option: draws are rounded. */
  readonly integer: boolean;
  /** It matters only when each of these parameters is set to one of their values. */
  readonly when?: Readonly<Record<string, readonly OptionValue[]>>;
  /** The strategies that declare it. */
  readonly strategies: readonly string[];
}

/** A configuration: a strategy and the values of the parameters that matter for it. */
export interface Configuration {
  readonly strategy: string;
  readonly params: Readonly<Record<string, OptionValue>>;
  readonly label: string;
  /** Its cells, one per board size of the spec. */
  readonly cells: readonly Cell[];
  /** The race (iteration) it joined in. */
  readonly born: number;
}

/** One test of a race. */
export interface RaceStep {
  readonly iteration: number;
  /** Instances every live configuration has met at this test. */
  readonly instances: number;
  /** Configurations alive before the test. */
  readonly alive: number;
  /**
   * `friedman` (with Conover's comparisons) while more than two are alive; with two, as irace, `wilcoxon-signed-rank`
   * of their paired costs, or no test where one costs no more on every instance (`dominance`: the other goes) or
   * they tie on every one (`tie`: both stay).
   */
  readonly test: 'friedman' | 'wilcoxon-signed-rank' | 'dominance' | 'tie';
  /** Friedman's χ², or Wilcoxon's V (of the first alive against the second). */
  readonly statistic: number;
  /** Friedman's degrees of freedom; NaN for the others. */
  readonly df: number;
  /** The test's p-value (NaN when every instance was one tie). */
  readonly p: number;
  /** With two alive, whether the signed-rank p is exact or the normal approximation. */
  readonly method?: 'exact' | 'normal';
  /** Conover's critical difference of rank sums; Infinity when the test did not reject, NaN with two alive. */
  readonly criticalDifference: number;
  readonly best: string;
  readonly eliminated: readonly string[];
}

/** One race of the iterated race. */
export interface RaceIteration {
  readonly iteration: number;
  readonly configurations: number;
  /** Configurations drawn new for it (the others are the last race's elites). */
  readonly fresh: number;
  readonly instances: number;
  readonly runs: number;
  readonly survivors: readonly string[];
}

/** A configuration left at the end, with its place. */
export interface Survivor {
  readonly label: string;
  readonly strategy: string;
  readonly params: Readonly<Record<string, OptionValue>>;
  /** Its mean rank among the survivors over the instances they all met (1 = best). */
  readonly meanRank: number;
  readonly instances: number;
}

export interface RaceResult {
  readonly spec: ExperimentSpec;
  readonly space: readonly SpaceParameter[];
  /** A grid raced once, or a sampled space raced in iterations. */
  readonly grid: boolean;
  readonly by: 'steps' | 'time';
  readonly confidence: number;
  readonly firstTest: number;
  readonly eachTest: number;
  readonly iterations: readonly RaceIteration[];
  readonly steps: readonly RaceStep[];
  /** Best first. */
  readonly survivors: readonly Survivor[];
  /** The survivors' statistics over every instance each met, one row per survivor and board size. */
  readonly rows: readonly CellRow[];
  readonly budget: {
    /** Runs made, and the most allowed. */
    readonly runs: number;
    readonly limit: number;
    /** The runs' own times added up, and the race's wall time (ms). */
    readonly runTimeMs: number;
    readonly wallMs: number;
  };
  readonly runs: readonly RunRecord[];
  readonly notes: readonly string[];
  readonly stopped?: { readonly runs: number };
}

export interface RaceHooks {
  readonly signal?: AbortSignal;
  readonly solve?: (task: Task, signal?: AbortSignal) => Promise<Result>;
  /** After each run: runs made, the budget, the run. */
  readonly onRun?: (done: number, limit: number, run: RunRecord) => void;
  /** After each test. */
  readonly onStep?: (step: RaceStep) => void;
}

/** irace's defaults. */
export const RACE_DEFAULTS = { firstTest: 5, eachTest: 1, confidence: 0.95 } as const;
/** The budget of a sampled space when none is given. */
const SAMPLED_BUDGET = 1000;
/** Significant digits a drawn real keeps (irace's `digits`, 4). */
const DIGITS = 4;

/** The race's space and settings, checked against the strategies' declarations before any run. */
export interface RacePlan {
  readonly space: readonly SpaceParameter[];
  readonly grid: boolean;
  readonly strategies: readonly SearchStrategy[];
  readonly by: 'steps' | 'time';
  readonly budget: number;
  readonly firstTest: number;
  readonly eachTest: number;
  readonly confidence: number;
  readonly iterations: number;
  /** For a grid: its configurations (forbidden ones left out, and said in notes). */
  readonly configurations: readonly Configuration[];
  readonly notes: readonly string[];
}

const declares = (strategy: SearchStrategy, name: string) => Boolean(strategy.meta.options?.[name] && !strategy.meta.options[name]!.info.internal);

/** Checks the race and lays out its space; every mistake is a usage error naming it. */
export function planRace(bezzel: Bezzel, spec: ExperimentSpec): RacePlan {
  const settings = spec.race ?? {};
  // A race ranks configurations by what a run costs to solve; a count has one answer for all, an optimum is
  // judged by the size it finds, which the cost leaves out: either race would tune on nothing it says.
  if (spec.goal !== 'one') {
    const why = spec.goal.startsWith('count') ? 'every configuration gives the same count' : `goal ${spec.goal} is judged by the size found, which a race does not compare`;
    throw new UsageError('ERR_SPEC', `a race tunes how soon a strategy solves (goal one), not goal ${spec.goal}: ${why}; run the experiment without --race to compare them`);
  }
  const strategies = spec.strategies.map((id) => {
    const strategy = bezzel.strategy(id);
    if (!strategy) throw new UsageError('ERR_STRATEGY', `unknown strategy "${id}"; known strategies: ${bezzel.strategies.map((s) => s.meta.id).join(', ')}`);
    return strategy;
  });
  for (const name of Object.keys(spec.options ?? {})) {
    if (!strategies.some((s) => declares(s, name))) throw new UsageError('ERR_OPTION', `none of ${spec.strategies.join(', ')} has an option "${name}"`);
  }
  const given: Record<string, RaceParameter> = {};
  for (const [name, values] of Object.entries(spec.sweep ?? {})) given[name] = { values };
  for (const [name, parameter] of Object.entries(settings.parameters ?? {})) {
    const { values, range, ...rest } = parameter;
    given[name] = { ...(range ? {} : given[name]), ...(values ? { values } : {}), ...(range ? { range } : {}), ...rest };
  }
  if (Object.keys(given).length === 0) throw new UsageError('ERR_SPEC', 'a race needs a parameter space: --sweep name=values (or name=low..high to sample), or race.parameters in a spec file');

  const space: SpaceParameter[] = Object.entries(given).map(([name, parameter]) => spaceParameter(name, parameter, strategies, spec));
  const ordered = topological(space);
  const grid = ordered.every((p) => p.values !== undefined) && settings.configurations === undefined;
  const d = ordered.length;
  const units = new Set(strategies.map((s) => s.meta.stepUnit ?? 'steps'));
  const by = settings.by ?? (units.size === 1 ? 'steps' : 'time');
  const firstTest = settings.firstTest ?? RACE_DEFAULTS.firstTest;
  const eachTest = settings.eachTest ?? RACE_DEFAULTS.eachTest;
  const confidence = settings.confidence ?? RACE_DEFAULTS.confidence;
  if (firstTest > spec.runs) throw new UsageError('ERR_SPEC', `a race tests first after ${firstTest} instances (race.firstTest), and --runs allows ${spec.runs}: allow more runs (instances) or test sooner`);

  const notes: string[] = [];
  const configurations: Configuration[] = [];
  if (grid) {
    for (const strategy of strategies) {
      for (const params of gridOf(ordered, strategy)) {
        const made = configurationOf(bezzel, spec, strategy, params, 1);
        if (typeof made === 'string') notes.push(`left out ${labelOf(strategy.meta.id, params)}: ${made}`);
        else if (!configurations.some((c) => c.label === made.label)) configurations.push(made);
      }
    }
    if (configurations.length === 0) throw new UsageError('ERR_SPEC', `every configuration of the grid is refused by its strategy: ${notes.join('; ')}`);
    if (configurations.length === 1) throw new UsageError('ERR_SPEC', `the grid has one configuration (${configurations[0]!.label}): a race needs two or more`);
  }
  const budget = settings.budget ?? (grid ? configurations.length * spec.runs : SAMPLED_BUDGET);
  if (grid && configurations.length * firstTest > budget) {
    throw new UsageError('ERR_SPEC', `${configurations.length} configurations each meet ${firstTest} instances before the first test: ${configurations.length * firstTest} runs, and the budget is ${budget} (race.budget, --race-budget)`);
  }
  const iterations = grid ? 1 : (settings.iterations ?? Math.floor(2 + Math.log2(d)));
  return { space: ordered, grid, strategies, by, budget, firstTest, eachTest, confidence, iterations, configurations, notes };
}

function spaceParameter(name: string, parameter: RaceParameter, strategies: readonly SearchStrategy[], spec: ExperimentSpec): SpaceParameter {
  const owners = strategies.filter((s) => declares(s, name));
  if (owners.length === 0) throw new UsageError('ERR_OPTION', `none of ${spec.strategies.join(', ')} has an option "${name}" to race`);
  for (const owner of owners) {
    if (spec.options?.[name] !== undefined || spec.strategyOptions?.[owner.meta.id]?.[name] !== undefined) throw new UsageError('ERR_OPTION', `option ${name} of ${owner.meta.id} is both raced and set; say it in one place`);
  }
  const owner = owners[0]!;
  const declaration = owner.meta.options![name]!;
  const convert = (value: unknown) => {
    const checked = checkOptionValue(owner.meta.id, name, declaration, value);
    if (!checked.ok) throw new UsageError('ERR_OPTION', checked.error.message);
    return checked.value;
  };
  const { type, choices, min, max } = declaration.info;
  const numeric = type === 'number' || type === 'integer';
  let values = parameter.values?.map(convert);
  let range = parameter.range;
  if (values && range) throw new UsageError('ERR_SPEC', `race parameter ${name} has both values and a range: give one`);
  if (!values && !range) {
    if (type === 'choice') values = [...choices!];
    else if (type === 'boolean') values = [false, true];
    else if (numeric && min !== undefined && max !== undefined) range = [min, max];
    else throw new UsageError('ERR_SPEC', `race parameter ${name}: give its values, or a range (its declaration is ${type === 'number' || type === 'integer' ? 'not bounded on both sides' : `a ${type}`})`);
  }
  if (range) {
    if (!numeric) throw new UsageError('ERR_SPEC', `race parameter ${name} has a range, and option ${name} of ${owner.meta.id} is not a number: give its values`);
    for (const end of range) convert(end);
    if (parameter.log && range[0] <= 0) throw new UsageError('ERR_SPEC', `race parameter ${name} is drawn by its logarithm: its range must be above 0, not [${range.join(', ')}]`);
  }
  if (values && new Set(values).size !== values.length) throw new UsageError('ERR_SPEC', `race parameter ${name} lists a value twice`);
  return {
    name,
    ...(values ? { values } : {}),
    ...(range ? { range: [range[0], range[1]] as const } : {}),
    log: parameter.log ?? false,
    integer: type === 'integer',
    ...(parameter.when ? { when: parameter.when } : {}),
    strategies: owners.map((s) => s.meta.id),
  };
}

/** The parameters in an order where every condition's parameters come before it; a circle is refused. */
function topological(space: readonly SpaceParameter[]): SpaceParameter[] {
  const byName = new Map(space.map((p) => [p.name, p]));
  for (const p of space) {
    for (const [other, values] of Object.entries(p.when ?? {})) {
      const parent = byName.get(other);
      if (!parent) throw new UsageError('ERR_SPEC', `race parameter ${p.name} depends on ${other}, which is not a parameter of the race (${space.map((q) => q.name).join(', ')})`);
      if (other === p.name) throw new UsageError('ERR_SPEC', `race parameter ${p.name} depends on itself`);
      if (parent.values) {
        for (const value of values) if (!parent.values.some((v) => String(v) === String(value))) throw new UsageError('ERR_SPEC', `race parameter ${p.name} depends on ${other} = ${String(value)}, which is not one of its values (${parent.values.join(', ')})`);
      }
    }
  }
  const out: SpaceParameter[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (p: SpaceParameter) => {
    if (state.get(p.name) === 'done') return;
    if (state.get(p.name) === 'open') throw new UsageError('ERR_SPEC', `race parameters depend on each other in a circle through ${p.name}`);
    state.set(p.name, 'open');
    for (const other of Object.keys(p.when ?? {})) visit(byName.get(other)!);
    state.set(p.name, 'done');
    out.push(p);
  };
  for (const p of space) visit(p);
  return out;
}

/** Whether a parameter matters for this strategy, given the values chosen so far. */
function active(p: SpaceParameter, strategy: SearchStrategy, chosen: Readonly<Record<string, OptionValue>>): boolean {
  if (!p.strategies.includes(strategy.meta.id)) return false;
  return Object.entries(p.when ?? {}).every(([other, values]) => other in chosen && values.some((v) => String(v) === String(chosen[other])));
}

/** Every combination of a grid that matters: a parameter whose condition fails is left at the strategy's default. */
function gridOf(space: readonly SpaceParameter[], strategy: SearchStrategy): Record<string, OptionValue>[] {
  let combinations: Record<string, OptionValue>[] = [{}];
  for (const p of space) {
    combinations = combinations.flatMap((c) => (active(p, strategy, c) ? p.values!.map((value) => ({ ...c, [p.name]: value })) : [c]));
  }
  return combinations;
}

/**
 * A configuration's cells (one per size), or the message with which its strategy refuses the combination
 * (`checkOptions`): such a configuration is forbidden, as irace calls it, and is left out or drawn again.
 */
function configurationOf(bezzel: Bezzel, spec: ExperimentSpec, strategy: SearchStrategy, params: Readonly<Record<string, OptionValue>>, born: number): Configuration | string {
  const id = strategy.meta.id;
  const declared = strategy.meta.options ?? {};
  const shared = Object.fromEntries(Object.entries(spec.options ?? {}).filter(([name]) => declares(strategy, name)));
  const given = { ...shared, ...spec.strategyOptions?.[id], ...params };
  const values: Record<string, OptionValue> = {};
  for (const [name, { info }] of Object.entries(declared)) if (info.default !== undefined) values[name] = info.default;
  for (const [name, value] of Object.entries(given)) {
    const checked = declared[name] ? checkOptionValue(id, name, declared[name] as StrategyOption, value) : undefined;
    if (checked?.ok) values[name] = checked.value;
  }
  const refusal = strategy.meta.checkOptions?.(values, { meta: (other) => bezzel.strategy(other)?.meta });
  if (refusal) return refusal;
  const { sweep: _sweep, race: _race, ...rest } = spec;
  const plan = planExperiment(bezzel, { ...rest, strategies: [id], options: shared, strategyOptions: { [id]: given }, runs: 1 });
  const label = labelOf(id, params);
  return { strategy: id, params, label, born, cells: plan.cells.map((cell) => ({ ...cell, params, label })) };
}

/** A drawn real kept to a few significant digits, so labels stay short and a results file restates it exactly. */
function rounded(p: SpaceParameter, value: number): number {
  if (p.integer) return Math.min(p.range![1], Math.max(p.range![0], Math.round(value)));
  return Math.min(p.range![1], Math.max(p.range![0], Number(value.toPrecision(DIGITS))));
}

/** A uniform draw of a parameter (by its logarithm with `log`). */
function uniform(p: SpaceParameter, rng: Rng): OptionValue {
  if (p.values) return p.values[rng.below(p.values.length)]!;
  const [low, high] = p.range!;
  const x = p.log ? Math.exp(Math.log(low) + rng.float() * (Math.log(high) - Math.log(low))) : low + rng.float() * (high - low);
  return rounded(p, p.integer ? Math.floor(low + rng.float() * (high - low + 1)) : x);
}

/** A standard normal draw (Box–Muller). */
function gaussian(rng: Rng): number {
  const u = 1 - rng.float();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.float());
}

/**
 * A configuration drawn around an elite, irace's model simplified: a value (or words) kept with probability
 * (j − 1)/J in race j of J, else drawn uniformly; a number from a normal around the elite's value (of its
 * logarithm with `log`), truncated to the range, whose standard deviation starts at half the range and shrinks
 * by (1/N)^(1/d) each race (N configurations, d parameters), as irace's does.
 */
function sampleAround(space: readonly SpaceParameter[], strategy: SearchStrategy, parent: Readonly<Record<string, OptionValue>> | undefined, rng: Rng, keep: number, shrink: number): Record<string, OptionValue> {
  const chosen: Record<string, OptionValue> = {};
  for (const p of space) {
    if (!active(p, strategy, chosen)) continue;
    const before = parent?.[p.name];
    if (before === undefined) chosen[p.name] = uniform(p, rng);
    else if (p.values) chosen[p.name] = rng.float() < keep ? before : uniform(p, rng);
    else {
      const [low, high] = p.log ? [Math.log(p.range![0]), Math.log(p.range![1])] : p.range!;
      const centre = p.log ? Math.log(Number(before)) : Number(before);
      const sd = ((high - low) / 2) * shrink;
      let x = centre;
      for (let tries = 0; tries < 100; tries++) {
        x = centre + sd * gaussian(rng);
        if (x >= low && x <= high) break;
      }
      x = Math.min(high, Math.max(low, x));
      chosen[p.name] = rounded(p, p.log ? Math.exp(x) : x);
    }
  }
  return chosen;
}

/** A cached run: its record and its cost (steps or ms; Infinity unsolved). */
interface Outcome {
  readonly run: RunRecord;
  readonly cost: number;
}

/** Runs the race the spec describes (`spec.race`, its sweep): see the top of this file. */
export async function runRace(bezzel: Bezzel, spec: ExperimentSpec, hooks: RaceHooks = {}): Promise<RaceResult> {
  const started = performance.now();
  const plan = planRace(bezzel, spec);
  const { space, grid, by, budget, firstTest, eachTest, confidence, iterations } = plan;
  const notes = [...plan.notes];
  const solve = hooks.solve ?? ((task: Task, signal?: AbortSignal) => bezzel.solve(task, signal ? { signal } : {}));
  const signal = hooks.signal;
  const rng = new Rng((spec.seed ^ 0x5eed_face) >>> 0);
  const results = new Map<string, Map<number, Outcome>>();
  const runs: RunRecord[] = [];
  const steps: RaceStep[] = [];
  const rounds: RaceIteration[] = [];
  const sizes = spec.sizes;
  const maxInstances = spec.runs;
  let spent = 0;
  let runTimeMs = 0;
  let stopped = false;
  let yielded = performance.now();

  const outcome = async (config: Configuration, instance: number): Promise<Outcome | undefined> => {
    const cached = results.get(config.label)?.get(instance);
    if (cached) return cached;
    if (signal?.aborted) return undefined;
    const cell = config.cells[instance % sizes.length]!;
    const seed = (spec.seed + instance) >>> 0;
    const result = await solve(cell.task(seed), signal);
    if (result.status === 'aborted' && signal?.aborted) return undefined;
    const run = recordOf(cell, seed, result);
    const cost = run.solved ? (by === 'steps' ? run.steps : run.timeMs) : Number.POSITIVE_INFINITY;
    const made = { run, cost };
    if (!results.has(config.label)) results.set(config.label, new Map());
    results.get(config.label)!.set(instance, made);
    runs.push(run);
    spent++;
    runTimeMs += run.timeMs;
    hooks.onRun?.(spent, budget, run);
    if (performance.now() - yielded > 50) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      yielded = performance.now();
    }
    return made;
  };
  const unrun = (configs: readonly Configuration[], from: number, to: number) => {
    let count = 0;
    for (const c of configs) for (let i = from; i < to; i++) if (!results.get(c.label)?.has(i)) count++;
    return count;
  };
  const costs = (configs: readonly Configuration[], instances: number) => Array.from({ length: instances }, (_, i) => configs.map((c) => results.get(c.label)!.get(i)!.cost));

  /** One race: the configurations run instance by instance, tested and thinned. Returns the survivors, best first. */
  const race = async (configs: readonly Configuration[], iteration: number, allowance: number, stopAt: number): Promise<{ alive: Configuration[]; instances: number }> => {
    let alive = [...configs];
    let instances = 0;
    const until = spent + allowance;
    while (instances < maxInstances && alive.length > stopAt && !stopped) {
      const next = Math.min(maxInstances, instances < firstTest ? firstTest : instances + eachTest);
      if (spent + unrun(alive, instances, next) > until) break;
      for (let i = instances; i < next && !stopped; i++) {
        for (const config of alive) if ((await outcome(config, i)) === undefined) stopped = true;
      }
      if (stopped) break;
      instances = next;
      if (instances < firstTest) continue;
      const table = costs(alive, instances);
      const paired = alive.length === 2 ? pairedRaceTest(table, confidence) : undefined;
      const test = paired
        ? { ...paired, test: paired.method === 'exact' || paired.method === 'normal' ? ('wilcoxon-signed-rank' as const) : paired.method, df: Number.NaN, criticalDifference: Number.NaN }
        : { ...fRaceTest(table, confidence), test: 'friedman' as const };
      const kept = test.survivors.map((j) => alive[j]!);
      const step: RaceStep = {
        iteration,
        instances,
        alive: alive.length,
        test: test.test,
        statistic: test.statistic,
        df: test.df,
        p: test.p,
        ...(paired && (paired.method === 'exact' || paired.method === 'normal') ? { method: paired.method } : {}),
        criticalDifference: test.criticalDifference,
        best: alive[test.best]!.label,
        eliminated: alive.filter((c) => !kept.includes(c)).map((c) => c.label),
      };
      steps.push(step);
      hooks.onStep?.(step);
      alive = kept;
    }
    // Best first: by rank sum over the instances they all met.
    if (alive.length > 1 && instances > 0) {
      const sums = friedman(costs(alive, instances)).rankSums;
      alive = alive.map((c, j) => ({ c, r: sums[j]! })).sort((a, b) => a.r - b.r).map(({ c }) => c);
    }
    return { alive, instances };
  };

  let elites: Configuration[] = [];
  const minSurvivors = Math.floor(2 + Math.log2(space.length));
  for (let iteration = 1; iteration <= iterations && !stopped; iteration++) {
    const left = budget - spent;
    const allowance = iteration === iterations ? left : Math.floor(left / (iterations - iteration + 1));
    let configs: Configuration[];
    let fresh: number;
    if (grid) {
      configs = [...plan.configurations];
      fresh = configs.length;
    } else {
      const wanted = spec.race?.configurations ?? Math.floor(allowance / (firstTest + eachTest * Math.min(5, iteration)));
      if (wanted <= elites.length || wanted < 2) {
        notes.push(`race ${iteration} not run: its budget of ${allowance} runs allows no new configuration`);
        break;
      }
      configs = [...elites];
      const shrink = Math.pow(1 / wanted, (iteration - 1) / space.length);
      const keep = (iteration - 1) / iterations;
      let misses = 0;
      while (configs.length < wanted && misses < 100 * wanted) {
        const parent = elites.length > 0 ? elites[pickByRank(elites.length, rng)] : undefined;
        const strategy = parent ? plan.strategies.find((s) => s.meta.id === parent.strategy)! : plan.strategies[rng.below(plan.strategies.length)]!;
        const params = sampleAround(space, strategy, parent?.params, rng, keep, shrink);
        const label = labelOf(strategy.meta.id, params);
        if (configs.some((c) => c.label === label)) {
          misses++;
          continue;
        }
        const made = configurationOf(bezzel, spec, strategy, params, iteration);
        if (typeof made === 'string') misses++;
        else configs.push(made);
      }
      fresh = configs.length - elites.length;
      if (fresh === 0) {
        notes.push(`race ${iteration} not run: no new configuration could be drawn (the space may be too small: give it values as a grid)`);
        break;
      }
      if (unrun(configs, 0, firstTest) > allowance) {
        notes.push(`race ${iteration} not run: ${configs.length} configurations over ${firstTest} instances need more than its ${allowance} runs`);
        break;
      }
    }
    const before = spent;
    const stopAt = iteration === iterations ? 1 : minSurvivors;
    const { alive, instances } = await race(configs, iteration, allowance, stopAt);
    rounds.push({ iteration, configurations: configs.length, fresh, instances, runs: spent - before, survivors: alive.map((c) => c.label) });
    elites = alive.slice(0, Math.max(1, Math.min(alive.length, minSurvivors)));
    if (iteration === iterations || stopped) elites = alive;
  }

  // The survivors' places over the instances they all met, and their statistics over every instance each met.
  const common = Math.min(...elites.map((c) => results.get(c.label)?.size ?? 0));
  const sums = elites.length > 0 && common > 0 ? friedman(costs(elites, common)).rankSums : elites.map(() => Number.NaN);
  const survivors: Survivor[] = elites.map((c, j) => ({ label: c.label, strategy: c.strategy, params: c.params, meanRank: sums[j]! / common, instances: results.get(c.label)?.size ?? 0 }));
  const rows: CellRow[] = [];
  for (const c of elites) {
    const mine = [...(results.get(c.label)?.entries() ?? [])].sort(([a], [b]) => a - b);
    c.cells.forEach((cell, s) => {
      const own = mine.filter(([i]) => i % sizes.length === s).map(([, o]) => o.run);
      if (own.length > 0) rows.push(rowOf(cell, own));
    });
  }
  return {
    spec,
    space,
    grid,
    by,
    confidence,
    firstTest,
    eachTest,
    iterations: rounds,
    steps,
    survivors,
    rows,
    budget: { runs: spent, limit: budget, runTimeMs, wallMs: performance.now() - started },
    runs,
    notes,
    ...(stopped ? { stopped: { runs: spent } } : {}),
  };
}

/** An elite's index drawn with probability ∝ (E − r + 1) for rank r of E (irace's parent selection). */
function pickByRank(count: number, rng: Rng): number {
  const total = (count * (count + 1)) / 2;
  let x = rng.float() * total;
  for (let r = 0; r < count; r++) {
    x -= count - r;
    if (x < 0) return r;
  }
  return count - 1;
}

/** How the race table names each test. */
const TEST_NAMES: Readonly<Record<RaceStep['test'], string>> = { friedman: 'Friedman χ²', 'wilcoxon-signed-rank': 'Wilcoxon V', dominance: 'dominance', tie: 'tie' };

/** A p-value as the race prints it: `0.0312`, `2.1e-7`, `–` when there was no test to make. */
export function formatP(p: number): string {
  if (Number.isNaN(p)) return '–';
  return p >= 1e-4 ? p.toFixed(4) : p.toExponential(1);
}

/** The race for the terminal: what was raced, each test, the survivors and their statistics, the budget spent. */
export function formatRace(result: RaceResult): string {
  const { spec, space, grid, steps, survivors } = result;
  const sizes = spec.sizes.map((n) => `${n}×${n}`).join(', ');
  const describe = (p: SpaceParameter) =>
    `${p.name} ${p.values ? `∈ {${p.values.join(', ')}}` : `∈ [${p.range!.join(', ')}]${p.log ? ' (log)' : ''}${p.integer ? ' whole' : ''}`}${p.when ? ` when ${Object.entries(p.when).map(([k, v]) => `${k} ∈ {${v.join(', ')}}`).join(' and ')}` : ''}`;
  const lines = [
    `race: ${spec.strategies.join(', ')} on ${spec.piece} ${sizes}; ${grid ? 'a grid' : 'a sampled space'}: ${space.map(describe).join('; ')}`,
    `cost: ${result.by === 'steps' ? 'steps' : 'time'} to solve (unsolved = ∞); Friedman test (Wilcoxon signed-rank for the last two) at ${Math.round(result.confidence * 100)}% after ${result.firstTest} instances, then every ${result.eachTest}; instances are seeds ${spec.seed}… (at most ${spec.runs})`,
    '',
  ];
  const header = ['race', 'instances', 'alive', 'test', 'statistic', 'df', 'p', 'eliminated'];
  const body = steps.map((s) => [
    String(s.iteration),
    String(s.instances),
    String(s.alive),
    TEST_NAMES[s.test ?? 'friedman'],
    Number.isNaN(s.statistic) ? '–' : s.test === 'friedman' || s.test === undefined ? s.statistic.toFixed(3) : String(s.statistic),
    Number.isNaN(s.df) ? '–' : String(s.df),
    formatP(s.p),
    s.eliminated.length === 0 ? '–' : `${s.eliminated.length}: ${abbreviated(s.eliminated)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padStart(widths[i]!))).join('  ').trimEnd();
  if (steps.length > 0) lines.push(line(header), line(widths.map((w) => '─'.repeat(w))), ...body.map(line), '');
  else lines.push('no test was made: the budget or the instances ran out before the first', '');
  for (const r of result.iterations) if (!grid) lines.push(`race ${r.iteration}: ${r.configurations} configurations (${r.fresh} new), ${r.instances} instances, ${r.runs} runs; survivors: ${abbreviated(r.survivors)}`);
  if (!grid) lines.push('');
  lines.push(`survivors, best first (mean rank over the instances they all met): ${survivors.map((s) => `${s.label} (${s.meanRank.toFixed(2)})`).join(', ')}`);
  const friedmans = steps.filter((s) => (s.test ?? 'friedman') === 'friedman');
  const last = [...friedmans].reverse().find((s) => !Number.isNaN(s.p)) ?? friedmans[friedmans.length - 1];
  if (last) lines.push(`last Friedman test: χ² = ${Number.isNaN(last.statistic) ? '–' : last.statistic.toFixed(3)}, df = ${last.df}, p = ${formatP(last.p)} (${last.instances} instances, ${last.alive} configurations)`);
  const pair = steps[steps.length - 1];
  if (pair && pair.test !== undefined && pair.test !== 'friedman') {
    const how = pair.test === 'wilcoxon-signed-rank' ? `p = ${formatP(pair.p)} (${pair.method})` : pair.test === 'dominance' ? `no test: ${pair.best} cost no more on every instance` : 'no test: they tied on every instance';
    lines.push(`last two, as irace: Wilcoxon signed-rank test, V = ${pair.statistic}, ${how} (${pair.instances} instances)`);
  }
  // The experiment table of the survivors' rows, without its first line (what the experiment was).
  const swept = Object.fromEntries(space.map((p) => [p.name, p.values ?? []]));
  const table = formatTable({ spec: { ...spec, sweep: swept }, rows: result.rows, runs: result.runs, comparisons: [], notes: [] }).split('\n').slice(1).join('\n');
  lines.push('', table);
  const { runs, limit, runTimeMs, wallMs } = result.budget;
  lines.push('', `budget: ${runs} of ${limit} runs, ${(runTimeMs / 1000).toFixed(2)} s in the runs, ${(wallMs / 1000).toFixed(2)} s in all${result.stopped ? ' (stopped)' : ''}`);
  for (const note of result.notes) lines.push(`note: ${note}`);
  return lines.join('\n');
}

function abbreviated(labels: readonly string[]): string {
  return labels.length <= 4 ? labels.join(', ') : `${labels.slice(0, 3).join(', ')} … (${labels.length})`;
}

/** The race as JSON: Infinity (a cost never reached) is null. */
export function raceToJson(result: RaceResult, provenance?: object): string {
  const { spec, space, grid, by, confidence, firstTest, eachTest, iterations, steps, survivors, rows, budget, notes, stopped, runs } = result;
  const document = { ...provenance, spec, race: { space, grid, by, confidence, firstTest, eachTest, iterations, steps, survivors, budget, ...(stopped ? { stopped } : {}), notes }, rows, runs };
  return `${JSON.stringify(document, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? null : value), 2)}\n`;
}
