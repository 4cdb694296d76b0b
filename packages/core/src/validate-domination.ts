import { forEachAttack } from './attacks.js';
import type { Board } from './board.js';
import type { Piece } from './piece.js';
import type { DominationVariant } from './problem.js';
import { validatePlacement, type Conflict } from './validator.js';

/** What `validateDomination` found. */
export interface DominationReport {
  /** Every square covered as the variant asks, and the arrangement well formed. */
  readonly valid: boolean;
  /** How many pieces were given. */
  readonly pieces: number;
  /**
   * Squares left uncovered, ascending (at most the first 1000): neither occupied nor attacked, or with total
   * domination not attacked by any piece (an occupied square counts only when another piece attacks it).
   */
  readonly uncovered: readonly number[];
  /** How many squares are left uncovered. */
  readonly uncoveredCount: number;
  /** With independent domination: the pieces that attack each other, as `validatePlacement` names them. */
  readonly conflicts: readonly Conflict[];
  /** Squares off the board, removed or used twice, and a wrong piece count. */
  readonly errors: readonly string[];
}

const MAX_LISTED = 1000;
const nobody = () => false;

/**
 * The independent checker of a dominating set, in time linear in the squares the pieces attack plus the board:
 * one walk of each piece's attacks on an empty board marks what it covers (with one kind of piece, a piece
 * standing between an attacker and a square attacks that square itself, so blocking never uncovers one), then
 * one pass over the board lists what is left. Independence is checked by the placement validator.
 */
export function validateDomination(
  board: Board,
  piece: Piece,
  squares: readonly number[],
  options: { readonly variant?: DominationVariant; readonly k?: number } = {},
): DominationReport {
  const variant = options.variant ?? 'plain';
  const errors: string[] = [];
  const seen = new Set<number>();
  const good: number[] = [];
  for (const sq of squares) {
    if (!Number.isSafeInteger(sq) || sq < 0 || sq >= board.size) errors.push(`square ${sq} is not on the ${board} board`);
    else if (board.isRemoved(sq)) errors.push(`${board.name(sq)} has been removed from the board`);
    else if (seen.has(sq)) errors.push(`${board.name(sq)} holds two pieces`);
    else {
      seen.add(sq);
      good.push(sq);
    }
  }
  if (options.k !== undefined && squares.length !== options.k) errors.push(`${squares.length} pieces placed, ${options.k} wanted`);

  const covered = new Uint8Array(board.size);
  for (const sq of good) {
    if (variant !== 'total') covered[sq] = 1;
    forEachAttack(board, piece, sq, nobody, (t) => (covered[t] = 1));
  }
  const uncovered: number[] = [];
  let uncoveredCount = 0;
  for (let sq = 0; sq < board.size; sq++) {
    if (covered[sq] || board.isRemoved(sq)) continue;
    uncoveredCount++;
    if (uncovered.length < MAX_LISTED) uncovered.push(sq);
  }
  const conflicts = variant === 'independent' ? validatePlacement(board, piece, good).conflicts : [];
  return { valid: errors.length === 0 && uncoveredCount === 0 && conflicts.length === 0, pieces: squares.length, uncovered, uncoveredCount, conflicts, errors };
}

/** The report in a user's words: one line per problem, the uncovered squares named (the first ten). */
export function explainDomination(board: Board, piece: Piece, report: DominationReport, variant: DominationVariant = 'plain'): string[] {
  const lines = [...report.errors];
  if (report.uncoveredCount > 0) {
    const names = report.uncovered.slice(0, 10).map((sq) => board.name(sq)).join(', ') + (report.uncoveredCount > 10 ? ', …' : '');
    const how = variant === 'total' ? `attacked by no ${piece.name}` : `neither occupied nor attacked`;
    lines.push(`${report.uncoveredCount} square${report.uncoveredCount === 1 ? ' is' : 's are'} ${how}: ${names}`);
  }
  for (const c of report.conflicts) lines.push(`${c.message} (independent domination allows no attacks)`);
  return lines;
}
