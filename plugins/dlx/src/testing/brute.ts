import { Board, conflictTable, type BoardSpec, type Piece } from '@bezzel/core';

/**
 * An independent count for the tests: every set of k playable squares, taken in increasing order, no two in
 * conflict by the core's conflict table (built from the piece's moves with the core's own ride rules). Small
 * boards only.
 */
export function bruteCount(spec: BoardSpec, piece: Piece, k: number): bigint {
  const board = new Board(spec);
  const { offsets, targets } = conflictTable(board, piece);
  const blocked = new Int32Array(board.size);
  for (const sq of board.removed) blocked[sq] = 1;
  let count = 0;
  const place = (from: number, left: number): void => {
    if (left === 0) {
      count++;
      return;
    }
    for (let sq = from; sq <= board.size - left; sq++) {
      if (blocked[sq] !== 0) continue;
      for (let t = offsets[sq]!; t < offsets[sq + 1]!; t++) blocked[targets[t]!]!++;
      place(sq + 1, left - 1);
      for (let t = offsets[sq]!; t < offsets[sq + 1]!; t++) blocked[targets[t]!]!--;
    }
  };
  place(0, k);
  return BigInt(count);
}
