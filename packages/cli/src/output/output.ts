import { Board, lineSums, type Piece, type Result, type Solution, type Task } from '@bezzel/core';
import { headline, jsonChunks, renderArrayForm, renderBoard, renderLineSums, renderSquareList, renderStats, renderTourGrid, resultSvgChunks, resultToJSON, solutionToJSON } from '@bezzel/render';
import { drawingOf, emitDrawing } from './drawing.js';
import { statusLine } from './progress.js';
import { concat, out, writeOut, writeOutNow } from './write-out.js';

export { out, writeOut };
import { EXIT } from '../exit.js';
import { crossCheck } from '../solve/cross-check.js';
import { solveWatched, type SolveSetup } from '../solve/watched-solve.js';
import type { CommonOptions } from '../options/common-options.js';
import { writeNote } from './notes.js';

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
  // A count whose cross-check Ctrl-C stopped: the user stopped the command, and it did not do all it was asked.
  if (result.stats.extra?.crossCheck === CROSS_CHECK_STOPPED) return EXIT.interrupted;
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
export async function solveAndPrint(setup: SolveSetup, task: Task, options: CommonOptions): Promise<number> {
  const instance = setup.bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const { board, piece } = instance.value;
  const k = instance.value.kind === 'tour' ? undefined : instance.value.k;

  let streamed = 0;
  const drawing = drawingOf(options);
  const onSolution = (solution: Solution) => {
    streamed++;
    if (drawing) return;
    if (options.format === 'json') writeOutNow(concat(['{"solution":'], jsonChunks(solutionToJSON(board, solution)), ['}\n']));
    else if (!options.quiet) out(`Solution ${streamed}:\n${renderSolution(board, piece, solution, options)}\n`);
  };
  // Text answers streamed as they are found would interleave with a status line: it is for searches that print at the end.
  const status = task.goal === 'all' && options.format !== 'json' && !drawing ? undefined : statusLine(options.format);
  let solved: Result;
  try {
    solved = await solveWatched(setup, task, { onSolution, ...(status ? { onProgress: status.onProgress } : {}) });
  } finally {
    status?.stop();
  }
  const result = await withCrossCheck(setup, task, solved, options);
  await printResult(board, piece, result, options, k);
  return exitCode(result);
}

/** What a count's stats say when Ctrl-C stopped its cross-check (and its exit code is then 130). */
const CROSS_CHECK_STOPPED = 'stopped before it finished';

/**
 * A count, cross-checked when asked (or when it comes from a user's strategy and a bundled one recounts it
 * quickly); the check is noted in its stats. A check that could not finish is said on stderr.
 */
export async function withCrossCheck(setup: SolveSetup, task: Task, result: Result, options: Pick<CommonOptions, 'crossCheck'>): Promise<Result> {
  const check = await crossCheck(setup, task, result, options.crossCheck ?? false);
  if (!check) return result;
  if (!check.agreed) {
    writeNote(`bezzel: could not cross-check the count: ${check.why}`);
    return check.stopped ? { ...result, stats: { ...result.stats, extra: { ...result.stats.extra, crossCheck: CROSS_CHECK_STOPPED } } } : result;
  }
  return { ...result, stats: { ...result.stats, extra: { ...result.stats.extra, crossCheck: `${check.by} agrees` } } };
}

/** Prints a result in the format asked: text (headline, boards, stats), one JSON document, or a drawing. */
export async function printResult(board: Board, piece: Piece, result: Result, options: CommonOptions, k?: number): Promise<void> {
  if (drawingOf(options)) {
    await emitDrawing(resultSvgChunks(board, piece, result, { title: headline(board, piece, result, k) }), `the result (${result.status})`, options);
    // With the drawing in a file, stdout still says what was found.
    if (options.out !== undefined) out(`${headline(board, piece, result, k)}\n${renderStats(result)}`);
    return;
  }
  if (options.format === 'json') {
    await writeOut(concat(jsonChunks(resultToJSON(board, result)), ['\n']));
    return;
  }
  out(headline(board, piece, result, k));
  if (!options.quiet) {
    const shown = 'solutions' in result && result.solutions ? result.solutions : [];
    const magic = result.task.problem.kind === 'tour' && result.task.problem.magic !== undefined;
    for (const solution of shown) {
      out(renderSolution(board, piece, solution, options));
      // A magic tour's answer shows what makes it one: the core has checked these sums already.
      if (magic && solution.kind === 'tour') out(renderLineSums(board, lineSums(board, solution.path)));
    }
    if ((result.status === 'budget' || result.status === 'aborted') && result.partial?.best) {
      out(`best arrangement reached:\n${renderSolution(board, piece, result.partial.best, options)}`);
    }
  }
  out(renderStats(result));
}
