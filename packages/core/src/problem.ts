import type { BoardSpec } from './board.js';
import { MEMORY_LIMIT_BYTES } from './memory.js';

/** Place `k` mutually non-attacking copies of a piece. */
export interface PlacementProblem {
  /** Tells the problem kinds apart. */
  readonly kind: 'placement';
  /** The board, as plain data. */
  readonly board: BoardSpec;
  /** A registered piece id. */
  readonly piece: string;
  /** How many pieces; absent means the natural number (n queens on n×n). */
  readonly k?: number;
}

/** The kinds of magic tour there are (see {@link MagicKind}). */
export const MAGIC_KINDS = ['semi', 'full'] as const;
/**
 * A magic tour numbers the squares 1…w·h in the order visited. `semi`: every rank sums to w(wh+1)/2 and every file
 * to h(wh+1)/2 (n(n²+1)/2 on n×n); `full`: on a square board, the two long diagonals too.
 */
export type MagicKind = (typeof MAGIC_KINDS)[number];

/** Visit every square once with a piece's moves, optionally from a given square and returning to it. */
export interface TourProblem {
  /** Tells the problem kinds apart. */
  readonly kind: 'tour';
  /** The board, as plain data. */
  readonly board: BoardSpec;
  /** A registered piece id: the piece whose moves the tour makes. */
  readonly piece: string;
  /** The square the tour starts on (`row × width + column`); any square when absent. */
  readonly start?: number;
  /** Whether the last square must be one move from the first, so that the tour is a cycle. */
  readonly closed?: boolean;
  /** The tour's numbering must be semi-magic or magic; absent: any tour. */
  readonly magic?: MagicKind;
}

/** Every domination variant, for checks and forms. */
export const DOMINATION_VARIANTS = ['plain', 'independent', 'total'] as const;
/**
 * `plain`: every square is occupied or attacked; `independent`: the same with no piece attacking another;
 * `total`: every square, occupied ones too, is attacked by some other piece.
 */
export type DominationVariant = (typeof DOMINATION_VARIANTS)[number];

/** Pieces that together attack (or occupy) every square: the fewest, or sets of a given size. */
export interface DominateProblem {
  /** Tells the problem kinds apart. */
  readonly kind: 'dominate';
  /** The board, as plain data. */
  readonly board: BoardSpec;
  /** A registered piece id. */
  readonly piece: string;
  /** `plain` when absent. */
  readonly variant?: DominationVariant;
  /** The size of the sets, for goals `one`, `all`, `count` and `count-fundamental`; absent with the minimum goals. */
  readonly k?: number;
}

/** Problems are plain JSON data, so they cross threads, processes and machines unchanged. */
export type Problem = PlacementProblem | TourProblem | DominateProblem;
/** What is asked: `placement`, `tour` or `dominate`. */
export type ProblemKind = Problem['kind'];
/** Every problem kind, for checks of what plugins declare. */
export const PROBLEM_KINDS: readonly ProblemKind[] = ['placement', 'tour', 'dominate'];

/** Every goal, in the order lists show them. */
export const GOALS = ['one', 'all', 'count', 'count-fundamental', 'maximum', 'minimum', 'count-minimum', 'count-minimum-fundamental'] as const;
/**
 * `one` solution; `all` solutions (streamed); `count` them; `count-fundamental` up to the board's symmetries
 * (together with the total); `maximum` number of pieces that fit and one arrangement of them. Domination adds
 * `minimum` (the fewest pieces, proven, and one such set), `count-minimum` (that number and how many sets of it)
 * and `count-minimum-fundamental` (the same, also up to symmetry): the minimum goals are the count goals with k
 * found first, so a split count of minimum sets is a minimum followed by a `count` at that k.
 */
export type Goal = (typeof GOALS)[number];

/** The goals each kind of problem takes. */
export const GOALS_OF: Readonly<Record<ProblemKind, readonly Goal[]>> = {
  placement: ['one', 'all', 'count', 'count-fundamental', 'maximum'],
  tour: ['one', 'all', 'count'],
  dominate: ['one', 'all', 'count', 'count-fundamental', 'minimum', 'count-minimum', 'count-minimum-fundamental'],
};

/**
 * How much a run may spend before it stops with status `budget`; what is absent is unlimited (the
 * command line's default is {@link DEFAULT_BUDGET}).
 */
export interface Budget {
  /** Search nodes, moves or generations — whichever unit the strategy counts (its stats say). */
  readonly maxSteps?: number;
  /** Wall time in milliseconds. */
  readonly maxTimeMs?: number;
  /**
   * The memory a run may allocate, in bytes, that every strategy checks its estimate against before it allocates
   * (see `overMemory` in memory.ts); absent: 1 GiB (`MEMORY_LIMIT_BYTES`). The command line's `--memory 12G` sets it.
   */
  readonly maxMemoryBytes?: number;
  /**
   * When the user started the command, in milliseconds on the clock `performance.timeOrigin + performance.now()`
   * (the same in every thread of a process): a run in a search thread reports the time its user waited from it
   * (see `waitedMs`) rather than its own. The command line sets it; a task from elsewhere may leave it out.
   */
  readonly startedAt?: number;
}

/** Values a strategy part or tuning option can take on the command line. */
export type OptionValue = string | number | boolean;

/** The unit of work: what a worker thread or a remote worker receives. */
export interface Task {
  /** What is asked. */
  readonly problem: Problem;
  /** What answer is wanted: one solution, all, a count… */
  readonly goal: Goal;
  /** A strategy id, or `auto` (the default): the cheapest strategy that supports the task. */
  readonly strategy?: string;
  /** When to stop; {@link DEFAULT_BUDGET} fills in what is absent. */
  readonly budget?: Budget;
  /** Seed for every random choice; the same seed gives the same run. */
  readonly seed?: number;
  /** Strategy options and parts by name, such as `{ ordering: 'warnsdorff' }`. */
  readonly options?: Readonly<Record<string, OptionValue>>;
  /**
   * Record the best quality so far as the run improves it, into `stats.trajectory`, where the strategy reports a
   * quality (its meta's `quality`): what experiments ask for their fixed-target and fixed-budget views.
   */
  readonly trajectory?: boolean;
}

/** The coursework's defaults: 15 s of search when nothing else is said, and 1 GiB of memory (memory.ts). */
export const DEFAULT_BUDGET: Required<Omit<Budget, 'startedAt'>> = { maxSteps: Number.POSITIVE_INFINITY, maxTimeMs: 15_000, maxMemoryBytes: MEMORY_LIMIT_BYTES };
