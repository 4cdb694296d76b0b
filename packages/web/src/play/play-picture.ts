import { attackedPieces, attackOn, attackWords } from '../board/attackers.js';
import { coverCounts, coverWords } from '../board/coverage.js';
import type { BoardPicture, Shade } from '../board/board-picture.js';
import type { Describe } from '../board/board-host.js';
import { onwardDegrees } from '../board/degrees.js';
import type { Hint } from './hint.js';
import { nextSquares, type Attempt, type Puzzle, type Verdict } from './play.js';

/**
 * The board while a student plays: their pieces with the checker's conflicts drawn as lines, or their walk
 * with move numbers, the legal next squares ringed with their onward degrees and, if wanted, Warnsdorff's
 * heat map; a hint's square is shaded green.
 */
export function playPicture(puzzle: Puzzle, attempt: Attempt, verdict: Verdict, hint: Hint | undefined, heat: boolean): { picture: BoardPicture; describe: Describe } {
  const { board, piece } = puzzle;
  const shades = new Map<number, Shade>();
  if (hint?.square !== undefined) shades.set(hint.square, 'hint');
  const name = (sq: number) => board.name(sq);
  if (attempt.kind === 'placement' && puzzle.domination !== undefined) {
    // Domination: what the pieces cover, shaded, and the squares still to cover outlined.
    const variant = puzzle.domination;
    const pieces = attempt.pieces;
    const cover = coverCounts(board, piece, pieces, variant);
    const describe: Describe = (sq) => {
      const words = cover ? coverWords(board, piece, pieces, cover, sq, variant) : name(sq);
      const conflict = pieces.includes(sq) ? verdict.conflicts.find((c) => c.a === sq || c.b === sq) : undefined;
      return conflict ? `${words}; ${conflict.message}` : words;
    };
    const label = `Your board: ${verdict.summary}`;
    // Independent domination forbids attacks: a piece another attacks is drawn apart.
    const attacked = variant === 'independent' ? attackedPieces(board, piece, pieces).squares : [];
    return { picture: { board, piece, pieces, conflicts: verdict.conflicts, shades, ...(attacked.length > 0 ? { attackedPieces: attacked } : {}), ...(cover ? { cover } : {}), solved: verdict.solved, label }, describe };
  }
  if (attempt.kind === 'placement') {
    const pieces = attempt.pieces;
    const describe: Describe = (sq) => {
      if (pieces.includes(sq)) {
        const conflict = verdict.conflicts.find((c) => c.a === sq || c.b === sq);
        return conflict ? `${piece.name} on ${name(sq)}: ${conflict.message}` : `${piece.name} on ${name(sq)}: click to take it back`;
      }
      const attack = attackOn(board, piece, pieces, sq);
      return attack ? `${name(sq)}: attacked (${attackWords(board, attack)})` : `${name(sq)}: free`;
    };
    const label = `Your board: ${verdict.summary}`;
    const attacked = verdict.solved ? [] : attackedPieces(board, piece, pieces).squares;
    return { picture: { board, piece, pieces, conflicts: verdict.conflicts, shades, ...(attacked.length > 0 ? { attackedPieces: attacked } : {}), solved: verdict.solved, label }, describe };
  }
  const path = attempt.path;
  const degrees = onwardDegrees(board, piece, path);
  const candidates = nextSquares(puzzle, path).map((square) => ({ square, degree: degrees[square]! }));
  const moveOf = new Map(path.map((sq, i) => [sq, i] as const));
  const describe: Describe = (sq) => {
    const at = moveOf.get(sq);
    if (at !== undefined) return at === path.length - 1 ? `${name(sq)}: move ${at}, click to take it back` : `${name(sq)}: move ${at}`;
    const candidate = candidates.find((c) => c.square === sq);
    return candidate ? `${name(sq)}: a legal move, ${candidate.degree} onward` : `${name(sq)}: ${degrees[sq]} onward moves`;
  };
  const picture: BoardPicture = {
    board,
    piece,
    path,
    closed: puzzle.closed ?? false,
    candidates,
    shades,
    ...(heat ? { heat: degrees } : {}),
    solved: verdict.solved,
    label: `Your tour: ${verdict.summary}`,
  };
  return { picture, describe };
}
