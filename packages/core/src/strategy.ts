import type { Board } from './board.js';
import type { BudgetClock } from './budget.js';
import type { Piece } from './piece.js';
import type { Goal, OptionValue, ProblemKind, Task } from './problem.js';
import type { Outcome, Solution } from './result.js';
import type { Rng } from './rng.js';

/** A task with its names resolved: the board built, the piece looked up, defaults filled in. */
export type Instance =
  | { readonly kind: 'placement'; readonly task: Task; readonly board: Board; readonly piece: Piece; readonly k: number }
  | {
      readonly kind: 'tour';
      readonly task: Task;
      readonly board: Board;
      readonly piece: Piece;
      readonly start: number | undefined;
      readonly closed: boolean;
    };

/** `supports` answers yes with a rough cost (for `auto`: lower is preferred) or no with the reason a user reads. */
export type Support = { readonly ok: true; readonly cost: number } | { readonly ok: false; readonly reason: string };
export const yes = (cost: number): Support => ({ ok: true, cost });
export const no = (reason: string): Support => ({ ok: false, reason });

/** Progress a strategy reports; the CLI draws a bar from it, the web page a chart. */
export interface ProgressEvent {
  readonly nodes?: number;
  readonly solutions?: bigint;
  /** Units of work finished and in all (sub-tasks, start squares, generations). */
  readonly done?: number;
  readonly total?: number;
  /** Per-step measurements: `h` for local search, `best` and `mean` fitness for a genetic algorithm. */
  readonly metrics?: Readonly<Record<string, number>>;
  readonly message?: string;
}

/**
 * Fine-grained steps for a visualiser (the web page's step-through). Strategies emit them only when
 * `RunContext.trace` is set, testing it once per node, so an untraced run pays one branch.
 */
export type TraceEvent =
  /**
   * Depth-first placement: a piece put on `square` at search depth `depth` (0-based), or taken back.
   * `rejected` lists the squares the search looked at and refused just before this step because a placed
   * piece attacks them (before a `remove`: every square left at that depth, a dead end).
   */
  | { readonly type: 'place'; readonly square: number; readonly depth: number; readonly rejected?: readonly number[] }
  | { readonly type: 'remove'; readonly square: number; readonly depth: number; readonly rejected?: readonly number[] }
  /** Tours: the path moves to `square` (step `depth`), with the candidates considered and their onward degrees. */
  | { readonly type: 'move'; readonly square: number; readonly depth: number; readonly candidates?: readonly { readonly square: number; readonly degree: number }[] }
  | { readonly type: 'retreat'; readonly square: number; readonly depth: number }
  /** A solution found, as the search sees it at this moment. */
  | { readonly type: 'solution'; readonly index: number }
  /** Local search: one step, the heuristic after it, and the piece moved. */
  | { readonly type: 'local'; readonly step: number; readonly h: number; readonly from?: number; readonly to?: number }
  /** A genetic algorithm's generation: the best and mean fitness, and the walk of its best chromosome. */
  | { readonly type: 'generation'; readonly generation: number; readonly best: number; readonly mean: number; readonly path: readonly number[] };

/** What a strategy gets besides the instance. */
export interface RunContext {
  readonly clock: BudgetClock;
  readonly signal: AbortSignal;
  readonly rng: Rng;
  readonly progress: (event: ProgressEvent) => void;
  /** Each solution of goal `all` goes here as it is found; nothing holds them all. */
  readonly onSolution: (solution: Solution) => void;
  /** Finds a part by kind and id (move orderings, initial placements…). */
  readonly part: <P extends StrategyPart>(kind: string, id: string) => P | undefined;
  readonly option: (name: string) => OptionValue | undefined;
  /** Set only when someone watches every step; see {@link TraceEvent}. */
  readonly trace?: (event: TraceEvent) => void;
}

/** Declares an option a strategy reads, so `list` can show it and the CLI can check it. */
export interface StrategyOption {
  readonly name: string;
  readonly description: string;
  /** The part kind whose registered ids are the allowed values, when the option selects a part. */
  readonly partKind?: string;
  readonly default?: OptionValue;
  /** Written by `split()` into sub-tasks rather than chosen by a user: set-up forms leave it out. */
  readonly internal?: boolean;
}

export interface StrategyMeta {
  readonly id: string;
  readonly description: string;
  readonly problems: readonly ProblemKind[];
  readonly goals: readonly Goal[];
  /** Stochastic strategies give different runs for different seeds. */
  readonly stochastic?: boolean;
  readonly options?: readonly StrategyOption[];
}

/**
 * A piece of a split task: a plain-JSON Task (typically the same problem with an option naming pre-placed
 * rows) and the weight its counts are multiplied by, so that the weighted counts (and fundamental counts) of
 * all sub-tasks add up to the whole task's. Plain data, so it crosses threads, processes and machines.
 */
export interface SubTask {
  readonly task: Task;
  /** A small whole number, such as 2 for a half kept by a mirror symmetry. */
  readonly weight: number;
}

/** A search strategy plugin: `meta` is data, `supports` and `run` are behaviour (ESLint's rule shape). */
export interface SearchStrategy {
  readonly meta: StrategyMeta;
  supports(instance: Instance): Support;
  run(instance: Instance, context: RunContext): Outcome | Promise<Outcome>;
  /**
   * Optional: splits a counting task into at least `parts` sub-tasks (where the space allows) whose weighted
   * counts add up to the whole, for a worker pool or a job queue to run; `undefined` when this instance does
   * not split (the caller then solves it whole).
   */
  split?(instance: Instance, parts: number): SubTask[] | undefined;
}

/** A smaller swappable part of a strategy, multi-bound under TYPES.Part and chosen by an option. */
export interface StrategyPart {
  readonly kind: string;
  readonly id: string;
  readonly description: string;
}

export function assertStrategy(value: unknown): asserts value is SearchStrategy {
  const s = value as Partial<SearchStrategy> | null;
  const id = s?.meta?.id;
  if (!s || typeof s !== 'object' || typeof id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(id)) {
    throw new Error(`a strategy plugin bound something without a valid meta.id (${JSON.stringify(id)})`);
  }
  if (typeof s.supports !== 'function' || typeof s.run !== 'function') {
    throw new Error(`strategy "${id}": supports() and run() are required`);
  }
}

export function assertPart(value: unknown): asserts value is StrategyPart {
  const p = value as Partial<StrategyPart> | null;
  if (!p || typeof p.kind !== 'string' || typeof p.id !== 'string' || typeof p.description !== 'string') {
    throw new Error(`a part plugin bound something without kind, id and description (${JSON.stringify(p?.id)})`);
  }
}
