import { TOUR_ORDERING, type TourOrdering } from '../ordering.js';

/** Moves in a random order drawn from the run's seeded generator: the same seed gives the same tour. */
export const randomOrdering: TourOrdering = {
  kind: TOUR_ORDERING,
  id: 'random',
  description: 'moves in a random order (seeded)',
  stochastic: true,
  create: ({ rng }) => (moves, from, to) => {
    for (let i = to - 1; i > from; i--) {
      const j = from + rng.below(i - from + 1);
      const move = moves[i]!;
      moves[i] = moves[j]!;
      moves[j] = move;
    }
  },
};
