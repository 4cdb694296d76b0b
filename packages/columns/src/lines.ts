import type { Instance, Piece } from '@bezzel/core';

/** The lines a piece rides along, each unlimited: two pieces on one such line attack each other. */
export interface LineFamilies {
  /** It rides along ranks (rows). */
  readonly rank: boolean;
  /** Along files (columns). */
  readonly file: boolean;
  /** Along diagonals (a1–h8). */
  readonly diagonal: boolean;
  /** Along anti-diagonals (a8–h1). */
  readonly antiDiagonal: boolean;
}

/** Why a piece or a problem is not made of lines, in the words of a `no`. */
export interface NotLines {
  /** The reason, as a strategy's `supports` gives it. */
  readonly reason: string;
}

/**
 * The line families of a piece whose every attack is an unlimited ride along ranks, files or diagonals.
 * One direction is enough: with blocking, the nearest two pieces on a line attack one way or the other.
 */
export function lineFamilies(piece: Piece): LineFamilies | NotLines {
  const { leaps, rides } = piece.movement;
  const why = `the ${piece.name} does not attack along whole lines only`;
  if (piece.attacks) return { reason: `${why}: it has its own attack rule` };
  if (leaps.length > 0) return { reason: `${why}: it leaps` };
  if (rides.length === 0) return { reason: `${why}: it has no rides` };
  const found = { rank: false, file: false, diagonal: false, antiDiagonal: false };
  for (const r of rides) {
    if (r.range !== undefined) return { reason: `${why}: its rides are limited to ${r.range} steps` };
    if (r.dy === 0 && Math.abs(r.dx) === 1) found.rank = true;
    else if (r.dx === 0 && Math.abs(r.dy) === 1) found.file = true;
    else if (Math.abs(r.dx) === 1 && r.dy === r.dx) found.diagonal = true;
    else if (Math.abs(r.dx) === 1 && r.dy === -r.dx) found.antiDiagonal = true;
    else return { reason: `${why}: it rides (${r.dx},${r.dy}), not a rank, file or diagonal` };
  }
  return found;
}

/**
 * What the one-piece-per-column local searches need: a plain square board, n pieces, and a line piece.
 * Returns the line families, or the reason a user reads.
 */
export function columnProblem(instance: Instance): LineFamilies | NotLines {
  if (instance.kind !== 'placement') return { reason: 'it places pieces; it does not do tours' };
  const { board, k } = instance;
  if (board.hasRemoved() || board.torus) return { reason: 'it needs a whole, flat board (no removed squares, no torus)' };
  if (!board.isSquare) return { reason: `it places one piece per column on a square board, and ${board} is not square` };
  if (k !== board.width) return { reason: `it places exactly one piece per column: k must be ${board.width}, not ${k}` };
  return lineFamilies(instance.piece);
}
