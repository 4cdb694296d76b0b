import { conflictTable, validatePlacement, type Board, type Piece } from '@bezzel/core';
import { lineFamilies } from '@bezzel/columns';

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

/**
 * The pieces another piece attacks, for drawing them apart on any board (a million squares too). A piece riding
 * whole ranks, files or diagonals is attacked exactly when one of its lines holds another piece (the nearest one
 * attacks it, blocking or not), counted line by line in time linear in the pieces and the sides; any other piece,
 * a torus or a board with holes goes through the core Validator's pairs. `complete` is false only when the
 * Validator listed fewer pairs than there are (over MAX_LISTED): then some attacked pieces may be missing.
 */
export function attackedPieces(board: Board, piece: Piece, pieces: readonly number[]): { readonly squares: number[]; readonly complete: boolean } {
  const lines = lineFamilies(piece);
  if ('reason' in lines || board.torus || board.hasRemoved()) {
    const report = validatePlacement(board, piece, pieces);
    const attacked = new Set<number>();
    for (const c of report.conflicts) attacked.add(c.a).add(c.b);
    return { squares: pieces.filter((sq) => attacked.has(sq)), complete: report.conflicts.length >= report.conflictCount };
  }
  const { width, height } = board;
  const ranks = new Int32Array(lines.rank ? height : 0);
  const files = new Int32Array(lines.file ? width : 0);
  const diagonals = new Int32Array(lines.diagonal ? width + height - 1 : 0);
  const antis = new Int32Array(lines.antiDiagonal ? width + height - 1 : 0);
  for (const sq of pieces) {
    const row = Math.floor(sq / width);
    const col = sq - row * width;
    if (lines.rank) ranks[row]!++;
    if (lines.file) files[col]!++;
    if (lines.diagonal) diagonals[row - col + width - 1]!++;
    if (lines.antiDiagonal) antis[row + col]!++;
  }
  const squares: number[] = [];
  for (const sq of pieces) {
    const row = Math.floor(sq / width);
    const col = sq - row * width;
    if ((lines.rank && ranks[row]! > 1) || (lines.file && files[col]! > 1) || (lines.diagonal && diagonals[row - col + width - 1]! > 1) || (lines.antiDiagonal && antis[row + col]! > 1)) squares.push(sq);
  }
  return { squares, complete: true };
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
