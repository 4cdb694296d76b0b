import { conflictTable, validatePlacement, type Board, type Piece } from '@bezzel/core';

/** Why a square is refused: the piece that attacks it and along what (`diagonal`, `file`, `(1,2) leap`). */
export interface Attack {
  readonly by: number;
  readonly via: string;
}

/**
 * The first of `pieces` that attacks `square`, with the line or leap as the core Validator names it. The
 * search blocks squares through the same conflict table, so this is the reason the search had.
 */
export function attackOn(board: Board, piece: Piece, pieces: readonly number[], square: number): Attack | undefined {
  const { offsets, targets } = conflictTable(board, piece);
  for (const by of pieces) {
    if (by === square || !sortedHas(targets, offsets[by]!, offsets[by + 1]!, square)) continue;
    const conflict = validatePlacement(board, piece, [by, square]).conflicts[0];
    return { by, via: conflict?.via ?? 'attack' };
  }
  return undefined;
}

/** "diagonal with c3", "(1,2) leap from b1": the reason in a few words. */
export function attackWords(board: Board, attack: Attack): string {
  return attack.via.endsWith('leap') ? `${attack.via} from ${board.name(attack.by)}` : `${attack.via} with ${board.name(attack.by)}`;
}

/** Squares some piece attacks (the core conflict table), for shading. */
export function attackedSquares(board: Board, piece: Piece, pieces: readonly number[]): Set<number> {
  const { offsets, targets } = conflictTable(board, piece);
  const attacked = new Set<number>();
  for (const sq of pieces) for (let i = offsets[sq]!; i < offsets[sq + 1]!; i++) attacked.add(targets[i]!);
  return attacked;
}

function sortedHas(values: Int32Array, from: number, to: number, value: number): boolean {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = values[mid]!;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
