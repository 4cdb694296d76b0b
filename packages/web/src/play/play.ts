import { validatePlacement, validateTour } from '@bezzel/core';
import { movesOf } from '../board/degrees.js';
import { dominationVerdict } from './play-domination.js';
import type { Attempt, Puzzle, Verdict } from './puzzle.js';

export type { Attempt, Puzzle, Verdict } from './puzzle.js';

/** The attempt after a click on `square`, or why the click was refused (and the attempt kept). */
export function click(puzzle: Puzzle, attempt: Attempt, square: number): { attempt: Attempt; refused?: string } {
  const { board } = puzzle;
  if (board.isRemoved(square)) return { attempt, refused: `${board.name(square)} has been removed from the board` };
  if (attempt.kind === 'placement') {
    const pieces = attempt.pieces.includes(square) ? attempt.pieces.filter((s) => s !== square) : [...attempt.pieces, square];
    return { attempt: { kind: 'placement', pieces } };
  }
  const path = attempt.path;
  // Clicking the square the walk stands on takes the last move back.
  if (path.length > 0 && path[path.length - 1] === square) return { attempt: { kind: 'tour', path: path.slice(0, -1) } };
  if (path.length === 0) {
    if (puzzle.start !== undefined && square !== puzzle.start) return { attempt, refused: `the tour starts on ${board.name(puzzle.start)}` };
    return { attempt: { kind: 'tour', path: [square] } };
  }
  const report = validateTour(board, puzzle.piece, [...path, square]);
  if (report.errorAt === path.length) return { attempt, refused: report.firstError };
  return { attempt: { kind: 'tour', path: [...path, square] } };
}

/** The checker's verdict: the core Validator's report, worded as `bezzel check` words it. */
export function verdict(puzzle: Puzzle, attempt: Attempt): Verdict {
  const { board, piece } = puzzle;
  if (attempt.kind === 'placement' && puzzle.domination !== undefined) return dominationVerdict(puzzle, attempt.pieces);
  if (attempt.kind === 'placement') {
    const placed = attempt.pieces.length;
    // A position short of k is not wrong yet: the count is held against k only once enough are placed.
    const report = validatePlacement(board, piece, attempt.pieces, puzzle.k !== undefined && placed >= puzzle.k ? puzzle.k : undefined);
    const what = `${placed} ${piece.name}${placed === 1 ? '' : 's'} on ${board}`;
    const attacking = report.conflicts.map((c) => c.message);
    const short = puzzle.k !== undefined && placed < puzzle.k;
    const summary =
      !report.valid ? `Invalid: ${what}.`
      : short ? `${placed} of ${puzzle.k} ${piece.name}s placed, no two attack each other.`
      : `Valid: ${what}, no two attack each other.`;
    const problems = [...report.errors, ...(attacking.length ? [`${attacking.length} attacking pair${attacking.length === 1 ? '' : 's'}:`, ...attacking] : [])];
    return { solved: report.valid && !short, summary, problems, conflicts: report.conflicts };
  }
  const path = attempt.path;
  if (path.length === 0) return { solved: false, summary: `Click a square to start the ${piece.name}'s tour${puzzle.start !== undefined ? ` on ${board.name(puzzle.start)}` : ''}.`, problems: [], conflicts: [] };
  const report = validateTour(board, piece, path, { closed: puzzle.closed ?? false, ...(puzzle.start !== undefined ? { start: puzzle.start } : {}) });
  if (report.valid) return { solved: true, summary: `Valid ${puzzle.closed ? 'closed ' : ''}tour: every square of ${board} visited.`, problems: [], conflicts: [] };
  const visited = `${path.length} of ${board.playable} squares visited.`;
  const head = path[path.length - 1]!;
  const onward = nextSquares(puzzle, path);
  if (path.length < board.playable && onward.length === 0) {
    return { solved: false, summary: visited, problems: [`Stuck: no unvisited square is a ${piece.name}'s move from ${board.name(head)}. Take moves back (click the last square).`], conflicts: [] };
  }
  return { solved: false, summary: visited, problems: report.missingCount === 0 && report.firstError ? [report.firstError] : [], conflicts: [] };
}

/** The unvisited squares one move from the end of a walk. */
export function nextSquares(puzzle: Puzzle, path: readonly number[]): number[] {
  if (path.length === 0) return [];
  const { offsets, targets } = movesOf(puzzle.board, puzzle.piece);
  const head = path[path.length - 1]!;
  const visited = new Set(path);
  const out: number[] = [];
  for (let i = offsets[head]!; i < offsets[head + 1]!; i++) if (!visited.has(targets[i]!)) out.push(targets[i]!);
  return out;
}
