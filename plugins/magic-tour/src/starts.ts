import { graphSymmetries, startOrbits, type MoveGraph, type WeightedStart } from '@bezzel/tour-graph';
import type { Instance } from '@bezzel/core';

export type { WeightedStart };

/**
 * The squares a search starts from. A given start is the only one. Otherwise: `every` square once (goal `all`
 * lists every tour); or one square of each orbit under the symmetries of the board that map the piece's moves
 * onto themselves, `weighted` by the orbit's size (a count: such a symmetry maps ranks and files onto ranks and
 * files, and the long diagonals onto each other, so it maps the magic tours from one square one to one onto
 * those from its image); or the same `orbits` for one tour, fewest moves first (corners, where the tour is
 * hardest to finish, are settled early).
 */
export function startSquares(instance: Extract<Instance, { kind: 'tour' }>, graph: MoveGraph, mode: 'every' | 'weighted' | 'orbits'): WeightedStart[] {
  if (instance.start !== undefined) return [{ square: instance.start, weight: 1 }];
  const squares = Array.from({ length: instance.board.size }, (_, sq) => sq);
  if (mode === 'every') return squares.map((square) => ({ square, weight: 1 }));
  const orbits = startOrbits(squares, graphSymmetries(instance.board, instance.piece, graph));
  if (mode === 'weighted') return orbits;
  const degree = (sq: number) => graph.outOffsets[sq + 1]! - graph.outOffsets[sq]!;
  return orbits.sort((a, b) => degree(a.square) - degree(b.square) || a.square - b.square);
}
