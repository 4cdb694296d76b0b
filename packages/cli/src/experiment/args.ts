import { MAX_SQUARE_SIDE, quoted, UsageError } from '@bezzel/core';
import { InvalidArgumentError } from 'commander';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { isFileSpecifier } from '../plugins/load-plugins.js';
import { wholeNumber } from '../options/common-options.js';

/** `-o name=value` (every strategy that declares it) or `-o genetic.name=value` (that strategy only). */
export interface OptionAssignment {
  readonly strategy?: string;
  readonly name: string;
  /** As typed: the option's declaration converts it, and says what is wrong with it. */
  readonly value: string;
}

/** What `bezzel experiment` was told on its command line, beside the spec file. */
export interface ExperimentFlags {
  readonly size?: number[];
  readonly k?: number;
  readonly closed?: boolean;
  readonly independent?: boolean;
  readonly total?: boolean;
  readonly goal?: string;
  readonly strategies?: string[];
  readonly option: OptionAssignment[];
  readonly sweep: Record<string, string[]>;
  readonly runs?: number;
  readonly seed?: number;
  readonly maxSteps?: number;
  readonly maxTime?: number;
  /** `--memory`, in bytes. */
  readonly memory?: number;
  readonly plugin: string[];
  /** `--compare-on`: what run lengths are compared on. */
  readonly compareOn?: 'steps' | 'time';
}

export function optionAssignment(text: string, previous: OptionAssignment[] = []): OptionAssignment[] {
  const match = /^(?:([a-z][\w-]*)\.)?([a-zA-Z][\w-]*)=(.*)$/.exec(text);
  if (!match) throw new InvalidArgumentError(`write options as name=value, or strategy.name=value for one strategy, not "${text}"`);
  const earlier = previous.find((a) => a.strategy === match[1] && a.name === match[2]);
  if (earlier && earlier.value !== match[3]) {
    const named = `${match[1] ? `${match[1]}.` : ''}${match[2]}`;
    throw new InvalidArgumentError(`${named} is given twice, ${quoted(`${named}=${earlier.value}`)} and ${quoted(text)}: an option takes one value; give it once`);
  }
  return [...previous, { ...(match[1] ? { strategy: match[1] } : {}), name: match[2]!, value: match[3]! }];
}

/** `--sweep mutationRate=0.01,0.05,0.1`: an option and the values to try, as typed. */
export function sweepAssignment(text: string, previous: Record<string, string[]> = {}): Record<string, string[]> {
  const match = /^([a-zA-Z][\w-]*)=(.+)$/.exec(text);
  const values = match?.[2]!.split(',').map((v) => v.trim()) ?? [];
  if (!match || values.length === 0) throw new InvalidArgumentError(`write a sweep as name=value,value,…, such as mutationRate=0.01,0.05,0.1, not ${quoted(text)}`);
  if (values.includes('')) throw new InvalidArgumentError(`${quoted(text)} has an empty value between commas: write each value once, such as mutationRate=0.01,0.05,0.1`);
  if (Object.hasOwn(previous, match[1]!)) throw new InvalidArgumentError(`${match[1]} is swept twice, ${quoted(`${match[1]}=${previous[match[1]!]!.join(',')}`)} and ${quoted(text)}: give its values in one --sweep`);
  return { ...previous, [match[1]!]: values };
}

export function strategyList(text: string): string[] {
  const ids = text.split(',').map((s) => s.trim());
  if (ids.every((id) => id === '')) throw new InvalidArgumentError('name at least one strategy, e.g. min-conflicts,hill-climbing');
  if (ids.includes('')) throw new InvalidArgumentError(`${quoted(text)} has an empty name between commas: name each strategy once, e.g. min-conflicts,hill-climbing`);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new InvalidArgumentError(`${quoted(text)} names ${twice} twice: name each strategy once`);
  return ids;
}

export function sizeList(text: string): number[] {
  const side = wholeNumber('-n', 1, MAX_SQUARE_SIDE, 'a square board\'s squares are numbered below 2⁵³');
  const sides = text.split(',').map((s) => s.trim());
  if (sides.includes('') && sides.length > 1) throw new InvalidArgumentError(`${quoted(text)} has an empty size between commas: write each size once, such as 8,12,16`);
  const values = sides.map(side);
  const twice = values.find((n, i) => values.indexOf(n) !== i);
  if (twice !== undefined) throw new InvalidArgumentError(`${quoted(text)} names the size ${twice} twice: write each size once`);
  return values;
}

const PROBLEM_WORDS: Readonly<Record<string, string>> = { place: 'placement', placement: 'placement', tour: 'tour', dominate: 'dominate' };

/** `queen`, `tour knight`, `dominate queen`: the problem (when said) and the piece as typed. */
export function problemWords(words: readonly string[]): { problem?: string; piece?: string } {
  if (words.length === 0) return {};
  if (words.length === 1) return { piece: words[0]! };
  const problem = PROBLEM_WORDS[words[0]!];
  if (words.length !== 2 || !problem) throw new UsageError('ERR_PIECE', 'name a piece, or a problem (place, tour, dominate) and a piece, such as: tour knight');
  return { problem, piece: words[1]! };
}

/**
 * The spec the flags say, over the spec file's (both as written, before parseSpec checks them): a flag given
 * replaces its field; `-o` and `--sweep` replace only the options and swept options they name.
 */
export function mergeFlags(file: Record<string, unknown>, words: { problem?: string; piece?: string }, flags: ExperimentFlags): Record<string, unknown> {
  if (flags.independent && flags.total) throw new UsageError('ERR_GOAL', 'choose one of --independent and --total: a total dominating set has every piece attacked, an independent one none');
  const spec: Record<string, unknown> = { ...file };
  const set = (field: string, value: unknown) => value !== undefined && (spec[field] = value);
  set('problem', words.problem);
  set('piece', words.piece);
  set('sizes', flags.size);
  set('k', flags.k);
  set('closed', flags.closed);
  set('variant', flags.independent ? 'independent' : flags.total ? 'total' : undefined);
  set('goal', flags.goal);
  set('strategies', flags.strategies);
  set('runs', flags.runs);
  set('seed', flags.seed);
  set('compareOn', flags.compareOn);
  if (flags.maxSteps !== undefined || flags.maxTime !== undefined || flags.memory !== undefined) {
    const budget = { ...(isRecord(file.budget) ? file.budget : {}) };
    if (flags.maxSteps !== undefined) budget.maxSteps = flags.maxSteps;
    if (flags.memory !== undefined) budget.maxMemoryBytes = flags.memory;
    // JSON has no Infinity: no time limit is written null.
    if (flags.maxTime !== undefined) budget.maxTimeMs = Number.isFinite(flags.maxTime) ? flags.maxTime : null;
    spec.budget = budget;
  }
  const shared = flags.option.filter((o) => o.strategy === undefined);
  if (shared.length > 0) spec.options = { ...(isRecord(file.options) ? file.options : {}), ...Object.fromEntries(shared.map((o) => [o.name, o.value])) };
  const own = flags.option.filter((o) => o.strategy !== undefined);
  if (own.length > 0) {
    const perStrategy: Record<string, Record<string, unknown>> = { ...(isRecord(file.strategyOptions) ? (file.strategyOptions as Record<string, Record<string, unknown>>) : {}) };
    for (const o of own) perStrategy[o.strategy!] = { ...perStrategy[o.strategy!], [o.name]: o.value };
    spec.strategyOptions = perStrategy;
  }
  if (Object.keys(flags.sweep).length > 0) spec.sweep = { ...(isRecord(file.sweep) ? file.sweep : {}), ...flags.sweep };
  return spec;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Plugin files named in a spec file are relative to it; those on the command line, to where it was typed. */
export function absolutePlugins(plugins: readonly string[], base: string): string[] {
  return plugins.map((p) => (isFileSpecifier(p) && !isAbsolute(p) ? resolve(base, p) : p));
}

/** Plugin files as a spec written to `file` names them: relative to its folder, so the folder can move as a whole. */
export function pluginsRelativeTo(plugins: readonly string[], file: string): string[] {
  return plugins.map((p) => {
    if (!isFileSpecifier(p) || !isAbsolute(p)) return p;
    const path = relative(dirname(file), p).split('\\').join('/');
    return path.startsWith('.') ? path : `./${path}`;
  });
}
