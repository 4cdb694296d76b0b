import { Board, type Bezzel, type Piece, type Result, type Solution, type Task } from '@bezzel/core';
import { headline, renderArrayForm, renderBoard, renderResultSvg, renderSquareList, renderStats, renderTourGrid, resultToJSON, solutionToJSON, stringify } from '@bezzel/render';
import { drawingOf, emitDrawing } from './drawing.js';
import { EXIT } from './exit.js';
import { onInterrupt } from './interrupt.js';
import type { CommonOptions } from './options.js';

/** Writes to stdout; every renderer returns strings and this is the one place that prints them. */
export const out = (text: string) => process.stdout.write(`${text}\n`);

/** A solution in text: the board (or tour grid) and the line forms a user can paste into `check`. */
export function renderSolution(board: Board, piece: Piece, solution: Solution, options: Pick<CommonOptions, 'ascii'>): string {
  const lines: string[] = [];
  if (solution.kind === 'placement') {
    const drawn = renderBoard(board, piece, solution.squares, options);
    lines.push(drawn ?? `(a ${board} board is too large to draw; use --format json for the squares)`);
    const array = solution.squares.length <= 200 ? renderArrayForm(board, solution.squares) : undefined;
    if (array) lines.push(`array form (row of each column, from a): ${array}`);
    else if (solution.squares.length <= 200) lines.push(`squares: ${renderSquareList(board, [...solution.squares].sort((a, b) => a - b))}`);
  } else {
    const grid = renderTourGrid(board, solution.path);
    lines.push(grid ?? `(a ${board} tour is too large to draw; use --format json for the path)`);
    if (solution.path.length <= 2500) lines.push(`tour: ${renderSquareList(board, solution.path)}`);
    lines.push(solution.closed ? 'closed: the last square is one move from the first' : 'open tour');
  }
  return lines.join('\n');
}

/** Exit code of a result. */
export function exitCode(result: Result): number {
  switch (result.status) {
    case 'solved':
    case 'complete':
    case 'impossible':
      return EXIT.answered;
    case 'budget':
      return EXIT.budget;
    case 'aborted':
      return EXIT.interrupted;
  }
}

/**
 * Solves a task and prints it. Goal `all` streams: each solution is printed as it is found (text) or as one JSON
 * line (json), then the final result; nothing holds every solution. Ctrl-C aborts the search cleanly and the
 * partial result is printed; a second Ctrl-C exits at once.
 */
export async function solveAndPrint(bezzel: Bezzel, task: Task, options: CommonOptions): Promise<number> {
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const { board, piece } = instance.value;
  const k = instance.value.kind === 'tour' ? undefined : instance.value.k;

  const controller = new AbortController();
  const stopListening = onInterrupt(controller);
  let streamed = 0;
  const drawing = drawingOf(options);
  const onSolution = (solution: Solution) => {
    streamed++;
    if (drawing) return;
    if (options.format === 'json') out(stringify({ solution: solutionToJSON(board, solution) }));
    else if (!options.quiet) out(`Solution ${streamed}:\n${renderSolution(board, piece, solution, options)}\n`);
  };
  let result: Result;
  try {
    result = await bezzel.solve(task, { signal: controller.signal, onSolution });
  } finally {
    stopListening();
  }
  printResult(board, piece, result, options, k);
  return exitCode(result);
}

export function printResult(board: Board, piece: Piece, result: Result, options: CommonOptions, k?: number): void {
  if (drawingOf(options)) {
    emitDrawing(renderResultSvg(board, piece, result, { title: headline(board, piece, result, k) }), `the result (${result.status})`, options);
    // With the drawing in a file, stdout still says what was found.
    if (options.out !== undefined) out(`${headline(board, piece, result, k)}\n${renderStats(result)}`);
    return;
  }
  if (options.format === 'json') {
    out(stringify(resultToJSON(board, result)));
    return;
  }
  out(headline(board, piece, result, k));
  if (!options.quiet) {
    const shown = 'solutions' in result && result.solutions ? result.solutions : [];
    for (const solution of shown) out(renderSolution(board, piece, solution, options));
    if ((result.status === 'budget' || result.status === 'aborted') && result.partial?.best) {
      out(`best arrangement reached:\n${renderSolution(board, piece, result.partial.best, options)}`);
    }
  }
  out(renderStats(result));
}
