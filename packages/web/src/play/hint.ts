import { validatePlacement, type Result, type Task } from '@bezzel/core';
import { pageWords } from '../shared/page-words.js';
import type { Attempt, Hint, Puzzle } from './puzzle.js';

export type { Hint } from './puzzle.js';

/** How long a hint may search before it gives up and says so. */
export const HINT_MS = 5_000;


/**
 * The task that asks backtracking for a completion of the student's attempt: the placed pieces kept (option
 * `placed`), or the walk so far as a tour's beginning (option `prefix`, Warnsdorff's ordering first).
 */
export function hintTask(task: Task, attempt: Attempt): Task {
  const budget = { maxTimeMs: HINT_MS };
  if (attempt.kind === 'placement' || task.problem.kind === 'placement') {
    const pieces = attempt.kind === 'placement' ? attempt.pieces : [];
    return { ...task, goal: 'one', strategy: 'backtracking', budget, options: pieces.length ? { placed: pieces.join('-') } : {} };
  }
  const path = attempt.path;
  const problem = path.length > 0 ? { ...task.problem, start: path[0]! } : task.problem;
  return { ...task, problem, goal: 'one', strategy: 'backtracking', budget, options: { ordering: 'warnsdorff-roth', ...(path.length > 1 ? { prefix: path.join('-') } : {}) } };
}

/** What is wrong before any search: a hint for a position with attacking pieces starts with the conflict. */
export function hintBeforeSearch(puzzle: Puzzle, attempt: Attempt): Hint | undefined {
  if (attempt.kind !== 'placement') return undefined;
  const report = validatePlacement(puzzle.board, puzzle.piece, attempt.pieces);
  const first = report.conflicts[0];
  if (first) return { text: `First mend the conflict: ${first.message}. No solution keeps both.` };
  if (puzzle.k !== undefined && attempt.pieces.length >= puzzle.k) return { text: 'All the pieces are on the board.' };
  return undefined;
}

/** The next square from the strategy's answer, or why there is none. */
export function hintFrom(puzzle: Puzzle, attempt: Attempt, result: Result): Hint {
  const { board } = puzzle;
  if (result.status === 'solved') {
    const solution = result.solutions[0]!;
    if (solution.kind === 'placement' && attempt.kind === 'placement') {
      const next = solution.squares.find((sq) => !attempt.pieces.includes(sq));
      return next === undefined ? { text: 'Your placement is already a solution.' } : { square: next, text: `Try ${board.name(next)}: a solution keeps your pieces and has one there.` };
    }
    if (solution.kind === 'tour' && attempt.kind === 'tour') {
      const next = solution.path[attempt.path.length];
      if (next === undefined) return { text: 'Your walk is already a tour.' };
      return attempt.path.length === 0
        ? { square: next, text: `Start on ${board.name(next)}: a tour starts there.` }
        : { square: next, text: `Go to ${board.name(next)}: a tour goes on from there.` };
    }
  }
  if (result.status === 'impossible') {
    return { text: attempt.kind === 'placement' ? `No solution keeps these pieces: take one back. (${pageWords(result.reason)})` : `No tour goes on from this walk: take moves back. (${pageWords(result.reason)})` };
  }
  return { text: `The search found no way on within ${HINT_MS / 1000} seconds; try taking a move back.` };
}
