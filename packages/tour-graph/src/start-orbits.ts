import { mapSquare, preservesAdjacency, symmetryGroup, type Board, type Piece } from '@bezzel/core';
import type { MoveGraph } from './move-graph.js';

/** A square a count searches from, and how many start squares it stands for (its tours are counted that often). */
export interface WeightedStart {
  /** The square searched from. */
  readonly square: number;
  /** How many start squares (its orbit under the board's symmetries) it stands for. */
  readonly weight: number;
}

/**
 * The board's symmetries (other than the identity) that map the piece's move graph onto itself, each as a
 * permutation of the squares. `symmetryGroup` already keeps only those that preserve the removed squares and
 * the piece's vectors; each is then checked against the graph the search really walks, move by move, which
 * also covers the wrap of a torus and moves deduplicated there. A piece with its own `attacks` rule gets none:
 * its vectors need not tell the truth, and a count from every start is the plainly correct fallback.
 */
export function graphSymmetries(board: Board, piece: Piece, graph: MoveGraph): Int32Array[] {
  if (piece.attacks) return [];
  const perms: Int32Array[] = [];
  for (const symmetry of symmetryGroup(board, piece.movement)) {
    if (symmetry.name === 'identity') continue;
    const perm = new Int32Array(board.size);
    for (let sq = 0; sq < board.size; sq++) perm[sq] = mapSquare(board, symmetry, sq);
    if (mapsGraphOntoItself(board, graph, perm)) perms.push(perm);
  }
  return perms;
}

/**
 * True when `perm` is a permutation of the squares that keeps removed squares removed and maps every move u→v
 * to a move perm(u)→perm(v). Each square's moves are distinct and the image has as many, so moves map onto
 * moves: a graph automorphism, under which the tours from u and from perm(u) correspond one to one.
 */
export function mapsGraphOntoItself(board: Board, graph: MoveGraph, perm: Int32Array): boolean {
  const size = board.size;
  if (perm.length !== size) return false;
  const hit = new Uint8Array(size);
  for (let sq = 0; sq < size; sq++) {
    const image = perm[sq]!;
    if (!(image >= 0 && image < size) || hit[image]) return false;
    hit[image] = 1;
    if (board.isRemoved(sq) !== board.isRemoved(image)) return false;
  }
  return preservesAdjacency(size, graph.outOffsets, graph.outTargets, (sq) => perm[sq]!);
}

/**
 * One start per orbit of `squares` under the group the permutations generate: the smallest square of the orbit,
 * weighted by the orbit's size. With no permutations, every square with weight 1. The orbit is closed under
 * the permutations by a search, so the result is right even if they do not form a whole group (compositions
 * of graph automorphisms are automorphisms too). `squares` must be ascending and closed under them.
 */
export function startOrbits(squares: readonly number[], perms: readonly Int32Array[]): WeightedStart[] {
  if (perms.length === 0) return squares.map((square) => ({ square, weight: 1 }));
  const seen = new Set<number>();
  const starts: WeightedStart[] = [];
  for (const square of squares) {
    if (seen.has(square)) continue;
    seen.add(square);
    const orbit = [square];
    for (let i = 0; i < orbit.length; i++) {
      for (const perm of perms) {
        const image = perm[orbit[i]!]!;
        if (!seen.has(image)) {
          seen.add(image);
          orbit.push(image);
        }
      }
    }
    starts.push({ square, weight: orbit.length });
  }
  return starts;
}

/**
 * The orbit of every square of `squares` under the group the permutations generate, numbered as `startOrbits`
 * lists them (by smallest square); -1 for a square not in `squares`. With no permutations every square is its
 * own orbit.
 */
export function squareOrbits(size: number, squares: readonly number[], perms: readonly Int32Array[]): Int32Array {
  const orbit = new Int32Array(size).fill(-1);
  let next = 0;
  for (const square of squares) {
    if (orbit[square]! >= 0) continue;
    const members = [square];
    orbit[square] = next;
    for (let i = 0; i < members.length; i++) {
      for (const perm of perms) {
        const image = perm[members[i]!]!;
        if (orbit[image]! < 0) {
          orbit[image] = next;
          members.push(image);
        }
      }
    }
    next++;
  }
  return orbit;
}
