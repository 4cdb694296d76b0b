import type { Board } from '@bezzel/core';

/** Squares named in a board's description for screen readers; beyond, they are counted. */
const LISTED = 64;

/** Squares by name for a screen reader, in board order: "a1, c2, e3" (the first 64, then "and 40 more"). */
export function squareList(board: Board, squares: Iterable<number>): string {
  const sorted = [...squares].sort((a, b) => a - b);
  const named = sorted.slice(0, LISTED).map((sq) => board.name(sq)).join(', ');
  return sorted.length > LISTED ? `${named} and ${(sorted.length - LISTED).toLocaleString('en')} more` : named;
}
