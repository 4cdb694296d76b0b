import * as v from 'valibot';
import { fail, ok, type Parsed } from './errors.js';
import { misfitNote, numberMisfit } from './number-misfit.js';
import type { OptionValue } from './problem.js';

/**
 * Strategy options, declared once. A strategy's `meta.options` maps each option's name to a declaration made with
 * {@link option}: a valibot schema that checks (and converts) a value, carrying a description of itself —
 * its type, range, default and the words a user reads. Validation, `bezzel list`, `--help`, the web page's form and
 * `experiment`'s sweeps all read these declarations; no strategy parses an option by hand.
 *
 * Valibot rather than zod or TypeBox: its schemas are plain functions composed in a pipe, so the core carries only
 * the few it uses (a few kilobytes), loads in a millisecond — start-up is a tracked figure of the command — and
 * runs in the browser unchanged.
 */

/** What an option is, for everything that shows or checks it. */
export interface OptionInfo {
  /** Which builder of {@link option} declared it. */
  readonly type: 'integer' | 'number' | 'boolean' | 'choice' | 'part' | 'text' | 'start' | 'list';
  /** What it does, in the words `bezzel list`, `--help` and the web page show. */
  readonly description: string;
  /** Its value when none is given; without one, `context.options` gives undefined. */
  readonly default?: OptionValue;
  /** Inclusive bounds of a number. */
  readonly min?: number;
  /** See `min`. */
  readonly max?: number;
  /** The values a `choice` takes. */
  readonly choices?: readonly string[];
  /** A `part` names a registered part of this kind (its ids are the values it takes). */
  readonly partKind?: string;
  /** Written by `split()` into sub-tasks rather than chosen by a user: forms and lists leave it out. */
  readonly internal?: boolean;
}

/**
 * A declared option: the schema that checks a value, and what the option is. `Defaulted` says, for the types
 * of `context.options`, whether a value is always there.
 */
export interface StrategyOption<T extends OptionValue = OptionValue, Defaulted extends boolean = boolean> {
  /** The valibot schema that checks and converts a value (`"0.1"` from the command line to 0.1). */
  readonly schema: v.GenericSchema<unknown, T>;
  /** What the option is, as data. */
  readonly info: OptionInfo;
  /** Types only: never set. */
  readonly defaulted?: Defaulted;
}

/** A strategy's options by name, in the order they are shown. */
export type StrategyOptions = Readonly<Record<string, StrategyOption>>;

/**
 * The values of a strategy's options, typed from its declarations (`run` reads them with `context.options`): an
 * option with a default always has a value.
 */
export type OptionValues<O extends StrategyOptions> = {
  readonly [K in keyof O]: O[K] extends StrategyOption<infer T, infer D> ? (D extends true ? T : T | undefined) : never;
};

/** Numbers arrive as numbers from code and as text from the command line and URLs. */
const numeric = v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i), v.transform(Number))]);
const booleanish = v.union([v.boolean(), v.pipe(v.picklist(['true', 'false', 'yes', 'no', '1', '0']), v.transform((t) => t === 'true' || t === 'yes' || t === '1'))]);

/**
 * The shape of a `start` option, checked here so that every strategy refuses a malformed one in the same words:
 * square numbers joined with "-", or square names (`a1`, `(row,col)`) separated by commas, semicolons or spaces.
 * Whether the squares are on the board is for the strategy, which has the board.
 */
const NAME = String.raw`(?:[a-z]\d+|\(\s*\d+\s*,\s*\d+\s*\))`;
const SQUARES = new RegExp(String.raw`^\s*(?:\d+(?:\s*-\s*\d+)*|${NAME}(?:(?:\s*[,;]\s*|\s+)${NAME})*)\s*$`, 'i');

/** Ids (lower-case letters, digits, dashes) joined with commas, spaces allowed around them. */
const IDS = /^\s*[a-z0-9][a-z0-9-]*(\s*,\s*[a-z0-9][a-z0-9-]*)*\s*$/;

/** The ids of a `list` option's value, in order. */
export function listOf(value: unknown): string[] {
  return String(value ?? '').split(',').map((id) => id.trim()).filter(Boolean);
}

function declared<T extends OptionValue, S extends Settings<unknown>>(schema: v.GenericSchema<unknown, T>, info: OptionInfo): StrategyOption<T, S extends Required<Settings<T>> ? true : false> {
  return { schema, info };
}

/** The bounds of a number option, and its default. */
interface NumberSettings {
  /** The smallest value allowed. */
  readonly min?: number;
  /** The largest value allowed. */
  readonly max?: number;
  /** The value when none is given. */
  readonly default?: number;
}

/** The fewest ids a list option takes, and its default. */
interface ListSettings extends Settings<string> {
  /** The fewest ids (default 1). */
  readonly min?: number;
}

/** The default of an option, when it has one. */
interface Settings<T> {
  /** The value when none is given. */
  readonly default?: T;
}

/** The settings of a text option. */
interface TextSettings extends Settings<string> {
  /** The fewest characters the text may have (1: a path or a name, never empty). */
  readonly min?: number;
}

/** Builders of option declarations: each takes the description a user reads, and what the value may be. */
export const option = {
  /** A whole number, within bounds when given. */
  integer<S extends NumberSettings>(description: string, range: S = {} as S) {
    // Safe integers only: a 200-digit count is no whole number a run can use (it read as 1e199 and passed).
    const checks = [v.safeInteger(), ...(range.min !== undefined ? [v.minValue(range.min)] : []), ...(range.max !== undefined ? [v.maxValue(range.max)] : [])];
    return declared<number, S>(v.pipe(numeric, ...(checks as [v.SafeIntegerAction<number, undefined>])), { type: 'integer', description, ...range });
  },
  /** A number (a rate, a weight), within bounds when given. */
  number<S extends NumberSettings>(description: string, range: S = {} as S) {
    const checks = [v.finite(), ...(range.min !== undefined ? [v.minValue(range.min)] : []), ...(range.max !== undefined ? [v.maxValue(range.max)] : [])];
    return declared<number, S>(v.pipe(numeric, ...(checks as [v.FiniteAction<number, undefined>])), { type: 'number', description, ...range });
  },
  /** True or false (`true`, `false`, `yes`, `no`, `1`, `0` on the command line). */
  boolean<S extends Settings<boolean>>(description: string, settings: S = {} as S) {
    return declared<boolean, S>(booleanish, { type: 'boolean', description, ...settings });
  },
  /** One of a fixed list of words. */
  choice<const C extends readonly [string, ...string[]], S extends Settings<C[number]>>(description: string, choices: C, settings: S = {} as S) {
    return declared<C[number], S>(v.picklist(choices), { type: 'choice', description, choices, ...settings });
  },
  /** The id of a registered part of `kind` (move ordering, initial placement, repair…): plugins may add more. */
  part<S extends Settings<string>>(description: string, kind: string, settings: S = {} as S) {
    return declared<string, S>(v.pipe(v.string(), v.nonEmpty()), { type: 'part', description, partKind: kind, ...settings });
  },
  /** Free text; with `min`, of at least that many characters (1: a path or a name, never empty). */
  text<S extends TextSettings>(description: string, settings: S = {} as S) {
    const schema = settings.min !== undefined ? v.pipe(v.string(), v.minLength(settings.min)) : v.string();
    return declared<string, S>(schema, { type: 'text', description, ...settings });
  },
  /**
   * An arrangement to start from (a placement's squares, or a walk's, in order), as a user or a pipeline's
   * previous stage gives it: square numbers joined with "-" (`encodeSquares`), or names (`a1,b3`). A strategy
   * that declares it can continue another's work: this is what a pipeline hands on.
   */
  start(description: string) {
    return declared<string, object>(v.pipe(v.string(), v.regex(SQUARES)), { type: 'start', description });
  },
  /**
   * Ids joined with commas (`min-conflicts,hill-climbing`): the strategies a portfolio races or a pipeline
   * chains. The value is kept as text, tidied (spaces dropped) and checked for at least `min` ids; {@link listOf}
   * gives the ids.
   */
  list<S extends ListSettings>(description: string, settings: S = {} as S) {
    const min = settings.min ?? 1;
    const schema = v.pipe(v.string(), v.regex(IDS), v.transform((text: string) => listOf(text).join(',')), v.check((text: string) => listOf(text).length >= min));
    return declared<string, S>(schema, { type: 'list', description, ...settings, min });
  },
  /** An option `split()` writes into sub-tasks (which rows or moves a sub-task starts from); not a user's knob. */
  internal(description: string) {
    return declared<string | number, object>(v.union([v.string(), v.number()]), { type: 'text', description, internal: true });
  },
};

/** What a value of an option must be, in the words of every message about it. */
export function describeValue(info: OptionInfo): string {
  const range = (what: string) =>
    info.min !== undefined && info.max !== undefined ? `${what} from ${info.min} to ${info.max}`
    : info.min !== undefined ? `${what} of at least ${info.min}`
    : info.max !== undefined ? `${what} of at most ${info.max}`
    : what;
  switch (info.type) {
    case 'integer':
      return range('a whole number');
    case 'number':
      return range('a number');
    case 'boolean':
      return 'true or false';
    case 'choice':
      return `one of ${info.choices!.join(', ')}`;
    case 'part':
      return `a ${info.partKind} part`;
    case 'text':
      return info.min === 1 ? 'text, not empty' : info.min !== undefined ? `text of at least ${info.min} characters` : 'text';
    case 'start':
      return 'squares joined with "-" or ",", as 0-10-20 or a1,b3';
    case 'list':
      return `${info.min !== undefined && info.min > 1 ? `at least ${info.min} ids` : 'ids'} joined with ",", as min-conflicts,hill-climbing`;
  }
}

/**
 * Checks one option's value against its declaration and converts it (`"0.1"` from the command line becomes 0.1).
 * Every strategy's every option is refused in the same words: `option mutationRate of genetic must be a number
 * from 0 to 1, not "2"`.
 */
export function checkOptionValue(strategy: string, name: string, declared: StrategyOption, value: unknown): Parsed<OptionValue> {
  const parsed = v.safeParse(declared.schema, value);
  if (parsed.success) return ok(parsed.output);
  const misfit = (declared.info.type === 'integer' || declared.info.type === 'number') && (typeof value === 'string' || typeof value === 'number') ? numberMisfit(String(value)) : undefined;
  const said = misfit && !(misfit.word === 'negative' && (declared.info.min ?? 0) < 0) ? misfitNote(misfit) : '';
  return fail('ERR_OPTION', `option ${name} of ${strategy} must be ${describeValue(declared.info)}, not ${JSON.stringify(value)}${said}`);
}
