import type { Board, Piece } from '@bezzel/core';
import { LineBoard, lineFamilies } from '@bezzel/columns';

/**
 * Hill climbing's picture (AIMA fig. 4.3): for every square but the pieces' own, the h (attacking pairs) the board
 * would have if its column's piece moved there — n(n − 1) values, worked out as the climb works them out (line
 * counters: h − conflicts where the piece stands + conflicts where it would go). Undefined unless there is one
 * piece in each column of a square board and the piece attacks along whole lines.
 */
export function moveHeights(board: Board, piece: Piece, squares: readonly number[]): Map<number, number> | undefined {
  const lines = lineFamilies(piece);
  const n = board.width;
  if ('reason' in lines || board.height !== n || squares.length !== n) return undefined;
  const line = new LineBoard(n, lines);
  for (const sq of squares) {
    const col = sq % n;
    if (line.rows[col] !== -1) return undefined;
    line.put(col, Math.floor(sq / n));
  }
  const h = line.attackingPairs();
  const heights = new Map<number, number>();
  for (let col = 0; col < n; col++) {
    const from = line.rows[col]!;
    line.lift(col);
    const here = line.conflictsAt(col, from);
    for (let row = 0; row < n; row++) if (row !== from) heights.set(row * n + col, h - here + line.conflictsAt(col, row));
    line.put(col, from);
  }
  return heights;
}

/** h of a placement with one piece a column (attacking pairs), or undefined where moveHeights would be. */
export function placementH(board: Board, piece: Piece, squares: readonly number[]): number | undefined {
  const lines = lineFamilies(piece);
  const n = board.width;
  if ('reason' in lines || board.height !== n || squares.length !== n) return undefined;
  const line = new LineBoard(n, lines);
  for (const sq of squares) {
    if (line.rows[sq % n] !== -1) return undefined;
    line.put(sq % n, Math.floor(sq / n));
  }
  return line.attackingPairs();
}
