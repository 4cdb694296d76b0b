/**
 * Depth-first search for placements and tours, and the part kind `tour-ordering`: a {@link TourOrdering} sorts
 * each square's candidate moves.
 *
 * @module @bezzel/backtracking
 */
import { pluginModule } from '@bezzel/core';
import { backtracking } from './backtracking.js';
import { noOrdering } from './tour/orderings/none.js';
import { randomOrdering } from './tour/orderings/random.js';
import { warnsdorff } from './tour/orderings/warnsdorff.js';
import { warnsdorffRoth } from './tour/orderings/warnsdorff-roth.js';

export { backtracking } from './backtracking.js';
export { PlacementSearch } from './placement/placement-search.js';
export { TOUR_ORDERING, type SortMoves, type TourOrdering, type TourOrderingState } from './tour/ordering.js';
export { TourSearch } from './tour/tour-search.js';
export { noOrdering, randomOrdering, warnsdorff, warnsdorffRoth };

/** The backtracking strategy and its four tour move orderings. */
export default pluginModule({
  strategies: [backtracking],
  parts: [noOrdering, warnsdorff, warnsdorffRoth, randomOrdering],
});
