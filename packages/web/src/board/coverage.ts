import { forEachAttack, type Board, type DominationVariant, type Piece } from '@bezzel/core';

/** Boards up to this many squares are shaded by coverage; a larger one's picture would not show a square's tint anyway. */
export const MAX_COVERAGE_SQUARES = 250_000;

/** Counts stop here: the board shades one, two and three or more coverers apart, no further. */
const MOST = 255;
const nobody = () => false;

/**
 * How many pieces cover each square, as the core's domination validator counts them: the squares a piece attacks
 * on an empty board (with one kind of piece, blocking never uncovers a square) and, except in total domination,
 * the square it stands on. Undefined for boards too big to shade.
 */
export function coverCounts(board: Board, piece: Piece, squares: readonly number[], variant: DominationVariant): Uint8Array | undefined {
  if (board.size > MAX_COVERAGE_SQUARES) return undefined;
  const counts = new Uint8Array(board.size);
  const add = (sq: number) => {
    if (counts[sq]! < MOST) counts[sq]!++;
  };
  for (const sq of squares) {
    if (sq < 0 || sq >= board.size || board.isRemoved(sq)) continue;
    if (variant !== 'total') add(sq);
    forEachAttack(board, piece, sq, nobody, add);
  }
  return counts;
}

/** The squares no piece covers, ascending (removed squares need no cover). */
export function uncoveredSquares(board: Board, counts: Uint8Array): number[] {
  const out: number[] = [];
  for (let sq = 0; sq < counts.length; sq++) if (counts[sq] === 0 && !board.isRemoved(sq)) out.push(sq);
  return out;
}

/** The first of `pieces` that covers `square` (standing on it, unless the domination is total, or attacking it). */
export function coveredBy(board: Board, piece: Piece, pieces: readonly number[], square: number, variant: DominationVariant): number | undefined {
  for (const by of pieces) {
    if (by === square) {
      if (variant !== 'total') return by;
      continue;
    }
    let hit = false;
    forEachAttack(board, piece, by, nobody, (t) => {
      if (t === square) hit = true;
    });
    if (hit) return by;
  }
  return undefined;
}

/** What a square means for a dominating set, for a tooltip: "a1: covered by the queen on d4 (and 2 more)", "h7: uncovered". */
export function coverWords(board: Board, piece: Piece, pieces: readonly number[], counts: Uint8Array, square: number, variant: DominationVariant): string {
  const name = board.name(square);
  if (board.isRemoved(square)) return `${name}: removed`;
  const n = counts[square] ?? 0;
  const times = (k: number) => (k >= MOST - 1 ? 'many' : String(k));
  if (pieces.includes(square)) {
    const attackers = variant === 'total' ? n : n - 1;
    if (variant === 'total' && attackers === 0) return `${piece.name} on ${name}: attacked by no other ${piece.name}, which total domination needs`;
    return `${piece.name} on ${name}: ${variant === 'total' ? '' : 'occupied, '}attacked by ${attackers === 0 ? 'no other piece' : `${times(attackers)} other${attackers === 1 ? '' : 's'}`}`;
  }
  if (n === 0) return `${name}: uncovered`;
  const by = coveredBy(board, piece, pieces, square, variant)!;
  return `${name}: covered by the ${piece.name} on ${board.name(by)}${n > 1 ? ` (and ${times(n - 1)} more)` : ''}`;
}
