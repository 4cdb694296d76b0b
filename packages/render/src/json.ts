import type { Board, Result, Solution } from '@bezzel/core';
import { arrayForm } from './array-form.js';

/** A solution as JSON: square numbers, their names (boards up to 26 files), and the array form where it exists. */
export function solutionToJSON(board: Board, solution: Solution, names = true): Record<string, unknown> {
  if (solution.kind === 'placement') {
    const out: Record<string, unknown> = { kind: 'placement', squares: solution.squares };
    const rows = arrayForm(board, solution.squares);
    if (rows) out.array = rows;
    if (names && board.algebraic) out.names = solution.squares.map((sq) => board.name(sq));
    return out;
  }
  const out: Record<string, unknown> = { kind: 'tour', closed: solution.closed, path: Array.from(solution.path) };
  if (names && board.algebraic) out.names = Array.from(solution.path, (sq) => board.name(sq));
  return out;
}

/** The whole result as JSON-ready data: bigints become decimal strings, typed arrays plain arrays. */
export function resultToJSON(board: Board, result: Result): Record<string, unknown> {
  const { task, ...rest } = result;
  const out: Record<string, unknown> = { ...rest, problem: task.problem, goal: task.goal };
  if ('solutions' in result && result.solutions) out.solutions = result.solutions.map((s) => solutionToJSON(board, s));
  if (result.status === 'budget' || result.status === 'aborted') {
    const partial = result.partial;
    if (partial?.best) out.partial = { ...partial, best: solutionToJSON(board, partial.best) };
  }
  return out;
}

/** JSON.stringify that writes bigints as strings (JSON has no integers beyond 2⁵³). */
export function stringify(value: unknown, space?: number): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Int32Array ? Array.from(v) : v), space);
}
