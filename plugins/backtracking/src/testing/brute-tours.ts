import type { Board, Vector } from '@bezzel/core';

/**
 * Counts tours on a tiny board by following every path, with no pruning and no shared code: moves come
 * straight from the leap vectors. Open: directed paths from `start` (or from every square). Closed: directed
 * cycles through the first square, halved when every move can be reversed (each cycle then runs both ways).
 */
export function bruteForceTours(board: Board, leaps: readonly Vector[], closed: boolean, start?: number): number {
  const squares = Array.from({ length: board.size }, (_, sq) => sq).filter((sq) => !board.isRemoved(sq));
  // A set: on a narrow torus two vectors can reach the same square, which is still one move.
  const moves = (from: number) => [
    ...new Set(leaps.map((v) => board.squareAt(board.row(from) + v.dy, board.col(from) + v.dx)).filter((to) => to >= 0 && to !== from)),
  ];
  const visited = new Set<number>();
  const walk = (from: number, first: number): number => {
    if (visited.size === squares.length) return !closed || moves(from).includes(first) ? 1 : 0;
    let count = 0;
    for (const to of moves(from)) {
      if (visited.has(to)) continue;
      visited.add(to);
      count += walk(to, first);
      visited.delete(to);
    }
    return count;
  };
  const from = (sq: number) => {
    visited.add(sq);
    const count = walk(sq, sq);
    visited.delete(sq);
    return count;
  };
  if (closed) {
    const reversible = leaps.every((v) => leaps.some((w) => w.dx === -v.dx && w.dy === -v.dy));
    const directed = squares.length > 1 ? from(start ?? squares[0]!) : 0;
    return reversible ? directed / 2 : directed;
  }
  return start !== undefined ? from(start) : squares.reduce((sum, sq) => sum + from(sq), 0);
}
