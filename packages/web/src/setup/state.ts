import { DOMINATION_VARIANTS, GOALS_OF, PROBLEM_KINDS, type DominationVariant, type Goal, type ProblemKind } from '@bezzel/core';

/** The goals of the problems the page poses: placements, tours and domination. */
export const PAGE_GOALS: readonly Goal[] = [...new Set(PROBLEM_KINDS.flatMap((kind) => GOALS_OF[kind]))];

/** Domination goals that find the number of pieces themselves: a k beside them is a mistake. */
export const MINIMUM_GOALS: readonly Goal[] = ['minimum', 'count-minimum', 'count-minimum-fundamental'];

/**
 * Everything that defines a run, as it lives in the page's query string, so a teacher can share a link to
 * exactly that run. Plain data with no knowledge of what is registered: `setup-check.ts` checks names against
 * the registry, this module only reads and writes text, saying what it could not read.
 */
export interface PageState {
  readonly problem: ProblemKind;
  /** A registered piece id, or `betza:<text>` for a piece described in Betza notation. */
  readonly piece: string;
  readonly width: number;
  readonly height: number;
  /** Placement: how many pieces (undefined: the natural number); domination: the size of the sets (undefined with the minimum goals). */
  readonly k: number | undefined;
  /** Tour: the start square as a user writes it (`a1`, `(0,0)`); empty means any. */
  readonly start: string;
  readonly closed: boolean;
  /** Domination: plain, independent (no piece attacks another) or total (every square attacked, occupied ones too). */
  readonly variant: DominationVariant;
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
  variant: 'plain',
  goal: 'all',
  strategy: 'backtracking',
  options: {},
  seed: 1,
  maxSteps: undefined,
  maxTimeMs: 15_000,
  trace: true,
};

/** Sides the page accepts: a million queens are drawn as a picture. */
export const MAX_PAGE_SIDE = 1_000_000;
/** A tour keeps its whole path in the page: 4 million squares (a 2000×2000 board) is 16 MB. */
export const MAX_TOUR_SQUARES = 4_000_000;
export const MAX_SEED = 0xffffffff;
export const MAX_TIME_MS = 24 * 3600 * 1000;

const OPTION_PREFIX = 'o.';
/** Parameters the page reads besides `o.<option>`; `at` is the step a shared link opens at. */
const KNOWN = new Set(['problem', 'piece', 'w', 'h', 'k', 'start', 'closed', 'variant', 'goal', 'strategy', 'seed', 'steps', 'ms', 'trace', 'at', 'present', 'tab', 'play', 'lecture', 'lz', 'scene', 'quiz', 'scored']);

/** Whether a query string asks for presentation mode (`present=1`): large type, the set-up hidden. A view, not set-up. */
export function presentationAsked(query: string): boolean {
  return new URLSearchParams(query).get('present') === '1';
}

/** The tabs a link can open on besides Watch (`tab=`), a view like `present`, not set-up. */
export const LINKED_TABS = ['solutions', 'play', 'compare'] as const;
export type LinkedTab = (typeof LINKED_TABS)[number];

/**
 * The view a link asks for: the tab (`tab=solutions|play|compare`) and a play attempt (`play=`: square numbers
 * joined by "-", in the order played — a tour's path, or the pieces placed). Malformed values are left out, and
 * squares off a board of `size` squares, or placed twice on a placement, drop the whole attempt.
 */
export function viewAsked(query: string, size: number, tour: boolean): { readonly tab: LinkedTab | undefined; readonly play: readonly number[]; readonly issues: readonly string[] } {
  const q = new URLSearchParams(query);
  const issues: string[] = [];
  const tabText = q.get('tab');
  const tab = LINKED_TABS.find((t) => t === tabText);
  if (tabText !== null && tabText !== '' && tab === undefined && tabText !== 'watch') {
    issues.push(`The link asks for the tab ${quote(tabText)}; the page has watch, ${LINKED_TABS.join(', ')}, so it opens on Watch.`);
  }
  const present = q.get('present');
  if (present !== null && present !== '' && present !== '1' && present !== '0') issues.push(`The link sets present to ${quote(present)}; it must be 1 or 0, so the page is not in presentation mode.`);
  const playText = q.get('play') ?? '';
  if (playText === '') return { tab, play: [], issues };
  if (!/^\d{1,9}(-\d{1,9}){0,9999}$/.test(playText)) {
    issues.push(`The link's play attempt ${quote(playText)} is not square numbers joined by “-” (at most 10,000 of them); it is left out.`);
    return { tab, play: [], issues };
  }
  const play = playText.split('-').map(Number);
  const off = play.find((sq) => sq >= size);
  const twice = !tour && new Set(play).size !== play.length;
  if (off !== undefined) issues.push(`The link's play attempt has square ${off.toLocaleString('en')}, off a board of ${size.toLocaleString('en')} squares (numbered from 0); it is left out.`);
  else if (twice) issues.push('The link\'s play attempt places two pieces on one square; it is left out.');
  return { tab, play: off === undefined && !twice ? play : [], issues };
}

/** The view's part of a link: `&tab=…&play=…`, empty for Watch with nothing played. */
export function formatView(tab: string, play: readonly number[]): string {
  const q = new URLSearchParams();
  if ((LINKED_TABS as readonly string[]).includes(tab)) q.set('tab', tab);
  if (play.length > 0) q.set('play', play.join('-'));
  const text = q.toString();
  return text ? `&${text}` : '';
}

/** A query string read into a state, with one sentence for each parameter that could not be used as given. */
export interface ParsedQuery {
  readonly state: PageState;
  /** The step a shared link asks to open at, once the run is over. */
  readonly at: number | undefined;
  readonly issues: readonly string[];
}

/** Reads a query string (with or without `?`); anything missing falls back to the default, anything malformed too, saying so. */
export function parseState(query: string): ParsedQuery {
  const q = new URLSearchParams(query);
  const issues: string[] = [];
  const seen = new Set<string>();
  for (const key of q.keys()) {
    if (seen.has(key)) issues.push(`The link gives ${quote(key)} more than once; the first is used.`);
    seen.add(key);
    if (!KNOWN.has(key) && !(key.startsWith(OPTION_PREFIX) && key.length > OPTION_PREFIX.length)) issues.push(`The link has a parameter ${quote(key)} that the page does not know; it is ignored.`);
  }
  const read = new Reader(q, issues);
  const d = DEFAULT_STATE;
  const problem = read.choice('problem', PROBLEM_KINDS, d.problem, 'a problem');
  const width = read.whole('w', 1, MAX_PAGE_SIDE, d.width, 'the board width');
  const options: Record<string, string> = {};
  for (const [key, value] of q) {
    if (!key.startsWith(OPTION_PREFIX) || key.length === OPTION_PREFIX.length || Object.hasOwn(options, key.slice(OPTION_PREFIX.length))) continue;
    const name = key.slice(OPTION_PREFIX.length);
    if (!isName(name)) issues.push(`The link names a strategy option ${quote(name)}, which is not an option name; it is ignored.`);
    else if (value.length > 200) issues.push(`The link's value for option ${quote(name)} is longer than 200 characters; it is ignored.`);
    else options[name] = value;
  }
  // Domination has its own usual goal and strategy: the fewest pieces, by the exact search.
  const dominate = problem === 'dominate';
  const piece = read.name('piece', problem === 'tour' ? 'knight' : d.piece, 'a piece');
  const height = read.whole('h', 1, MAX_PAGE_SIDE, width, 'the board height');
  let k = read.optionalWhole('k', 0, Number.MAX_SAFE_INTEGER, 'the number of pieces');
  const start = read.text('start', 40, 'the start square');
  const closed = read.flag('closed', d.closed, 'closed');
  const variant = read.choice('variant', DOMINATION_VARIANTS, d.variant, 'a domination variant');
  const goal = read.choice('goal', PAGE_GOALS, dominate ? 'minimum' : d.goal, 'a goal');
  if (dominate && k !== undefined && MINIMUM_GOALS.includes(goal)) {
    issues.push(`The link sets the number of pieces to ${k}, but goal ${goal} finds the number itself; it is left out.`);
    k = undefined;
  }
  const state: PageState = {
    problem,
    piece,
    width,
    height,
    k,
    start,
    closed,
    variant,
    goal,
    strategy: read.name('strategy', dominate ? 'cover-search' : d.strategy, 'a strategy'),
    options,
    seed: read.whole('seed', 0, MAX_SEED, d.seed, 'the seed'),
    maxSteps: read.optionalWhole('steps', 1, Number.MAX_SAFE_INTEGER, 'the step limit'),
    maxTimeMs: read.whole('ms', 1, MAX_TIME_MS, d.maxTimeMs, 'the time limit in milliseconds'),
    trace: read.flag('trace', d.trace, 'trace'),
  };
  return { state, at: read.optionalWhole('at', 0, Number.MAX_SAFE_INTEGER, 'the step to open at'), issues };
}

/** Writes the state as a query string (without `?`); parseState reads back the same state with no issues. */
export function formatState(state: PageState, at?: number): string {
  const q = new URLSearchParams();
  q.set('problem', state.problem);
  q.set('piece', state.piece);
  q.set('w', String(state.width));
  q.set('h', String(state.height));
  if (state.k !== undefined) q.set('k', String(state.k));
  if (state.start !== '') q.set('start', state.start);
  if (state.closed) q.set('closed', '1');
  if (state.variant !== 'plain') q.set('variant', state.variant);
  q.set('goal', state.goal);
  q.set('strategy', state.strategy);
  for (const [name, value] of Object.entries(state.options).sort(([a], [b]) => a.localeCompare(b))) q.set(OPTION_PREFIX + name, value);
  q.set('seed', String(state.seed));
  if (state.maxSteps !== undefined) q.set('steps', String(state.maxSteps));
  q.set('ms', String(state.maxTimeMs));
  q.set('trace', state.trace ? '1' : '0');
  if (at !== undefined && at > 0) q.set('at', String(at));
  return q.toString();
}

/** Reads one parameter at a time, noting an issue (and using the fallback) for a value it cannot use. */
class Reader {
  constructor(
    private readonly q: URLSearchParams,
    private readonly issues: string[],
  ) {}

  whole(key: string, min: number, max: number, fallback: number, what: string): number {
    return this.optionalWhole(key, min, max, what) ?? fallback;
  }

  optionalWhole(key: string, min: number, max: number, what: string): number | undefined {
    const text = this.q.get(key);
    if (text === null || text === '') return undefined;
    const n = /^\d{1,16}$/.test(text.trim()) ? Number(text) : NaN;
    if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
    this.issues.push(`The link sets ${what} to ${quote(text)}; it must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}, so the default is used.`);
    return undefined;
  }

  choice<T extends string>(key: string, allowed: readonly T[], fallback: T, what: string): T {
    const text = this.q.get(key);
    if (text === null || text === '') return fallback;
    if ((allowed as readonly string[]).includes(text)) return text as T;
    this.issues.push(`The link asks for ${what} ${quote(text)}; the page knows ${allowed.join(', ')}, so ${fallback} is used.`);
    return fallback;
  }

  flag(key: string, fallback: boolean, what: string): boolean {
    const text = this.q.get(key);
    if (text === null || text === '') return fallback;
    if (text === '1' || text === '0') return text === '1';
    this.issues.push(`The link sets ${what} to ${quote(text)}; it must be 1 or 0, so ${fallback ? '1' : '0'} is used.`);
    return fallback;
  }

  name(key: string, fallback: string, what: string): string {
    const text = this.q.get(key);
    if (text === null || text === '') return fallback;
    if (text.length <= 80 && /^[\w:()\-,.[\]]+$/.test(text)) return text;
    this.issues.push(`The link asks for ${what} ${quote(text)}, which is not a name the page can use; ${fallback} is used.`);
    return fallback;
  }

  text(key: string, max: number, what: string): string {
    const text = (this.q.get(key) ?? '').trim();
    if (text.length <= max) return text;
    this.issues.push(`The link's ${what} is longer than ${max} characters; it is left empty.`);
    return '';
  }
}

/** An option name as strategies declare them: letters and digits, starting with a letter. */
function isName(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9-]{0,40}$/.test(text);
}

/** A value from the link quoted for a message: shortened, with control characters shown as `?`. */
export function quote(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return `“${clean.length > 40 ? `${clean.slice(0, 39)}…` : clean}”`;
}
