import { insertionSort } from '@bezzel/tour-graph';
import { TOUR_ORDERING, type TourOrdering } from '../ordering.js';

/**
 * Warnsdorff's rule with Roth's tie-break: among moves with equally few onward moves, the one farthest from
 * the centre first, which keeps the tour near the edge until the edge is used up and rarely dead-ends.
 * Moves still tied go to the lower square number, so the order does not depend on how the piece lists its
 * vectors. (Left in move-table order, four starts on 10×10 each needed 27 million moves of backtracking;
 * with this rule the 5×5…20×20 sweep backtracks a few dozen moves in all.)
 */
export const warnsdorffRoth: TourOrdering = {
  kind: TOUR_ORDERING,
  id: 'warnsdorff-roth',
  description: "Warnsdorff's rule, ties broken by the largest distance from the board's centre (Roth)",
  create: ({ board, onward }) => {
    // Squared distance in half-square units, so the centre of an even board needs no fractions.
    const distance = new Float64Array(board.size);
    for (let sq = 0; sq < board.size; sq++) {
      const x = 2 * board.col(sq) - (board.width - 1);
      const y = 2 * board.row(sq) - (board.height - 1);
      distance[sq] = x * x + y * y;
    }
    const before = (a: number, b: number) =>
      onward[a]! < onward[b]! || (onward[a] === onward[b] && (distance[a]! > distance[b]! || (distance[a] === distance[b] && a < b)));
    return (moves, from, to) => insertionSort(moves, from, to, before);
  },
};
