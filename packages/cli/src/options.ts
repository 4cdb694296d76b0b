import { type BoardSpec, type Budget, GOALS_OF, type Goal, type OptionValue, UsageError } from '@bezzel/core';
import { type Command, InvalidArgumentError, Option } from 'commander';

/** Options every solving command shares. */
export interface CommonOptions {
  readonly size?: number;
  readonly width?: number;
  readonly height?: number;
  readonly removed?: string;
  readonly torus?: boolean;
  readonly maxSteps?: number;
  readonly maxTime?: number;
  readonly seed?: number;
  readonly format: 'text' | 'json' | 'svg';
  /** A file for the drawing: `.svg`, or `.png` when a PNG renderer is installed. */
  readonly out?: string;
  readonly plugin: string[];
  readonly ascii?: boolean;
  readonly quiet?: boolean;
  readonly strategy: string;
  readonly option: Record<string, OptionValue>;
  readonly crossCheck?: boolean;
}

export function wholeNumber(what: string, min: number) {
  return (text: string): number => {
    const value = Number(text);
    if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(value) || value < min) {
      throw new InvalidArgumentError(`${what} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${text}"`);
    }
    return value;
  };
}

/** A whole number from `min` to `max`; beyond `max` the message says what the bound is (`why`). */
export function boundedNumber(what: string, min: number, max: number, why: string) {
  const whole = wholeNumber(what, min);
  return (text: string): number => {
    const value = whole(text);
    if (value > max) throw new InvalidArgumentError(`${what} may be at most ${max} (${why}), not ${text}`);
    return value;
  };
}

/**
 * `15s`, `500ms`, `2m`, `1h`, `7d`: a time budget in milliseconds; `none` for no limit. A bare number is refused
 * rather than guessed at (seconds? milliseconds?).
 */
export function duration(text: string): number {
  if (/^\s*(none|unlimited)\s*$/i.test(text)) return Number.POSITIVE_INFINITY;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  // A budget of nothing would stop every run before it starts: say so, whatever the unit.
  if (match && Number(match[1]) === 0) throw new InvalidArgumentError(`a time budget must be more than 0, not "${text}" (none means no limit)`);
  if (!match?.[2]) {
    const bare = match ? `; say ${text.trim()}s or ${text.trim()}ms` : '';
    throw new InvalidArgumentError(`a time needs a unit, like 15s, 500ms, 2m or none (no limit), not "${text}"${bare}`);
  }
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

export function goal(allowed: readonly Goal[]) {
  return (text: string): Goal => {
    if (!(allowed as readonly string[]).includes(text)) throw new InvalidArgumentError(`choose one of ${allowed.join(', ')}`);
    return text as Goal;
  };
}

/** `name=value` pairs for strategy options and parts, collected into one record. */
export function keyValue(text: string, previous: Record<string, OptionValue> = {}): Record<string, OptionValue> {
  const match = /^([a-zA-Z][\w-]*)=(.*)$/.exec(text);
  if (!match) throw new InvalidArgumentError(`write strategy options as name=value, not "${text}"`);
  const raw = match[2]!;
  const value: OptionValue = raw === 'true' ? true : raw === 'false' ? false : raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  return { ...previous, [match[1]!]: value };
}

export const collect = (value: string, previous: string[] = []) => [...previous, value];

export function addBoardOptions(command: Command, defaultSize?: number): Command {
  return command
    .option('-n, --size <n>', `square board n×n${defaultSize ? ` (default ${defaultSize})` : ''}`, wholeNumber('-n', 1))
    .option('--width <w>', 'board width (files)', wholeNumber('--width', 1))
    .option('--height <h>', 'board height (ranks)', wholeNumber('--height', 1))
    .option('--removed <squares>', 'squares cut out of the board, e.g. "d4,e5"')
    .option('--torus', 'join opposite edges, so moves and attacks wrap around');
}

export function addSolveOptions(command: Command): Command {
  return command
    .option('--strategy <id>', 'strategy id, or auto: the cheapest that supports the problem', 'auto')
    .option('-o, --option <name=value>', 'a strategy option or part, e.g. ordering=warnsdorff (repeatable)', keyValue, {})
    .option('--max-steps <n>', 'step budget (nodes, moves or generations)', wholeNumber('--max-steps', 1))
    .option('--max-time <time>', 'time budget of the whole run, e.g. 15s (the default), 500ms, 2m, or none', duration)
    .option('--seed <n>', 'seed for every random choice (same seed, same run)', wholeNumber('--seed', 0))
    .option('--cross-check', 'for counts: count again with a second strategy and fail (exit 5) if they differ')
    .addOption(new Option('--format <format>', 'output format (svg: a drawing of the first solution)').choices(['text', 'json', 'svg']).default('text'))
    .option('--out <file>', 'write a drawing of the first solution to a .svg or .png file')
    .option('--ascii', 'letters instead of chess glyphs')
    .option('-q, --quiet', 'print only the answer line, no boards')
    .option('--plugin <module>', 'load a plugin: a package name or a .js/.mjs/.ts file (repeatable)', collect, []);
}

export function addGoalOption(command: Command, allowed: readonly Goal[], fallback: Goal): Command {
  return command.addOption(new Option('--goal <goal>', `one of ${allowed.join(', ')}`).argParser(goal(allowed)).default(fallback));
}

export const placementGoals: readonly Goal[] = GOALS_OF.placement;
export const tourGoals: readonly Goal[] = GOALS_OF.tour;
export const dominateGoals: readonly Goal[] = GOALS_OF.dominate;

/** The board the options describe: `-n N`, or `--width`/`--height`, or the default size. */
export function boardSpec(options: CommonOptions, defaultSize: number): BoardSpec {
  if (options.size !== undefined && (options.width !== undefined || options.height !== undefined)) {
    throw new UsageError('ERR_BOARD', 'give either -n or --width/--height, not both');
  }
  const width = options.width ?? options.size ?? options.height ?? defaultSize;
  const height = options.height ?? options.size ?? options.width ?? defaultSize;
  return options.torus ? { width, height, torus: true } : { width, height };
}

export function budgetOf(options: CommonOptions): Budget {
  return { maxSteps: options.maxSteps, maxTimeMs: options.maxTime };
}
