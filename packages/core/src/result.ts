import type { Task } from './problem.js';
import type { Trajectory } from './trajectory.js';

/** A found arrangement. Placement squares are plain numbers (a million-queens board has 10¹² squares). */
export type Solution =
  | {
      /** An arrangement of pieces. */
      readonly kind: 'placement';
      /** The occupied squares (`row × width + column`), in any order. */
      readonly squares: readonly number[];
    }
  | {
      /** A tour. */
      readonly kind: 'tour';
      /** The squares in the order visited. */
      readonly path: Int32Array;
      /** Whether the last square is one move from the first. */
      readonly closed: boolean;
    };

/** What a run did, in the units it counts. Counts that can overflow 2⁵³ are bigint. */
export interface Stats {
  /** Search nodes visited (placements tried, moves made). */
  nodes: number;
  /** Depth-first search: pieces or moves taken back. */
  backtracks?: number;
  /** Local search: fresh starts after getting stuck. */
  restarts?: number;
  /** A genetic algorithm's generations. */
  generations?: number;
  /** Local search: repairs or moves made. */
  moves?: number;
  /** Wall time of the run in milliseconds. */
  timeMs: number;
  /** Threads or machines that took part. */
  workers?: number;
  /** Anything else a strategy measures, by name. */
  extra?: Record<string, number | string>;
  /**
   * The best quality so far at each improvement (see {@link Trajectory}), when the task asked for it (`trajectory`)
   * and the strategy reports one (its meta's `quality` names what it counts).
   */
  trajectory?: Trajectory;
}

interface ResultBase {
  /** The strategy that produced the result, or `theorem` when theory decided before any search. */
  readonly strategy: string;
  readonly stats: Stats;
  /** The seed that reproduces the run. */
  readonly seed?: number;
  readonly task: Task;
}

/** How the fewest pieces is known to be the fewest. */
export type MinimumProof =
  /** A complete search found no smaller set. */
  | 'exhausted'
  /** A MIP solver's dual bound met its best set. */
  | 'solver'
  /** The number of sets of every size was computed (a row-transfer table), and none is smaller. */
  | 'table'
  /** A lower bound alone met the set found (each piece covers at most so many squares; squares no one piece covers two of). */
  | 'bound';

/** The answer of the minimum goals: the fewest pieces and how that is proven. */
export interface Minimum {
  /** The fewest pieces. */
  readonly value: number;
  /** How it is known to be the fewest. */
  readonly proof: MinimumProof;
}

/** What is known of the fewest pieces when a search stopped early: at least `lower`, at most `upper` (the best set's size). */
export interface MinimumBounds {
  /** The fewest pieces is at least this. */
  readonly lower: number;
  /** And at most this: the size of the smallest set found. */
  readonly upper?: number;
}

/** What a run that stopped early keeps: solutions counted so far and how much of the space was covered. */
export interface PartialResult {
  /** Solutions counted before the stop. */
  readonly count?: bigint;
  /** Of those, fundamental ones (goal `count-fundamental`). */
  readonly fundamental?: bigint;
  /** Fraction of the search space finished, 0…1, where the strategy can tell (or of the sub-tasks: `coverageOf`). */
  readonly coverage?: number;
  /**
   * What `coverage` is a share of: unset, the search space; `sub-tasks`, the sub-tasks of a split count that
   * finished (they differ in size, so that is not the share of the space, and is not called so).
   */
  readonly coverageOf?: 'sub-tasks';
  /** The best arrangement reached (local search) and its score: attacking pairs left, squares toured. */
  readonly best?: Solution;
  /** How far `best` is from a solution (0 would be one), in the strategy's own measure. */
  readonly score?: number;
  /** Domination: the bounds on the fewest pieces when the minimum was not proven (`best` is the smallest set found). */
  readonly bounds?: MinimumBounds;
  /** A line of words on what the run did, printed after the headline. */
  readonly note?: string;
}

/**
 * What a run answers, told apart by `status`: `solved`, `complete`, `impossible`, `budget` or `aborted`. Every
 * result the core returns has been checked (each solution by the validator, counts for what they must satisfy).
 */
export type Result =
  /** A solution was found (goals `one`, `maximum` and `minimum`: then `solutions[0]` is a smallest set). */
  | (ResultBase & {
      /** Found what the goal asks. */
      readonly status: 'solved';
      /** The solutions found: one for goal `one`. */
      readonly solutions: readonly Solution[];
      /** With goal `maximum`: the number of pieces in `solutions[0]`, the most that fit. */
      readonly maximum?: number;
      /** With goal `minimum`: the fewest pieces, and how that is proven. */
      readonly minimum?: Minimum;
    })
  /** The search space was exhausted: every solution was found or counted. */
  | (ResultBase & {
      /** Searched everything: the counts are exact. */
      readonly status: 'complete';
      /** Every solution (goal `all`: every one streamed), or with `maximum` the ways to place the most. */
      readonly count: bigint;
      /** With `count-fundamental`: solutions up to the board's symmetries. */
      readonly fundamental?: bigint;
      /** With `maximum`: the largest number of pieces that fit; `count` is then the number of ways. */
      readonly maximum?: number;
      /** With `count-minimum`: the fewest pieces that dominate; `count` (and `fundamental`) are then the sets of that size. */
      readonly minimum?: Minimum;
      /** Counts for every k at once, index k, where a strategy computes the whole table. */
      readonly table?: readonly bigint[];
      /** The first solution, when the goal wants one to show. */
      readonly solutions?: readonly Solution[];
    })
  /** No solution exists: proven by a theorem, or by an exhausted search. */
  | (ResultBase & {
      /** There is none. */
      readonly status: 'impossible';
      /** Why, in words: the theorem, or what the search exhausted. */
      readonly reason: string;
      /** `theorem` when theory decided before any search, `exhausted` after a complete search. */
      readonly proof: 'theorem' | 'exhausted';
    })
  /** The step or time budget ran out before an answer. */
  | (ResultBase & {
      /** Stopped without an answer. */
      readonly status: 'budget';
      /** What ran out: the steps, the time, or the search's own way on (`stuck`: a local optimum, passes used up). */
      readonly exhausted: 'steps' | 'time' | 'stuck';
      /** What it had reached: counts so far, the best arrangement, a note. */
      readonly partial?: PartialResult;
    })
  /** Stopped by the user (Ctrl-C) or the caller's AbortSignal. */
  | (ResultBase & {
      /** Stopped from outside. */
      readonly status: 'aborted';
      /** What it had reached. */
      readonly partial?: PartialResult;
    });

/** The five ways a run ends. */
export type Status = Result['status'];

/** Results without the fields the Solver fills in; what a strategy's `run` returns. */
export type Outcome = DistributiveOmit<Result, 'strategy' | 'task' | 'seed'> & {
  /** The seed, when the strategy seeded a sub-run itself; the core fills in the task's otherwise. */
  readonly seed?: number;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
