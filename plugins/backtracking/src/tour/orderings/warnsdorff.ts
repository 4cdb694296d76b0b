import { insertionSort } from '@bezzel/tour-graph';
import { TOUR_ORDERING, type TourOrdering } from '../ordering.js';

/** Warnsdorff's rule (1823): go first where the fewest onward moves remain, so hard squares are not left for last. */
export const warnsdorff: TourOrdering = {
  kind: TOUR_ORDERING,
  id: 'warnsdorff',
  description: "Warnsdorff's rule: fewest onward moves first, ties in move-table order",
  create: ({ onward }) => {
    const before = (a: number, b: number) => onward[a]! < onward[b]!;
    return (moves, from, to) => insertionSort(moves, from, to, before);
  },
};
