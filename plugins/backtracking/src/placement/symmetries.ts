import { conflictTable, mapSquare, symmetryGroup, type Board, type ConflictTable, type Piece, type Symmetry } from '@bezzel/core';

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
  for (let a = 0; a < board.size; a++) {
    const image = mapSquare(board, s, a);
    if (offsets[a + 1]! - offsets[a]! !== offsets[image + 1]! - offsets[image]!) return false;
    for (let i = offsets[a]!; i < offsets[a + 1]!; i++) {
      if (!sortedIncludes(targets, offsets[image]!, offsets[image + 1]!, mapSquare(board, s, targets[i]!))) return false;
    }
  }
  return true;
}

/** Binary search in `list[from..to)`, which the conflict table keeps ascending. */
function sortedIncludes(list: Int32Array, from: number, to: number, value: number): boolean {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && list[lo] === value;
}
