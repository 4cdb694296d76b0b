import { pluginModule } from '@bezzel/core';
import { backtracking } from './backtracking';
import { noOrdering } from './tour/orderings/none';
import { randomOrdering } from './tour/orderings/random';
import { warnsdorff } from './tour/orderings/warnsdorff';
import { warnsdorffRoth } from './tour/orderings/warnsdorff-roth';

export { backtracking } from './backtracking';
export { PlacementSearch } from './placement/placement-search';
export { insertionSort, TOUR_ORDERING, type SortMoves, type TourOrdering, type TourOrderingState } from './tour/ordering';
export { TourSearch } from './tour/tour-search';
export { noOrdering, randomOrdering, warnsdorff, warnsdorffRoth };

/** The backtracking strategy and its four tour move orderings. */
export default pluginModule({
  strategies: [backtracking],
  parts: [noOrdering, warnsdorff, warnsdorffRoth, randomOrdering],
});
