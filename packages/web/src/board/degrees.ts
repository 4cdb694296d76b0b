import { moveTable, type Board, type ConflictTable, type Piece } from '@bezzel/core';

const tables = new WeakMap<Piece, Map<string, ConflictTable>>();

/** The piece's moves on the board, built once per board shape (the core builds it afresh each call). */
export function movesOf(board: Board, piece: Piece): ConflictTable {
  let perBoard = tables.get(piece);
  if (!perBoard) tables.set(piece, (perBoard = new Map()));
  const key = `${board.width}x${board.height}:${board.removed.join(',')}:${board.torus}`;
  let table = perBoard.get(key);
  if (!table) perBoard.set(key, (table = moveTable(board, piece)));
  return table;
}

/**
 * Warnsdorff's numbers after a walk: for every square not yet visited, how many unvisited squares one move
 * leads on to (its onward degree); -1 for visited and removed squares.
 */
export function onwardDegrees(board: Board, piece: Piece, path: ArrayLike<number>): Int16Array {
  const { offsets, targets } = movesOf(board, piece);
  const visited = new Uint8Array(board.size);
  for (let i = 0; i < path.length; i++) visited[path[i]!] = 1;
  const degrees = new Int16Array(board.size);
  for (let sq = 0; sq < board.size; sq++) {
    if (visited[sq] || board.isRemoved(sq)) {
      degrees[sq] = -1;
      continue;
    }
    let d = 0;
    for (let i = offsets[sq]!; i < offsets[sq + 1]!; i++) if (!visited[targets[i]!]) d++;
    degrees[sq] = d;
  }
  return degrees;
}
