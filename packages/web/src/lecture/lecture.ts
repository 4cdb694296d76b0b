import { DOMINATION_VARIANTS, issuePath, PROBLEM_KINDS } from '@bezzel/core';
import * as v from 'valibot';
import { DEFAULT_STATE, MAX_PAGE_SIDE, MAX_SEED, MAX_TIME_MS, PAGE_GOALS, type PageState } from '../setup/state.js';

/** What a lecture file says it is, and the version of its shape this page reads and writes. */
export const LECTURE_FORMAT = 'bezzel-lecture';
export const LECTURE_VERSION = 1;

/** The panels a scene may show beside the board (the board itself is always shown). */
export const PANELS = ['figures', 'log', 'code', 'view', 'tree', 'chart', 'answer'] as const;
export type Panel = (typeof PANELS)[number];
/** What a scene shows when it names no panels: the step in words, the code line and the strategy's own view. */
export const DEFAULT_PANELS: readonly Panel[] = ['log', 'code', 'view'];

/** Steps a scene names by what they are rather than by number. */
export const NAMED_STEPS = ['start', 'open', 'solution', 'end'] as const;
/** A whole step, or: the start, where the page opens a run (`open`), its first solution, its end. */
export type SceneStep = number | (typeof NAMED_STEPS)[number];

/** Figures a note may name in braces, filled in from the live run: `{solutions} solutions in {nodes} nodes`. */
export const NOTE_FIGURES = ['step', 'steps', 'depth', 'h', 'nodes', 'solutions', 'backtracks', 'restarts', 'moves', 'generations', 'pieces', 'status'] as const;

export const MAX_SCENES = 200;
export const MAX_NOTE = 4000;
const MAX_TITLE = 200;
const MAX_HIGHLIGHTS = 64;

/** A scene's set-up: the page's set-up fields, the defaults left out (a tour's piece is the knight, and so on). */
export interface SceneSetup {
  readonly problem: PageState['problem'];
  readonly piece?: string;
  readonly width: number;
  readonly height?: number;
  readonly k?: number;
  readonly start?: string;
  readonly closed?: boolean;
  readonly variant?: PageState['variant'];
  readonly goal?: PageState['goal'];
  readonly strategy: string;
  readonly options?: Readonly<Record<string, string | number | boolean>>;
  readonly seed?: number;
  readonly maxSteps?: number;
  readonly maxTimeMs?: number;
}

/** One scene: a set-up run live, the step shown, the panels beside the board, squares to point at, and a note. */
export interface Scene {
  readonly title: string;
  readonly setup: SceneSetup;
  readonly step: SceneStep;
  readonly panels: readonly Panel[];
  /** Squares ringed on the board, by name (`f7`, or `(3,4)` beyond 26 files). */
  readonly highlights: readonly string[];
  /** What to say: plain text with **bold**, *italics*, `code`, paragraphs and "- " lists, and {figures}. */
  readonly note: string;
}

export interface Lecture {
  readonly format: typeof LECTURE_FORMAT;
  readonly version: typeof LECTURE_VERSION;
  readonly title: string;
  readonly scenes: readonly Scene[];
}

const whole = (min: number, max: number) => {
  const message = `must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`;
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
};
const text = (max: number, what: string) => v.pipe(v.string(`must be ${what}`), v.maxLength(max, `must be at most ${max.toLocaleString('en')} characters`));
const name = (what: string) => v.pipe(v.string(`must be ${what}`), v.regex(/^[\w:()\-,.[\]]{1,80}$/, `must be ${what}`));

const SETUP_FIELDS = ['problem', 'piece', 'width', 'height', 'k', 'start', 'closed', 'variant', 'goal', 'strategy', 'options', 'seed', 'maxSteps', 'maxTimeMs'] as const;
const SCENE_FIELDS = ['title', 'setup', 'step', 'panels', 'highlights', 'note'] as const;
const LECTURE_FIELDS = ['format', 'version', 'title', 'scenes'] as const;

const setupSchema = v.strictObject(
  {
    problem: v.picklist(PROBLEM_KINDS, `must be one of ${PROBLEM_KINDS.join(', ')}`),
    piece: v.optional(name('a piece id, such as queen, or betza:QN')),
    width: whole(1, MAX_PAGE_SIDE),
    height: v.optional(whole(1, MAX_PAGE_SIDE)),
    k: v.optional(whole(0, Number.MAX_SAFE_INTEGER)),
    start: v.optional(text(40, 'a square, such as a1')),
    closed: v.optional(v.boolean('must be true or false')),
    variant: v.optional(v.picklist(DOMINATION_VARIANTS, `must be one of ${DOMINATION_VARIANTS.join(', ')}`)),
    goal: v.optional(v.picklist(PAGE_GOALS, `must be one of ${PAGE_GOALS.join(', ')}`)),
    strategy: name('a strategy id, such as backtracking'),
    options: v.optional(
      v.record(
        v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9-]{0,40}$/, 'must be option names')),
        v.union([v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters')), v.number(), v.boolean()], 'must be text, a number, or true or false'),
        'must be an object of option names and values, such as {"sideways": 0}',
      ),
    ),
    seed: v.optional(whole(0, MAX_SEED)),
    maxSteps: v.optional(whole(1, Number.MAX_SAFE_INTEGER)),
    maxTimeMs: v.optional(whole(1, MAX_TIME_MS)),
  },
  'must be an object such as {"problem": "placement", "width": 8, "strategy": "backtracking"}',
);

const stepSchema = v.custom<SceneStep>(
  (x) => (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0) || (NAMED_STEPS as readonly unknown[]).includes(x),
  `must be a whole number of steps, or one of ${NAMED_STEPS.join(', ')}`,
);

const noteSchema = v.pipe(
  text(MAX_NOTE, 'text'),
  v.check((note) => unknownFigures(note).length === 0, (issue) => `names ${unknownFigures(issue.input as string).map((f) => `{${f}}`).join(', ')}, which the page does not fill in (it knows ${NOTE_FIGURES.map((f) => `{${f}}`).join(', ')})`),
);

const sceneSchema = v.strictObject(
  {
    title: text(MAX_TITLE, 'text'),
    setup: setupSchema,
    step: v.optional(stepSchema, 'open'),
    panels: v.optional(
      v.pipe(
        v.array(v.picklist(PANELS, `must be one of ${PANELS.join(', ')}`), `must be a list of panels (${PANELS.join(', ')})`),
        v.check((list) => new Set(list).size === list.length, 'names a panel twice'),
      ),
      () => [...DEFAULT_PANELS],
    ),
    highlights: v.optional(v.pipe(v.array(text(16, 'a square name, such as f7'), 'must be a list of square names, such as ["f7", "g5"]'), v.maxLength(MAX_HIGHLIGHTS, `must be at most ${MAX_HIGHLIGHTS} squares`)), () => []),
    note: v.optional(noteSchema, ''),
  },
  'must be an object such as {"title": "…", "setup": {…}, "step": 13, "note": "…"}',
);

const lectureSchema = v.strictObject(
  {
    format: v.literal(LECTURE_FORMAT, `must be "${LECTURE_FORMAT}"`),
    version: v.literal(LECTURE_VERSION, `must be ${LECTURE_VERSION}`),
    title: text(MAX_TITLE, 'text'),
    scenes: v.pipe(v.array(sceneSchema, 'must be a list of scenes'), v.minLength(1, 'must hold at least one scene'), v.maxLength(MAX_SCENES, `must hold at most ${MAX_SCENES} scenes`)),
  },
  'must be an object with format, version, title and scenes',
);

/** A lecture read, or every field that is wrong, one line each (at most 20). */
export type LectureRead = { readonly ok: true; readonly lecture: Lecture } | { readonly ok: false; readonly problems: readonly string[] };

/** Most problems listed: past them a file is not a lecture gone slightly wrong. */
const MAX_PROBLEMS = 20;

/** Reads a lecture from parsed JSON, checking every field; `source` names it in the messages (a file's name). */
export function readLecture(input: unknown, source = 'the lecture'): LectureRead {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, problems: [`${source} is not a lecture: it must be a JSON object with format "${LECTURE_FORMAT}", version, title and scenes.`] };
  const record = input as Record<string, unknown>;
  if (record.format !== LECTURE_FORMAT) return { ok: false, problems: [`${source} is not a Bezzel lecture: its format must be "${LECTURE_FORMAT}"${record.format === undefined ? ' (it has none)' : `, not ${shown(record.format)}`}.`] };
  if (typeof record.version === 'number' && record.version > LECTURE_VERSION) {
    return { ok: false, problems: [`${source} is a lecture of version ${record.version}, written by a newer page; this page reads version ${LECTURE_VERSION}.`] };
  }
  const parsed = v.safeParse(lectureSchema, input, { abortEarly: false });
  if (parsed.success) return { ok: true, lecture: parsed.output as Lecture };
  const problems = [...new Set(parsed.issues.map((issue) => describeIssue(issue, source)))];
  return { ok: false, problems: problems.length > MAX_PROBLEMS ? [...problems.slice(0, MAX_PROBLEMS), `…and ${problems.length - MAX_PROBLEMS} more.`] : problems };
}

/** Reads a lecture from the text of a file. */
export function readLectureText(textIn: string, source = 'the lecture'): LectureRead {
  let input: unknown;
  try {
    input = JSON.parse(textIn);
  } catch (error) {
    return { ok: false, problems: [`${source} is not JSON: ${error instanceof Error ? error.message : String(error)}.`] };
  }
  return readLecture(input, source);
}

/** The lecture as a file's text: its fields in order, two-space indented. */
export function lectureText(lecture: Lecture): string {
  return `${JSON.stringify(lecture, null, 2)}\n`;
}

/** One line for one wrong field: `lecture.json: scenes[2].setup.width must be a whole number from 1 to 1,000,000, not 0`. */
function describeIssue(issue: v.BaseIssue<unknown>, source: string): string {
  const where = issuePath(issue);
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    const parent = where.includes('.') || where.includes('[') ? where.replace(/(\.[^.[\]]+|\[\d+\])$/, '') : '';
    const fields = parent.endsWith('setup') ? SETUP_FIELDS : /scenes\[\d+\]$/.test(parent) ? SCENE_FIELDS : LECTURE_FIELDS;
    const what = parent.endsWith('setup') ? 'a set-up' : /scenes\[\d+\]$/.test(parent) ? 'a scene' : 'a lecture';
    return `${source}: ${parent || 'the lecture'} has no field ${shown(issue.input)} (${what} has ${fields.join(', ')}).`;
  }
  if (issue.input === undefined && (issue.type === 'strict_object' || issue.received === 'undefined')) return `${source}: ${where} is missing.`;
  const message = issue.message.startsWith('must') || issue.message.startsWith('names') ? issue.message : `must be ${issue.expected}`;
  return `${source}: ${where || 'the lecture'} ${message}${issue.input === undefined || typeof issue.input === 'object' || issue.message.startsWith('names') ? '' : `, not ${shown(issue.input)}`}.`;
}

/** A value quoted for a message: JSON, cut short. */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 39)}…` : json;
}

/** The figures a note names that the page does not fill in. */
export function unknownFigures(note: string): string[] {
  const known = NOTE_FIGURES as readonly string[];
  return [...note.matchAll(/\{([A-Za-z][\w-]*)\}/g)].map((m) => m[1]!).filter((f) => !known.includes(f));
}

/** The page's set-up for a scene: its fields over the page's defaults, every step recorded. */
export function sceneState(setup: SceneSetup): PageState {
  const dominate = setup.problem === 'dominate';
  return {
    ...DEFAULT_STATE,
    problem: setup.problem,
    piece: setup.piece ?? (setup.problem === 'tour' ? 'knight' : DEFAULT_STATE.piece),
    width: setup.width,
    height: setup.height ?? setup.width,
    k: setup.k,
    start: setup.start ?? '',
    closed: setup.closed ?? false,
    variant: setup.variant ?? 'plain',
    goal: setup.goal ?? (dominate ? 'minimum' : 'one'),
    strategy: setup.strategy,
    options: Object.fromEntries(Object.entries(setup.options ?? {}).map(([key, value]) => [key, String(value)])),
    seed: setup.seed ?? DEFAULT_STATE.seed,
    maxSteps: setup.maxSteps,
    maxTimeMs: setup.maxTimeMs ?? DEFAULT_STATE.maxTimeMs,
    trace: true,
  };
}

/** A scene's set-up from the page's: what differs from what sceneState would fill in is written. */
export function setupOfState(state: PageState): SceneSetup {
  const base = sceneState({ problem: state.problem, width: state.width, strategy: state.strategy });
  return {
    problem: state.problem,
    ...(state.piece !== base.piece ? { piece: state.piece } : {}),
    width: state.width,
    ...(state.height !== state.width ? { height: state.height } : {}),
    ...(state.k !== undefined ? { k: state.k } : {}),
    ...(state.start !== '' ? { start: state.start } : {}),
    ...(state.closed ? { closed: true } : {}),
    ...(state.variant !== 'plain' ? { variant: state.variant } : {}),
    ...(state.goal !== base.goal ? { goal: state.goal } : {}),
    strategy: state.strategy,
    ...(Object.keys(state.options).length > 0 ? { options: { ...state.options } } : {}),
    ...(state.seed !== base.seed ? { seed: state.seed } : {}),
    ...(state.maxSteps !== undefined ? { maxSteps: state.maxSteps } : {}),
    ...(state.maxTimeMs !== base.maxTimeMs ? { maxTimeMs: state.maxTimeMs } : {}),
  };
}

/** A new lecture with one scene. */
export function lectureOf(title: string, scenes: readonly Scene[]): Lecture {
  return { format: LECTURE_FORMAT, version: LECTURE_VERSION, title, scenes };
}
