import { TOUR_ORDERING, type TourOrdering } from '../ordering.js';

/** Moves in the order of the piece's move table: plain depth-first search, the baseline to compare against. */
export const noOrdering: TourOrdering = {
  kind: TOUR_ORDERING,
  id: 'none',
  description: 'moves in move-table order (plain depth-first search)',
  create: () => () => {},
};
