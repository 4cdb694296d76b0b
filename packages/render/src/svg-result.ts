import type { Board, Piece, Result } from '@bezzel/core';
import { solutionSvgChunks, type SvgOptions } from './svg.js';
import { renderDominationResultSvg } from './svg-domination.js';

// A result drawn: the one place that knows both kinds of drawing (a dominating set's shading, a placement's or a
// tour's), so that neither drawing needs the other.

/** The result's first solution, or the best arrangement a stopped run reached; undefined when there is nothing to draw. */
export function resultSvgChunks(board: Board, piece: Piece, result: Result, options: SvgOptions = {}): Iterable<string> | undefined {
  if (result.task.problem.kind === 'dominate') {
    // A dominating set's drawing shades every square: bounded by the board, at most MAX_SVG_SQUARES of them.
    const svg = renderDominationResultSvg(board, piece, result, options);
    return svg === undefined ? undefined : [svg];
  }
  const solution =
    'solutions' in result && result.solutions && result.solutions.length > 0 ? result.solutions[0]
    : result.status === 'budget' || result.status === 'aborted' ? result.partial?.best
    : undefined;
  return solution && solutionSvgChunks(board, piece, solution, options);
}

/** {@link resultSvgChunks} as one string. */
export function renderResultSvg(...args: Parameters<typeof resultSvgChunks>): string | undefined {
  const chunks = resultSvgChunks(...args);
  return chunks && [...chunks].join('');
}
