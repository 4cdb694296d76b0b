import type { Board, Conflict, DominationVariant, Piece } from '@bezzel/core';

/** The play room's shapes, in a file of types only, so play, its domination verdicts and hints share them without importing each other. */

/** A student's own attempt: pieces put on the board, or a tour walked square by square. */
export type Attempt = { readonly kind: 'placement'; readonly pieces: readonly number[] } | { readonly kind: 'tour'; readonly path: readonly number[] };

/** The puzzle being played: what the checker holds the attempt to. */
export interface Puzzle {
  readonly board: Board;
  readonly piece: Piece;
  /** Placement: the pieces wanted; domination: the size of the set wanted (none: as few as the student can). */
  readonly k?: number;
  /** Domination: the pieces must cover the board in this way, and may attack each other unless it is independent. */
  readonly domination?: DominationVariant;
  /** Tour: the square it must start on, and whether it must close. */
  readonly start?: number;
  readonly closed?: boolean;
}

/** What the checker says about an attempt, in the words of the CLI's `check`. */
export interface Verdict {
  readonly solved: boolean;
  /** One line: "Invalid: 3 queens on 8×8." / "Valid: …" / "5 of 25 squares visited". */
  readonly summary: string;
  /** Each problem on its own line: "a1 and d4 share a diagonal". */
  readonly problems: readonly string[];
  readonly conflicts: readonly Conflict[];
}

/** A hint: the square to try, in words, or only words when there is no square to suggest. */
export interface Hint {
  readonly square?: number;
  readonly text: string;
}
