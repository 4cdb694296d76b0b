import { DOMINATION_VARIANTS, fail, GOALS, GOALS_OF, issuePath, ok, quoted, type DominationVariant, type Goal, type OptionValue, type Parsed, type ProblemKind } from '@bezzel/core';
import * as v from 'valibot';

/**
 * An experiment, as a file (JSON or YAML) or as the command line builds it: one problem, strategies, board sizes,
 * option sweeps, runs and seeds. Everything a classmate needs to re-run it exactly, and nothing about the
 * machine. The strategies' own options are checked against their declarations when the experiment is planned
 * (see plan.ts); this file checks the shape.
 */
export interface ExperimentSpec {
  /** `placement` (k non-attacking pieces), `tour` (open from a1, or closed) or `dominate`. */
  readonly problem: ProblemKind;
  readonly piece: string;
  /** Square board sides; more than one makes a size sweep. */
  readonly sizes: readonly number[];
  /** Placement: pieces to place (absent: the natural number). Dominate: the set size, for goals that take one. */
  readonly k?: number;
  /** Tour: closed tours (absent or false: open tours from a1). */
  readonly closed?: boolean;
  /** Dominate: `plain` when absent, `independent` or `total`. */
  readonly variant?: DominationVariant;
  /** `one` for placements and tours, `minimum` for domination, unless said. */
  readonly goal: Goal;
  readonly strategies: readonly string[];
  /** Options given to every strategy that declares them. */
  readonly options?: Readonly<Record<string, OptionValue>>;
  /** Options of one strategy, by its id; they win over `options`. */
  readonly strategyOptions?: Readonly<Record<string, Readonly<Record<string, OptionValue>>>>;
  /**
   * Option name → the values to try. Every strategy that declares the option runs once with each value (with
   * several swept options, each combination); a strategy that declares none of them runs as it is, a baseline.
   */
  readonly sweep?: Readonly<Record<string, readonly OptionValue[]>>;
  /** Runs per strategy, parameter value and size. */
  readonly runs: number;
  /** Run i of every strategy and value uses seed + i, so they all meet the same seeds. */
  readonly seed: number;
  /** Each run's budget; a `maxTimeMs` of null is no time limit. Absent: the default of every command, 15 s. */
  readonly budget?: { readonly maxSteps?: number; readonly maxTimeMs?: number | null; readonly maxMemoryBytes?: number };
  /** Plugins to load (package names, or files relative to the spec file), for strategies or pieces of your own. */
  readonly plugins?: readonly string[];
  /**
   * Tune by iterated racing (`bezzel experiment --race`) instead of running every cell `runs` times: see race.ts.
   * Its parameter space is `sweep` (a grid) and `race.parameters` (values, ranges to sample, conditions).
   */
  readonly race?: RaceSettings;
  /**
   * What run lengths are compared on: `steps` (absent: each row's steps, or a counter common to both rows, the same
   * on every machine) or `time` (ms, only where runs take ten ticks of the clock or more, its resolution stated).
   */
  readonly compareOn?: 'steps' | 'time';
}

/** One parameter of a race's space. */
export interface RaceParameter {
  /** The values to race (a grid), or to draw from when the space is sampled. */
  readonly values?: readonly OptionValue[];
  /** A number option's range to sample (uniformly; by its logarithm with `log`); whole numbers for an integer option. */
  readonly range?: readonly [number, number];
  readonly log?: boolean;
  /** The parameter matters only when each named parameter has one of the listed values: `{schedule: [geometric]}`. */
  readonly when?: Readonly<Record<string, readonly OptionValue[]>>;
}

/** How `--race` tunes: irace's settings, by its names where it has them. */
export interface RaceSettings {
  /** The space beside `sweep`: a parameter here adds a range, values or a condition (`when`) to a swept one. */
  readonly parameters?: Readonly<Record<string, RaceParameter>>;
  /** Runs the whole race may spend (irace's maxExperiments). */
  readonly budget?: number;
  /** Instances (seeds) every configuration meets before the first test (irace's firstTest, 5). */
  readonly firstTest?: number;
  /** Instances between two tests (irace's eachTest, 1). */
  readonly eachTest?: number;
  /** The tests' confidence level (irace's confidence, 0.95). */
  readonly confidence?: number;
  /** Configurations drawn for each race of a sampled space (default: from the budget, as irace). */
  readonly configurations?: number;
  /** Races (iterations) of a sampled space; a grid is one race (default: ⌊2 + log₂ d⌋ for d parameters). */
  readonly iterations?: number;
  /** What a run costs: its steps (default, when every configuration counts one unit) or its time; unsolved runs cost ∞. */
  readonly by?: 'steps' | 'time';
}

export const DEFAULT_RUNS = 30;
export const DEFAULT_SEED = 1;
/** The goals an experiment takes: all but `all`, which streams solutions rather than answering once. */
export const EXPERIMENT_GOALS: readonly Goal[] = GOALS.filter((g) => g !== 'all');

/** The fields in the order a written spec shows them. */
const FIELDS = ['problem', 'piece', 'sizes', 'k', 'closed', 'variant', 'goal', 'strategies', 'options', 'strategyOptions', 'sweep', 'runs', 'seed', 'budget', 'plugins', 'race'] as const;

const RACE_FIELDS = ['parameters', 'budget', 'firstTest', 'eachTest', 'confidence', 'configurations', 'iterations', 'by'] as const;

const whole = (min: number) => {
  const message = `must be a whole number${min > 0 ? ` of at least ${min}` : ''}`;
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(Number.MAX_SAFE_INTEGER, message));
};
const name = (what: string) => v.pipe(v.string(`must be ${what}`), v.trim(), v.nonEmpty(`must be ${what}`));
const optionValue = v.union([v.string(), v.number(), v.boolean()], 'must be text, a number, or true or false');
const optionRecord = v.record(v.pipe(v.string(), v.nonEmpty()), optionValue, 'must be an object of option names and values, such as {"mutationRate": 0.05}');
const list = <T extends v.GenericSchema>(item: T, what: string) => v.pipe(v.array(item, `must be a list of ${what}`), v.minLength(1, `must list at least one of ${what}`));

const raceParameter = v.strictObject(
  {
    values: v.optional(list(optionValue, 'values')),
    range: v.optional(v.pipe(v.tuple([v.number(), v.number()], 'must be [low, high]'), v.check(([low, high]) => low < high, 'must be [low, high] with low below high'))),
    log: v.optional(v.boolean('must be true or false')),
    when: v.optional(v.record(v.pipe(v.string(), v.nonEmpty()), list(optionValue, 'values'), 'must be an object of parameter names, each with the values under which this one matters, such as {"schedule": ["geometric"]}')),
  },
  'must be an object with values, range, log or when',
);
const raceSchema = v.strictObject(
  {
    parameters: v.optional(v.record(v.pipe(v.string(), v.nonEmpty()), raceParameter, 'must be an object of option names, each with its values, range or condition')),
    budget: v.optional(whole(1)),
    firstTest: v.optional(whole(2)),
    eachTest: v.optional(whole(1)),
    confidence: v.optional(v.pipe(v.number('must be a number between 0.5 and 1'), v.minValue(0.5, 'must be a number between 0.5 and 1'), v.ltValue(1, 'must be a number between 0.5 and 1'))),
    configurations: v.optional(whole(2)),
    iterations: v.optional(whole(1)),
    by: v.optional(v.picklist(['steps', 'time'], 'must be steps or time')),
  },
  'must be an object such as {"budget": 500, "parameters": {"t0": {"range": [0.5, 5]}}}',
);

const schema = v.strictObject(
  {
    problem: v.optional(v.picklist(['placement', 'tour', 'dominate'], 'must be one of placement, tour, dominate')),
    piece: name('a piece id, such as queen'),
    sizes: list(whole(1), 'board sides (whole numbers of at least 1)'),
    k: v.optional(whole(0)),
    closed: v.optional(v.boolean('must be true or false')),
    variant: v.optional(v.picklist(DOMINATION_VARIANTS, `must be one of ${DOMINATION_VARIANTS.join(', ')}`)),
    goal: v.optional(v.picklist(EXPERIMENT_GOALS as Goal[], `must be one of ${EXPERIMENT_GOALS.join(', ')}`)),
    strategies: list(name('a strategy id'), 'strategy ids'),
    options: v.optional(optionRecord),
    strategyOptions: v.optional(v.record(v.string(), optionRecord, 'must be an object of strategy ids, each with its options')),
    sweep: v.optional(v.record(v.pipe(v.string(), v.nonEmpty()), list(optionValue, 'values'), 'must be an object of option names, each with a list of values, such as {"mutationRate": [0.01, 0.05]}')),
    runs: v.optional(whole(1)),
    seed: v.optional(v.pipe(whole(0), v.maxValue(0xffffffff, 'must be a whole number from 0 to 4294967295'))),
    budget: v.optional(
      v.strictObject(
        {
          maxSteps: v.optional(whole(1)),
          maxTimeMs: v.optional(v.nullable(v.pipe(v.number('must be milliseconds, or null for no limit'), v.gtValue(0, 'must be more than 0 ms')))),
          maxMemoryBytes: v.optional(whole(1)),
        },
        'must be an object such as {"maxSteps": 100000, "maxTimeMs": 15000}',
      ),
    ),
    plugins: v.optional(v.array(name('a package name or a file'), 'must be a list of plugins (package names or files)')),
    race: v.optional(raceSchema),
    compareOn: v.optional(v.picklist(['steps', 'time'], 'must be steps or time')),
  },
  'must be an object',
);

/** One line for the first thing wrong, naming the field: `study.json: sizes[1] must be a whole number of at least 1, not 0`. */
function describeIssue(issue: v.BaseIssue<unknown>, source: string): string {
  const where = issuePath(issue);
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    const parent = where.includes('.') ? where.slice(0, where.lastIndexOf('.')) : '';
    if (parent === 'race') return `${source}: race has no field ${JSON.stringify(issue.input)} (it has ${RACE_FIELDS.join(', ')})`;
    if (parent.startsWith('race.parameters.')) return `${source}: ${parent} has no field ${JSON.stringify(issue.input)} (a parameter has values, range, log and when)`;
    return parent === 'budget' ? `${source}: budget has no field ${JSON.stringify(issue.input)} (it has maxSteps, maxTimeMs and maxMemoryBytes)` : `${source}: there is no field ${JSON.stringify(issue.input)} (the fields are ${FIELDS.join(', ')})`;
  }
  if (issue.type === 'strict_object' && issue.received === 'undefined') return `${source}: ${where} is missing`;
  const message = issue.message.startsWith('must') ? issue.message : `must be ${issue.expected}`;
  return where === '' ? `${source} ${message}` : `${source}: ${where} ${message}, not ${shown(issue.input)}`;
}

/**
 * A value a file gave, as a message quotes it: YAML's `.nan` and `.inf` read as NaN and Infinity, which JSON
 * would print as "null" (a spec saying `.nan` was told it was not null); a list or a map is named, not dumped.
 */
function shown(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN (not a number)' : Number.isFinite(value) ? String(value) : `${value} (infinite)`;
  if (typeof value === 'string') return quoted(value);
  // Nested at most MAX_NESTING deep (the file was checked), so this stringify cannot run out of stack.
  if (typeof value === 'object' && value !== null) {
    const text = JSON.stringify(value);
    return text.length <= 60 ? text : Array.isArray(value) ? `a list of ${value.length}` : 'a map';
  }
  return String(value);
}

/**
 * Checks a spec's shape and the rules between its fields, filling in the defaults; errors are one line naming
 * the field. `source` names where it came from (a file name) in the message.
 */
export function parseSpec(input: unknown, source = 'the experiment'): Parsed<ExperimentSpec> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail('ERR_SPEC', `${source} must be an object with the fields piece, sizes, strategies, …`);
  const parsed = v.safeParse(schema, input);
  if (!parsed.success) return fail('ERR_SPEC', describeIssue(parsed.issues[0], source));
  const raw = parsed.output;
  const problem = raw.problem ?? 'placement';
  const goal = raw.goal ?? (problem === 'dominate' ? 'minimum' : 'one');
  const wrong = (message: string) => fail<ExperimentSpec>('ERR_SPEC', `${source}: ${message}`);
  if (!GOALS_OF[problem].includes(goal)) return wrong(`goal ${goal} is not a goal of ${problem} (${GOALS_OF[problem].filter((g) => g !== 'all').join(', ')})`);
  if (raw.closed !== undefined && problem !== 'tour') return wrong(`closed is for tours, and the problem is ${problem}`);
  if (raw.variant !== undefined && problem !== 'dominate') return wrong(`variant is for domination, and the problem is ${problem}`);
  if (raw.k !== undefined && problem === 'tour') return wrong('k is for placements and domination: a tour visits every square');
  if (raw.k === 0 && problem === 'placement') return wrong('k must be at least 1 for a placement');
  const twice = repeated(raw.sizes);
  if (twice !== undefined) return wrong(`sizes lists ${twice} twice`);
  const strategy = repeated(raw.strategies);
  if (strategy !== undefined) return wrong(`strategies lists ${strategy} twice`);
  for (const id of Object.keys(raw.strategyOptions ?? {})) {
    if (!raw.strategies.includes(id)) return wrong(`strategyOptions names ${id}, which is not one of the strategies (${raw.strategies.join(', ')})`);
  }
  for (const [option, values] of Object.entries(raw.sweep ?? {})) {
    const value = repeated(values);
    if (value !== undefined) return wrong(`sweep ${option} lists ${JSON.stringify(value)} twice`);
  }
  const spec: ExperimentSpec = {
    problem,
    piece: raw.piece,
    sizes: raw.sizes,
    ...(raw.k !== undefined ? { k: raw.k } : {}),
    ...(raw.closed !== undefined ? { closed: raw.closed } : {}),
    ...(raw.variant !== undefined ? { variant: raw.variant } : {}),
    goal,
    strategies: raw.strategies,
    ...(raw.options && Object.keys(raw.options).length > 0 ? { options: raw.options } : {}),
    ...(raw.strategyOptions && Object.keys(raw.strategyOptions).length > 0 ? { strategyOptions: raw.strategyOptions } : {}),
    ...(raw.sweep && Object.keys(raw.sweep).length > 0 ? { sweep: raw.sweep } : {}),
    runs: raw.runs ?? DEFAULT_RUNS,
    seed: raw.seed ?? DEFAULT_SEED,
    ...(raw.budget && Object.keys(raw.budget).length > 0 ? { budget: raw.budget } : {}),
    ...(raw.plugins && raw.plugins.length > 0 ? { plugins: raw.plugins } : {}),
    ...(raw.race ? { race: raw.race as RaceSettings } : {}),
    ...(raw.compareOn === 'time' ? { compareOn: 'time' as const } : {}),
  };
  return ok(spec);
}

function repeated<T>(values: readonly T[]): T | undefined {
  const seen = new Set<T>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}
