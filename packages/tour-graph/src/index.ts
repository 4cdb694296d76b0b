/**
 * The tour model that every tour search shares (backtracking, Warnsdorff, divide and conquer, magic tours): a
 * piece's {@link MoveGraph} both ways round, the board's symmetries that map it onto itself and the start squares
 * they leave ({@link startOrbits}), Warnsdorff's greedy walk on flat typed arrays ({@link GreedyTour}) with its cost,
 * and the allocation-free {@link insertionSort} that move orderings use. No strategy imports another: they share this.
 *
 * @module @bezzel/tour-graph
 */
export { BUDGET_STOP, GreedyTour, TIEBREAKS, walkBytes, walkMs, type Tiebreak } from './greedy-walk.js';
export { LeapGeometry } from './leaps.js';
export { moveGraph, type MoveGraph } from './move-graph.js';
export { insertionSort } from './sort.js';
export { graphSymmetries, mapsGraphOntoItself, squareOrbits, startOrbits, type WeightedStart } from './start-orbits.js';
