import type { Board } from '@bezzel/core';

/**
 * The array form `[0 4 6 3 7 2 5 1]`: entry c is the row (0-based, rank 1 = 0) of the piece in column c.
 * Exists only when every column holds exactly one piece, as in n queens; undefined otherwise.
 */
export function arrayForm(board: Board, squares: readonly number[]): number[] | undefined {
  if (squares.length !== board.width) return undefined;
  const rows = new Array<number>(board.width).fill(-1);
  for (const sq of squares) {
    const col = board.col(sq);
    if (rows[col] !== -1) return undefined;
    rows[col] = board.row(sq);
  }
  return rows;
}

/** The array form `[0 4 7 5 2 6 1 3]` (each column's row, from a) of a placement with one piece per column, else undefined. */
export function renderArrayForm(board: Board, squares: readonly number[]): string | undefined {
  const rows = arrayForm(board, squares);
  return rows && `[${rows.join(' ')}]`;
}

/** The squares by name, in the order given: `a1 b3 c5`; the form `check` reads back. */
export function renderSquareList(board: Board, squares: ArrayLike<number>): string {
  return Array.from(squares, (sq) => board.name(sq)).join(' ');
}
