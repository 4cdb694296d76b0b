import type { Board, Conflict, Piece } from '@bezzel/core';

/**
 * How a square is shaded: attacked by a piece, rejected by the step just taken, suggested by a hint, or (domination)
 * the uncovered square a step placed its piece to cover.
 */
export type Shade = 'attacked' | 'rejected' | 'hint' | 'aim' | 'wiped' | 'line' | 'secondary' | 'tabu';

/** Everything the page draws on a board at one moment; the board views only draw, they decide nothing. */
export interface BoardPicture {
  readonly board: Board;
  readonly piece: Piece;
  /** Placement pieces (or local-search pieces). */
  readonly pieces?: readonly number[];
  /** Tour path so far, start first, with move numbers. */
  readonly path?: ArrayLike<number>;
  readonly closed?: boolean;
  readonly shades?: ReadonlyMap<number, Shade>;
  /** Warnsdorff's heat map: each unvisited square's onward degree, -1 for none. */
  readonly heat?: Int16Array;
  /** Domination: how many pieces cover each square; covered squares are tinted by it, uncovered ones outlined. */
  readonly cover?: Uint8Array;
  /**
   * A colour for each square from a small palette (index mod 8): csp's domain grid tints each crossed-out value and
   * the piece whose assignment crossed it out alike.
   */
  readonly tints?: ReadonlyMap<number, number>;
  /** Squares crossed out (besides rejected ones): values gone from a csp domain. */
  readonly crossed?: readonly number[];
  /** Short text written on squares: hill climbing's h for each move. */
  readonly labels?: ReadonlyMap<number, string>;
  /** Pieces another piece attacks: drawn red inside a red ring (a shape as well as a colour), on SVG and canvas alike. */
  readonly attackedPieces?: readonly number[];
  /** Pairs of pieces that attack each other (from the core Validator), drawn as lines. */
  readonly conflicts?: readonly Conflict[];
  /** Tour: where the head may go next, with each one's onward degree. */
  readonly candidates?: readonly { readonly square: number; readonly degree: number }[];
  /** The candidates are drawn without their degrees (a Predict question asks for the fewest). */
  readonly hideDegrees?: boolean;
  /** The square the last step touched, and how. */
  readonly touched?: { readonly square: number; readonly how: 'add' | 'take' };
  /** Squares a lecture's scene points at: outlined in magenta, with a white halo, above everything but the pieces' marks. */
  readonly highlights?: readonly number[];
  /** The keyboard cursor in play mode. */
  readonly cursor?: number;
  /** The board shows a solution: framed, with no attack shading. */
  readonly solved?: boolean;
  /** What the board shows, in a sentence for screen readers. */
  readonly label: string;
}

/** Boards up to this many squares are drawn as SVG with shading; larger ones on a canvas. */
export const SVG_MAX_SQUARES = 32 * 32;
