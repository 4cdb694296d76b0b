import { lineSums, type Board, type Vector } from '@bezzel/core';

/**
 * Counts the semi-magic and the magic numbered tours of a tiny board by walking every path, with no pruning and
 * nothing shared with the search: moves come straight from the leap vectors, and each whole path is summed by the
 * core's `lineSums`. From `start`, or from every square.
 */
export function bruteForceMagicTours(board: Board, leaps: readonly Vector[], start?: number): { semi: number; full: number } {
  const moves = Array.from({ length: board.size }, (_, from) => leaps.map((v) => board.squareAt(board.row(from) + v.dy, board.col(from) + v.dx)).filter((to) => to >= 0));
  const path: number[] = [];
  const visited = new Uint8Array(board.size);
  const counts = { semi: 0, full: 0 };
  const walk = (from: number) => {
    path.push(from);
    visited[from] = 1;
    if (path.length === board.size) {
      const sums = lineSums(board, path);
      if (sums.semiMagic) counts.semi++;
      if (sums.magic) counts.full++;
    } else {
      for (const to of moves[from]!) if (!visited[to]) walk(to);
    }
    visited[from] = 0;
    path.pop();
  };
  for (let sq = 0; sq < board.size; sq++) if (start === undefined || sq === start) walk(sq);
  return counts;
}
