import { moveTable, type Board, type ConflictTable, type Piece } from '@bezzel/core';

/** A piece's moves on a board both ways round: `out` lists where each square moves to, `in` where it is reached from. */
export interface MoveGraph {
  /** `outTargets[outOffsets[s] .. outOffsets[s + 1]]` are the squares a move from s reaches. */
  readonly outOffsets: Int32Array;
  /** The squares moves lead to, square by square (see `outOffsets`). */
  readonly outTargets: Int32Array;
  /** `inSources[inOffsets[s] .. inOffsets[s + 1]]` are the squares with a move to s. */
  readonly inOffsets: Int32Array;
  /** The squares moves come from, square by square (see `inOffsets`). */
  readonly inSources: Int32Array;
  /** Every move can be made backwards, so "unvisited neighbours" means the same both ways. */
  readonly symmetric: boolean;
}

/** Builds the move graph from the core move table, with the reverse lists made by a counting sort. */
export function moveGraph(board: Board, piece: Piece): MoveGraph {
  const { outOffsets, outTargets } = distinctMoves(board.size, moveTable(board, piece));
  const size = board.size;
  const inOffsets = new Int32Array(size + 1);
  for (let i = 0; i < outTargets.length; i++) inOffsets[outTargets[i]! + 1]++;
  for (let sq = 0; sq < size; sq++) inOffsets[sq + 1] += inOffsets[sq]!;
  const fill = inOffsets.slice(0, size);
  const inSources = new Int32Array(outTargets.length);
  for (let from = 0; from < size; from++) {
    for (let i = outOffsets[from]!; i < outOffsets[from + 1]!; i++) inSources[fill[outTargets[i]!]++] = from;
  }
  return { outOffsets, outTargets, inOffsets, inSources, symmetric: isSymmetric(size, outOffsets, outTargets, inOffsets, inSources) };
}

/**
 * Each square's moves, ascending and without repeats: on a narrow torus two vectors can land on the same
 * square, and a tour is a sequence of squares, so that must be one move, not two.
 */
function distinctMoves(size: number, table: ConflictTable): { outOffsets: Int32Array; outTargets: Int32Array } {
  const outOffsets = new Int32Array(size + 1);
  const outTargets = new Int32Array(table.targets.length);
  let write = 0;
  for (let sq = 0; sq < size; sq++) {
    const moves = table.targets.slice(table.offsets[sq]!, table.offsets[sq + 1]!).sort();
    for (let i = 0; i < moves.length; i++) if (i === 0 || moves[i] !== moves[i - 1]) outTargets[write++] = moves[i]!;
    outOffsets[sq + 1] = write;
  }
  return { outOffsets, outTargets: outTargets.slice(0, write) };
}

/** Both lists are ascending (in-lists by the counting sort), so each square's out-list must equal its in-list. */
function isSymmetric(size: number, outOffsets: Int32Array, outTargets: Int32Array, inOffsets: Int32Array, inSources: Int32Array): boolean {
  for (let sq = 0; sq < size; sq++) {
    const from = outOffsets[sq]!;
    const to = outOffsets[sq + 1]!;
    if (to - from !== inOffsets[sq + 1]! - inOffsets[sq]!) return false;
    for (let i = from; i < to; i++) if (outTargets[i] !== inSources[inOffsets[sq]! + i - from]) return false;
  }
  return true;
}
