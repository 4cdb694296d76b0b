import { singleLeap, symmetricVectors, type Piece, type Vector } from '@bezzel/core';

/** The pieces whose maximum placements have a known construction, recognised by movement, not by id. */
export type KnownShape = 'queen' | 'rook' | 'bishop' | 'knight' | 'king';

const key = (v: Vector) => `${v.dx},${v.dy}`;
const setOf = (vs: readonly Vector[]) => new Set(vs.map(key));
const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((k) => b.has(k));

const ORTHOGONAL = setOf(symmetricVectors(0, 1));
const DIAGONAL = setOf(symmetricVectors(1, 1));
const BOTH = new Set([...ORTHOGONAL, ...DIAGONAL]);

/**
 * Which known piece this movement is: a custom `attacks` rule, a limited ride or an extra vector makes it a
 * different piece, whose maximum the theorems here do not cover.
 */
export function shapeOf(piece: Piece): KnownShape | undefined {
  if (piece.attacks) return undefined;
  const { leaps, rides } = piece.movement;
  if (rides.length > 0) {
    if (leaps.length > 0 || rides.some((r) => r.range !== undefined)) return undefined;
    const set = setOf(rides);
    if (same(set, BOTH)) return 'queen';
    if (same(set, ORTHOGONAL)) return 'rook';
    if (same(set, DIAGONAL)) return 'bishop';
    return undefined;
  }
  const leap = singleLeap(piece.movement);
  if (leap?.a === 1 && leap.b === 2) return 'knight';
  if (same(setOf(leaps), BOTH)) return 'king';
  return undefined;
}
