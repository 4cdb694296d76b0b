import { type BoardSpec, type Budget, DEFAULT_BUDGET, type Goal, GOALS_OF, MAX_SIDE, MAX_SQUARE_SIDE, misfitNote, numberMisfit, type OptionValue, quoted, UsageError } from '@bezzel/core';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { totalmem } from 'node:os';


/** Options every solving command shares. */
export interface CommonOptions {
  readonly size?: number;
  readonly width?: number;
  readonly height?: number;
  readonly removed?: string;
  readonly torus?: boolean;
  readonly maxSteps?: number;
  readonly maxTime?: number;
  /** `--memory`: the bytes a run may use (see {@link memorySize}). */
  readonly memory?: number;
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

/**
 * A whole number from `min` up to `max` (by default the largest integer a double holds exactly). Every refusal
 * says the real range: a number too large is told its bound, not that it is not a whole number.
 */
export function wholeNumber(what: string, min: number, max: number = Number.MAX_SAFE_INTEGER, why?: string) {
  return (text: string): number => {
    const range = max === Number.MAX_SAFE_INTEGER ? `a whole number${min > 0 ? ` of at least ${min}` : ' (0 or more)'}` : `a whole number from ${min} to ${max}`;
    if (!/^\s*[+-]?\d+\s*$/.test(text)) {
      const misfit = numberMisfit(text);
      throw new InvalidArgumentError(`${what} must be ${range}, not ${quoted(text)}${misfitNote(misfit)}`);
    }
    const value = Number(text);
    if (value < min) throw new InvalidArgumentError(`${what} must be ${range}, not ${text.trim()}`);
    if (value > max || !Number.isSafeInteger(value)) throw new InvalidArgumentError(`${what} may be at most ${max}${why ? ` (${why})` : ''}, not ${text.trim()}`);
    return value;
  };
}

/** A whole number from `min` to `max`; beyond `max` the message says what the bound is (`why`). */
export function boundedNumber(what: string, min: number, max: number, why: string) {
  return wholeNumber(what, min, max, why);
}

/** Seeds are 32-bit: the generator's state is seeded from one unsigned 32-bit word, so 2³² would repeat seed 0. */
export const MAX_SEED = 0xffff_ffff;

/**
 * The longest time budget: a timer longer than about 24.8 days (2³¹ − 1 ms) fires at once in Node, so a longer
 * budget would end a run immediately; `none` is the way to say no limit.
 */
export const MAX_DURATION_MS = 2 ** 31 - 1;

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * A time budget in milliseconds, by one rule: one or more amounts, each with its unit — `ms`, `s`, `m`, `h`,
 * `d`, in any case — added up (`15s`, `500ms`, `1h30m`, `2m 30s`, `1.5h`); `none` (any case) for no limit. A
 * bare number is refused rather than guessed at (seconds? milliseconds?); so are 0 and more than 24 days.
 */
export function duration(text: string): number {
  if (/^\s*(none|unlimited)\s*$/i.test(text)) return Number.POSITIVE_INFINITY;
  const trimmed = text.trim();
  const part = /(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*/iy;
  let total = 0;
  let at = 0;
  let parts = 0;
  while (at < trimmed.length) {
    part.lastIndex = at;
    const match = part.exec(trimmed);
    if (!match) break;
    total += Number(match[1]) * UNIT_MS[match[2]!.toLowerCase() as keyof typeof UNIT_MS];
    at = part.lastIndex;
    parts++;
  }
  if (/^0+(\.0+)?$/.test(trimmed)) throw new InvalidArgumentError(`a time budget must be more than 0, not ${quoted(text)} (none means no limit)`);
  const misfit = numberMisfit(trimmed);
  if (misfit) throw new InvalidArgumentError(`a time budget cannot be ${misfit.word}: ${quoted(text)}${misfit.detail ? ` (${misfit.detail})` : ''}; give an amount more than 0 with its unit, like 15s or 2m, or none for no limit`);
  if (parts === 0 || at < trimmed.length) {
    const bare = /^\d+(\.\d+)?$/.test(trimmed) ? `; say ${trimmed}s or ${trimmed}ms` : '';
    throw new InvalidArgumentError(`a time needs a unit, like 15s, 500ms, 2m, 1h30m or none (no limit), not ${quoted(text)}${bare}`);
  }
  // A budget of nothing would stop every run before it starts: say so, whatever the unit.
  if (total === 0) throw new InvalidArgumentError(`a time budget must be more than 0, not ${quoted(text)} (none means no limit)`);
  if (total > MAX_DURATION_MS) throw new InvalidArgumentError(`a time budget may be at most 24d (24 days), not ${quoted(text)}; none means no limit`);
  return total;
}

const UNIT_BYTES = { k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 } as const;

/**
 * A memory size in bytes, by one rule: a number (decimals allowed) and a binary unit — K, M, G or T, powers of
 * 1024, so 512M is 512 MiB and 12G is 12 GiB — in any case, with or without a trailing B or iB (12G, 12GB, 12GiB
 * and 12 g are one size). A bare number is refused rather than guessed at (bytes? GiB?), so is 0, and so is more
 * than this machine's total memory (`machine`, in bytes, for tests). The default, without `--memory`, is 1 GiB.
 */
export function memorySize(text: string, machine: number = totalmem()): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt])(?:i?b)?\s*$/i.exec(text);
  // Nothing is refused as nothing, not as a missing unit (whose hint would suggest 0G, refused too).
  if (/^\s*0+(\.0+)?\s*$/.test(text)) throw new InvalidArgumentError(`a memory size must be more than 0, not ${quoted(text)}`);
  const misfit = numberMisfit(text);
  if (misfit) throw new InvalidArgumentError(`a memory size cannot be ${misfit.word}: ${quoted(text)}${misfit.detail ? ` (${misfit.detail})` : ''}; give an amount more than 0 with its unit, like 512M or 12G`);
  if (!match) {
    const bare = /^\s*\d+(\.\d+)?\s*$/.test(text) ? `; say ${text.trim()}G or ${text.trim()}M` : '';
    throw new InvalidArgumentError(`a memory size needs a unit, like 512M, 12G or 1.5T (powers of 1024), not ${quoted(text)}${bare}`);
  }
  const bytes = Math.round(Number(match[1]) * UNIT_BYTES[match[2]!.toLowerCase() as keyof typeof UNIT_BYTES]);
  if (bytes <= 0) throw new InvalidArgumentError(`a memory size must be more than 0, not ${quoted(text)}`);
  if (bytes > machine) {
    throw new InvalidArgumentError(`${text.trim()} is more than this machine's ${(machine / 2 ** 30).toFixed(1)} GiB of memory`);
  }
  return bytes;
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
  if (!match) throw new InvalidArgumentError(`write strategy options as name=value, not ${quoted(text)}`);
  const raw = match[2]!;
  const value: OptionValue = raw === 'true' ? true : raw === 'false' ? false : raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  const name = match[1]!;
  // The same name twice would keep the last value and drop the first without a word.
  if (Object.hasOwn(previous, name) && previous[name] !== value) {
    throw new InvalidArgumentError(`${name} is given twice, ${quoted(`${name}=${String(previous[name])}`)} and ${quoted(text)}: an option takes one value; give it once`);
  }
  return { ...previous, [name]: value };
}

export const collect = (value: string, previous: string[] = []) => [...previous, value];

export function addBoardOptions(command: Command, defaultSize?: number): Command {
  return command
    .option('-n, --size <n>', `square board n×n${defaultSize ? ` (default ${defaultSize})` : ''}`, wholeNumber('-n', 1, MAX_SQUARE_SIDE, 'a square board\'s squares are numbered below 2⁵³; --width and --height go to 100,000,000'))
    .option('--width <w>', 'board width (files)', wholeNumber('--width', 1, MAX_SIDE))
    .option('--height <h>', 'board height (ranks)', wholeNumber('--height', 1, MAX_SIDE))
    .option('--removed <squares>', 'squares cut out of the board, e.g. "d4,e5"')
    .option('--torus', 'join opposite edges, so moves and attacks wrap around');
}

export function addSolveOptions(command: Command): Command {
  return command
    .option('--strategy <id>', 'strategy id, or auto: the cheapest that supports the problem', 'auto')
    .option('-o, --option <name=value>', 'a strategy option or part, e.g. ordering=warnsdorff (repeatable)', keyValue, {})
    .option('--max-steps <n>', 'step budget (nodes, moves or generations)', wholeNumber('--max-steps', 1))
    .option('--max-time <time>', 'time budget of the whole run, e.g. 15s (the default), 500ms, 2m, or none', duration)
    .option('--memory <size>', 'memory a run (each sub-task of a split count) may use, which every strategy checks its estimate against: 512M, 12G (powers of 1024; default 1G)', (text: string) => memorySize(text))
    .option('--seed <n>', 'seed for every random choice (same seed, same run)', wholeNumber('--seed', 0, MAX_SEED, 'seeds are 32-bit'))
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

let commandStarted = performance.now();

/** Marks the start of a command (main calls it, `bezzel` with 0: the process's start): its time budget runs from here. */
export function markCommandStart(at = performance.now()): void {
  commandStarted = at;
}

/**
 * The budget of the whole run: `--max-time` (or the default, 15 s) counted from the command's start, so that
 * loading plugins and starting a search thread come out of it rather than on top of it.
 */
export function budgetOf(options: CommonOptions): Budget {
  const maxTimeMs = options.maxTime ?? DEFAULT_BUDGET.maxTimeMs;
  const spent = performance.now() - commandStarted;
  return {
    maxSteps: options.maxSteps,
    maxTimeMs: Number.isFinite(maxTimeMs) ? Math.max(1, Math.round(maxTimeMs - spent)) : maxTimeMs,
    ...(options.memory !== undefined ? { maxMemoryBytes: options.memory } : {}),
    startedAt: performance.timeOrigin + commandStarted,
  };
}
