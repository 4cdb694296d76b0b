import { conflictTable, mapSquare, preservesAdjacency, symmetryGroup, type Board, type ConflictTable, type Piece, type Symmetry } from '@bezzel/core';

/**
 * The symmetries that map placements to placements: the core's group for the board and the piece's
 * movement. A piece with its own attack rule may attack in ways its vectors do not say, so for it only the
 * symmetries that map the conflict table onto itself are kept.
 */
export function placementSymmetries(board: Board, piece: Piece): Symmetry[] {
  const group = symmetryGroup(board, piece.movement);
  if (!piece.attacks) return group;
  const table = conflictTable(board, piece);
  return group.filter((s) => preservesConflicts(board, s, table));
}

function preservesConflicts(board: Board, s: Symmetry, { offsets, targets }: ConflictTable): boolean {
  return preservesAdjacency(board.size, offsets, targets, (sq) => mapSquare(board, s, sq));
}
