import { GOALS, type Goal, type ProblemKind } from '@bezzel/core';

/**
 * Everything that defines a run, as it lives in the page's query string, so a teacher can share a link to
 * exactly that run. Plain data with no knowledge of what is registered: the form checks names against the
 * registry, this module only reads and writes text.
 */
export interface PageState {
  readonly problem: ProblemKind;
  /** A registered piece id, or `betza:<text>` for a piece described in Betza notation. */
  readonly piece: string;
  readonly width: number;
  readonly height: number;
  /** Placement: how many pieces; undefined means the natural number. */
  readonly k: number | undefined;
  /** Tour: the start square as a user writes it (`a1`, `(0,0)`); empty means any. */
  readonly start: string;
  readonly closed: boolean;
  readonly goal: Goal;
  /** A strategy id or `auto`. */
  readonly strategy: string;
  /** Strategy options and parts by name, as text. */
  readonly options: Readonly<Record<string, string>>;
  readonly seed: number;
  readonly maxSteps: number | undefined;
  readonly maxTimeMs: number;
  /** Record every step for the step-through (capped in the worker). */
  readonly trace: boolean;
}

export const DEFAULT_STATE: PageState = {
  problem: 'placement',
  piece: 'queen',
  width: 8,
  height: 8,
  k: undefined,
  start: '',
  closed: false,
  goal: 'all',
  strategy: 'backtracking',
  options: {},
  seed: 1,
  maxSteps: undefined,
  maxTimeMs: 15_000,
  trace: true,
};

/** Sides the page accepts: a 1000×1000 tour is drawn as a picture; a million queens too. */
export const MAX_PAGE_SIDE = 1_000_000;

const OPTION_PREFIX = 'o.';

/** Reads a query string (with or without `?`); anything missing or malformed falls back to the default. */
export function parseState(query: string): PageState {
  const q = new URLSearchParams(query);
  const d = DEFAULT_STATE;
  const problem = q.get('problem') === 'tour' ? 'tour' : q.get('problem') === 'placement' ? 'placement' : d.problem;
  const goal = (GOALS as readonly string[]).includes(q.get('goal') ?? '') ? (q.get('goal') as Goal) : d.goal;
  const width = wholeNumber(q.get('w'), 1, MAX_PAGE_SIDE) ?? d.width;
  const options: Record<string, string> = {};
  for (const [key, value] of q) if (key.startsWith(OPTION_PREFIX) && key.length > OPTION_PREFIX.length) options[key.slice(OPTION_PREFIX.length)] = value;
  return {
    problem,
    piece: cleanName(q.get('piece')) ?? (problem === 'tour' ? 'knight' : d.piece),
    width,
    height: wholeNumber(q.get('h'), 1, MAX_PAGE_SIDE) ?? width,
    k: wholeNumber(q.get('k'), 0, Number.MAX_SAFE_INTEGER),
    start: (q.get('start') ?? '').trim().slice(0, 40),
    closed: q.get('closed') === '1',
    goal,
    strategy: cleanName(q.get('strategy')) ?? d.strategy,
    options,
    seed: wholeNumber(q.get('seed'), 0, 0xffffffff) ?? d.seed,
    maxSteps: wholeNumber(q.get('steps'), 1, Number.MAX_SAFE_INTEGER),
    maxTimeMs: wholeNumber(q.get('ms'), 1, 24 * 3600 * 1000) ?? d.maxTimeMs,
    trace: q.get('trace') !== '0',
  };
}

/** Writes the state as a query string (without `?`); parseState reads back the same state. */
export function formatState(state: PageState): string {
  const q = new URLSearchParams();
  q.set('problem', state.problem);
  q.set('piece', state.piece);
  q.set('w', String(state.width));
  q.set('h', String(state.height));
  if (state.k !== undefined) q.set('k', String(state.k));
  if (state.start !== '') q.set('start', state.start);
  if (state.closed) q.set('closed', '1');
  q.set('goal', state.goal);
  q.set('strategy', state.strategy);
  for (const [name, value] of Object.entries(state.options).sort(([a], [b]) => a.localeCompare(b))) q.set(OPTION_PREFIX + name, value);
  q.set('seed', String(state.seed));
  if (state.maxSteps !== undefined) q.set('steps', String(state.maxSteps));
  q.set('ms', String(state.maxTimeMs));
  q.set('trace', state.trace ? '1' : '0');
  return q.toString();
}

function wholeNumber(text: string | null, min: number, max: number): number | undefined {
  if (text === null || !/^\d+$/.test(text.trim())) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
}

/** Ids are short and printable; a Betza string keeps its case and brackets. */
function cleanName(text: string | null): string | undefined {
  const t = text?.trim();
  return t && t.length <= 80 && /^[\w:()\-,.\[\]]+$/.test(t) ? t : undefined;
}
