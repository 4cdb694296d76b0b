import type { Board, Rng, StrategyPart } from '@bezzel/core';

/** The part kind of tour move orderings, as the strategy's `ordering` option names it. */
export const TOUR_ORDERING = 'tour-ordering';

/** What an ordering may look at while the tour search runs. */
export interface TourOrderingState {
  /** The board of the tour. */
  readonly board: Board;
  /** For each square, how many unvisited squares it can move to; the search keeps it current. */
  readonly onward: Int32Array;
  /** The run's seeded random numbers, for orderings that break ties at random. */
  readonly rng: Rng;
}

/** Puts `moves[from..to)` (candidate squares) into the order the search should try them, in place. */
export type SortMoves = (moves: Int32Array, from: number, to: number) => void;

/** A swappable move ordering for depth-first tour search. `create` runs once per search and may allocate; the sorter must not. */
export interface TourOrdering extends StrategyPart {
  /** Always {@link TOUR_ORDERING}. */
  readonly kind: typeof TOUR_ORDERING;
  /** The order draws on the seeded generator, so results report the seed. */
  readonly stochastic?: boolean;
  /** Makes the sorter for one search, given what it may look at. */
  create(state: TourOrderingState): SortMoves;
}
