import type { Task } from './problem.js';

/** A found arrangement. Placement squares are plain numbers (a million-queens board has 10¹² squares). */
export type Solution =
  | { readonly kind: 'placement'; readonly squares: readonly number[] }
  | { readonly kind: 'tour'; readonly path: Int32Array; readonly closed: boolean };

/** What a run did, in the units it counts. Counts that can overflow 2⁵³ are bigint. */
export interface Stats {
  /** Search nodes visited (placements tried, moves made). */
  nodes: number;
  backtracks?: number;
  restarts?: number;
  generations?: number;
  /** Local search: repairs or moves made. */
  moves?: number;
  /** Wall time of the run in milliseconds. */
  timeMs: number;
  workers?: number;
  /** Anything else a strategy measures, by name. */
  extra?: Record<string, number | string>;
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
  readonly value: number;
  readonly proof: MinimumProof;
}

/** What is known of the fewest pieces when a search stopped early: at least `lower`, at most `upper` (the best set's size). */
export interface MinimumBounds {
  readonly lower: number;
  readonly upper?: number;
}

/** What a run that stopped early keeps: solutions counted so far and how much of the space was covered. */
export interface PartialResult {
  readonly count?: bigint;
  readonly fundamental?: bigint;
  /** Fraction of the search space finished, 0…1, where the strategy can tell. */
  readonly coverage?: number;
  /** The best arrangement reached (local search) and its score: attacking pairs left, squares toured. */
  readonly best?: Solution;
  readonly score?: number;
  /** Domination: the bounds on the fewest pieces when the minimum was not proven (`best` is the smallest set found). */
  readonly bounds?: MinimumBounds;
  readonly note?: string;
}

export type Result =
  /** A solution was found (goals `one`, `maximum` and `minimum`: then `solutions[0]` is a smallest set). */
  | (ResultBase & { readonly status: 'solved'; readonly solutions: readonly Solution[]; readonly maximum?: number; readonly minimum?: Minimum })
  /** The search space was exhausted: every solution was found or counted. */
  | (ResultBase & {
      readonly status: 'complete';
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
  | (ResultBase & { readonly status: 'impossible'; readonly reason: string; readonly proof: 'theorem' | 'exhausted' })
  /** The step or time budget ran out before an answer. */
  | (ResultBase & { readonly status: 'budget'; readonly exhausted: 'steps' | 'time' | 'stuck'; readonly partial?: PartialResult })
  /** Stopped by the user (Ctrl-C) or the caller's AbortSignal. */
  | (ResultBase & { readonly status: 'aborted'; readonly partial?: PartialResult });

export type Status = Result['status'];

/** Results without the fields the Solver fills in; what a strategy's `run` returns. */
export type Outcome = DistributiveOmit<Result, 'strategy' | 'task' | 'seed'> & { readonly seed?: number };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
