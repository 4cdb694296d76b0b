import { DOMINATION_VARIANTS, type DominationVariant, type OptionValue, type Task, UsageError } from '@bezzel/core';

/**
 * An assignment, as `bezzel grade --spec FILE` reads it (YAML or JSON): what every submission is run on, how
 * each solved run scores, and the limits each submission runs under. Every answer is checked by the core, so a
 * run scores only with a solution the validator accepts; the goal is always `one` (a solution), the one answer a
 * checker can verify on its own.
 */
export interface GradeSpec {
  readonly title: string;
  /** The strategy id every submission must register, or `any`: the first one it registers that does the task. */
  readonly strategy: string;
  readonly limits: GradeLimits;
  readonly tasks: readonly GradeTask[];
}

export interface GradeLimits {
  /**
   * Wall-clock time to load the plugin (the process started and its module imported); then SIGKILL. Each run
   * has its own limit besides: its budget's `maxTimeMs` + {@link RUN_GRACE_MS}, then SIGKILL and a fresh process.
   */
  readonly timeSeconds: number;
  /** The V8 heap (`--max-old-space-size`); the whole process (RSS) may take {@link RSS_HEADROOM_MB} more. */
  readonly memoryMb: number;
}

/** Memory a Node process takes besides its heap (code, buffers, the runtime): the RSS watchdog allows this much more. */
export const RSS_HEADROOM_MB = 128;

/**
 * Committed private memory (VmData) a submission may hold beyond an idle Node's (measured: about 80 MB on Node 20,
 * 560 MB on Node 24) and its heap limit: a growing heap commits 35–40 MB more than it has resident.
 */
export const COMMITTED_HEADROOM_MB = 128;

/** A run still going this long after its time budget is ended (SIGKILL), and the next run starts in a fresh process. */
export const RUN_GRACE_MS = 1000;

export interface GradeTask {
  readonly name: string;
  readonly problem: 'placement' | 'tour' | 'dominate';
  readonly piece: string;
  readonly sizes: readonly number[];
  readonly seeds: readonly number[];
  /** Placement and dominate: how many pieces (absent: the natural number; dominate needs one). */
  readonly k?: number;
  /** Tour: a closed tour. */
  readonly closed?: boolean;
  /** Tour: the square it starts on (row × width + column; 0 is a1); absent: the strategy chooses. */
  readonly start?: number;
  /** Dominate: plain, independent or total. */
  readonly variant?: DominationVariant;
  readonly budget: { readonly maxSteps?: number; readonly maxTimeMs: number };
  readonly options?: Readonly<Record<string, OptionValue>>;
  /** Points per solved run. */
  readonly points: number;
  /** Extra points per solved run answered within `underMs` (on the grader's clock). */
  readonly bonus?: { readonly underMs: number; readonly points: number };
}

/** One run of the assignment: a task at one size with one seed. */
export interface PlannedRun {
  readonly task: GradeTask;
  readonly size: number;
  readonly seed: number;
  /** "8 queens n=8 seed 1": how feedback names it. */
  readonly label: string;
  /** The core's task, without the strategy (each submission's own is filled in). */
  readonly core: Omit<Task, 'strategy'>;
}

const DEFAULT_TIME_MS = 2000;

/** Checks an assignment read from a file; every mistake is one UsageError naming the field. */
export function parseGradeSpec(data: unknown, file: string): GradeSpec {
  const at = (path: string, message: string): never => {
    throw new UsageError('ERR_SPEC', `${file}: ${path} ${message}`);
  };
  if (!isRecord(data)) at('the assignment', 'must be an object with tasks (see bezzel grade --help)');
  const spec = data as Record<string, unknown>;
  known(spec, ['title', 'strategy', 'limits', 'tasks'], '', at);
  const title = spec.title === undefined ? 'Assignment' : text(spec.title, 'title', at);
  const strategy = spec.strategy === undefined ? 'any' : text(spec.strategy, 'strategy', at);
  const limitsData = spec.limits ?? {};
  if (!isRecord(limitsData)) at('limits', 'must be an object such as { timeSeconds: 60, memoryMb: 256 }');
  known(limitsData as Record<string, unknown>, ['timeSeconds', 'memoryMb'], 'limits.', at);
  const { timeSeconds = 60, memoryMb = 256 } = limitsData as { timeSeconds?: unknown; memoryMb?: unknown };
  const limits = { timeSeconds: number(timeSeconds, 'limits.timeSeconds', at, 0.1, 24 * 3600), memoryMb: Math.round(number(memoryMb, 'limits.memoryMb', at, 32, 1 << 20)) };
  if (!Array.isArray(spec.tasks) || spec.tasks.length === 0) at('tasks', 'must list at least one task, such as { piece: queen, sizes: [8], seeds: [1, 2, 3] }');
  const tasks = (spec.tasks as unknown[]).map((task, i) => parseTask(task, `tasks[${i}]`, at));
  return { title, strategy, limits, tasks };
}

function parseTask(data: unknown, path: string, at: (path: string, message: string) => never): GradeTask {
  if (!isRecord(data)) at(path, 'must be an object');
  const t = data as Record<string, unknown>;
  known(t, ['name', 'problem', 'piece', 'sizes', 'seeds', 'runs', 'seed', 'k', 'closed', 'start', 'variant', 'budget', 'options', 'points', 'bonus'], `${path}.`, at);
  const problem = t.problem ?? 'placement';
  if (problem !== 'placement' && problem !== 'tour' && problem !== 'dominate') at(`${path}.problem`, 'must be placement, tour or dominate');
  const piece = t.piece === undefined ? (problem === 'tour' ? 'knight' : 'queen') : text(t.piece, `${path}.piece`, at);
  const sizes = list(t.sizes ?? [8], `${path}.sizes`, at).map((n, i) => whole(n, `${path}.sizes[${i}]`, at, 1, 1000));
  if (t.seeds !== undefined && (t.runs !== undefined || t.seed !== undefined)) at(path, 'gives either seeds: [...] or runs and seed, not both');
  const seeds =
    t.seeds !== undefined
      ? list(t.seeds, `${path}.seeds`, at).map((s, i) => whole(s, `${path}.seeds[${i}]`, at, 0, 2 ** 32 - 1))
      : Array.from({ length: whole(t.runs ?? 1, `${path}.runs`, at, 1, 10_000) }, (_, i) => whole(t.seed ?? 1, `${path}.seed`, at, 0, 2 ** 32 - 1) + i);
  const budgetData = t.budget ?? {};
  if (!isRecord(budgetData)) at(`${path}.budget`, 'must be an object such as { maxSteps: 100000, maxTimeMs: 2000 }');
  known(budgetData as Record<string, unknown>, ['maxSteps', 'maxTimeMs'], `${path}.budget.`, at);
  const b = budgetData as { maxSteps?: unknown; maxTimeMs?: unknown };
  const budget = { ...(b.maxSteps !== undefined ? { maxSteps: whole(b.maxSteps, `${path}.budget.maxSteps`, at, 1, Number.MAX_SAFE_INTEGER) } : {}), maxTimeMs: number(b.maxTimeMs ?? DEFAULT_TIME_MS, `${path}.budget.maxTimeMs`, at, 1, 3_600_000) };
  const variant = t.variant === undefined ? undefined : (DOMINATION_VARIANTS as readonly unknown[]).includes(t.variant) ? (t.variant as DominationVariant) : at(`${path}.variant`, `must be one of ${DOMINATION_VARIANTS.join(', ')}`);
  if (t.options !== undefined && (!isRecord(t.options) || Object.values(t.options).some((v) => !['string', 'number', 'boolean'].includes(typeof v)))) at(`${path}.options`, 'must be an object of option names and values');
  const points = number(t.points ?? 1, `${path}.points`, at, 0, 1e6);
  let bonus: GradeTask['bonus'];
  if (t.bonus !== undefined) {
    if (!isRecord(t.bonus)) at(`${path}.bonus`, 'must be an object such as { underMs: 100, points: 0.5 }');
    const { underMs, points: extra } = t.bonus as { underMs?: unknown; points?: unknown };
    bonus = { underMs: number(underMs, `${path}.bonus.underMs`, at, 0, 3_600_000), points: number(extra, `${path}.bonus.points`, at, 0, 1e6) };
  }
  if (problem === 'dominate' && t.k === undefined) at(`${path}.k`, 'is needed for dominate: the size of the dominating set to find');
  const k = t.k === undefined ? undefined : whole(t.k, `${path}.k`, at, 0, 1_000_000);
  const closed = t.closed === undefined ? undefined : t.closed === true ? true : t.closed === false ? false : at(`${path}.closed`, 'must be true or false');
  if (t.start !== undefined && problem !== 'tour') at(`${path}.start`, 'is for tours (the square a tour starts on)');
  const start = t.start === undefined ? undefined : whole(t.start, `${path}.start`, at, 0, 1_000_000 * 1_000_000);
  const name = t.name === undefined ? defaultName(problem, piece, k) : text(t.name, `${path}.name`, at);
  return {
    name,
    problem,
    piece,
    sizes,
    seeds,
    budget,
    points,
    ...(k !== undefined ? { k } : {}),
    ...(closed !== undefined ? { closed } : {}),
    ...(start !== undefined ? { start } : {}),
    ...(variant ? { variant } : {}),
    ...(t.options !== undefined ? { options: t.options as Record<string, OptionValue> } : {}),
    ...(bonus ? { bonus } : {}),
  };
}

function defaultName(problem: string, piece: string, k: number | undefined): string {
  if (problem === 'tour') return `${piece} tour`;
  if (problem === 'dominate') return `${piece} domination (k=${k})`;
  return `${piece} placement`;
}

/** Every run of the assignment, in order: task by task, size by size, seed by seed. */
export function planRuns(spec: GradeSpec): PlannedRun[] {
  return spec.tasks.flatMap((task) =>
    task.sizes.flatMap((size) =>
      task.seeds.map((seed) => {
        const board = { width: size, height: size };
        const problem =
          task.problem === 'tour'
            ? { kind: 'tour' as const, board, piece: task.piece, ...(task.closed ? { closed: true } : {}), ...(task.start !== undefined ? { start: task.start } : {}) }
            : task.problem === 'dominate'
              ? { kind: 'dominate' as const, board, piece: task.piece, k: task.k!, ...(task.variant ? { variant: task.variant } : {}) }
              : { kind: 'placement' as const, board, piece: task.piece, ...(task.k !== undefined ? { k: task.k } : {}) };
        return { task, size, seed, label: `${task.name} n=${size} seed ${seed}`, core: { problem, goal: 'one' as const, seed, budget: task.budget, ...(task.options ? { options: task.options } : {}) } };
      }),
    ),
  );
}

function known(o: Record<string, unknown>, fields: readonly string[], prefix: string, at: (path: string, message: string) => never): void {
  const stray = Object.keys(o).find((key) => !fields.includes(key));
  if (stray !== undefined) at(`${prefix}${stray}`, `is not a field here (the fields: ${fields.join(', ')})`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, path: string, at: (path: string, message: string) => never): string {
  if (typeof value !== 'string' || value.trim() === '') at(path, 'must be text');
  return (value as string).trim();
}

function list(value: unknown, path: string, at: (path: string, message: string) => never): unknown[] {
  if (!Array.isArray(value) || value.length === 0) at(path, 'must be a list with at least one value');
  return value as unknown[];
}

function number(value: unknown, path: string, at: (path: string, message: string) => never, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) at(path, `must be a number from ${min} to ${max}`);
  return value as number;
}

function whole(value: unknown, path: string, at: (path: string, message: string) => never, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) at(path, `must be a whole number from ${min} to ${max}`);
  return value as number;
}
