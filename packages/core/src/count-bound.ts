import type { Board } from './board.js';
import type { Piece } from './piece.js';

/** n choose k, exactly. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < Math.min(k, n - k); i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** Bounds are worked out for at most this many pieces. */
export const MAX_BOUNDED_K = 4096;

/** Whether the piece attacks its whole rank and file, as a rook does: no two can share a row or a column. */
function ridesRanksAndFiles(piece: Piece): boolean {
  if (piece.attacks) return false;
  const unlimited = piece.movement.rides.filter((r) => r.range === undefined);
  const along = (dx: number, dy: number) => unlimited.some((r) => (Math.abs(r.dx) === dx && Math.abs(r.dy) === dy));
  return along(1, 0) && along(0, 1);
}

/**
 * An upper bound on how many ways `k` pieces can stand on the board without attacking each other: k of its
 * playable squares, and for a piece that rides its rank and file on a whole board, one a row and a column, which
 * is at most w!/(w − k)! ways with w the shorter side. What a count can never pass, however it was got: a
 * checkpoint line or a job result above it has been altered. Undefined past {@link MAX_BOUNDED_K} pieces.
 */
export function placementCountBound(board: Board, piece: Piece, k: number): bigint | undefined {
  // Past a few thousand pieces the product itself would cost more than any count that finishes.
  if (k > MAX_BOUNDED_K) return undefined;
  const squares = choose(board.playable, k);
  if (!ridesRanksAndFiles(piece) || board.playable < board.size) return squares;
  const side = Math.min(board.width, board.height);
  if (k > side) return 0n;
  let arrangements = 1n;
  for (let i = 0; i < k; i++) arrangements *= BigInt(Math.max(board.width, board.height) - i) * BigInt(side - i);
  // Rows and columns chosen in order: k pieces in distinct rows and columns, divided by the orders of the k.
  let orders = 1n;
  for (let i = 2; i <= k; i++) orders *= BigInt(i);
  const rookBound = arrangements / orders;
  return rookBound < squares ? rookBound : squares;
}
