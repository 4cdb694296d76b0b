import { type Board, type DominationVariant, forEachAttack, type Piece, type Result } from '@bezzel/core';
import { MAX_SVG_SQUARES, renderPlacementSvg, type SvgOptions } from './svg.js';

/**
 * A dominating set drawn over its coverage: each square tinted by how many pieces cover it (one piece light,
 * more darker), squares left uncovered outlined in red, then the pieces on top.
 */
export function renderDominationSvg(board: Board, piece: Piece, squares: readonly number[], variant: DominationVariant = 'plain', options: SvgOptions = {}): string | undefined {
  const base = renderPlacementSvg(board, piece, squares, [], options);
  if (base === undefined || board.size > MAX_SVG_SQUARES) return undefined;
  const times = new Uint16Array(board.size);
  for (const sq of squares) {
    if (variant !== 'total') times[sq]!++;
    forEachAttack(board, piece, sq, () => false, (t) => times[t]!++);
  }
  const cell = Number(/width="(\d+)"/.exec(base)![1]) / board.width;
  const rects: string[] = ['<g>'];
  for (let sq = 0; sq < board.size; sq++) {
    if (board.isRemoved(sq)) continue;
    const x = board.col(sq) * cell;
    const y = (board.height - 1 - board.row(sq)) * cell;
    const n = times[sq]!;
    const fill = n === 0 ? 'fill="none" stroke="#d62728" stroke-width="3"' : `fill="#2e7dd7" fill-opacity="${Math.min(0.6, 0.2 + 0.1 * (n - 1)).toFixed(2)}"`;
    rects.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" ${fill}><title>${board.name(sq)}: ${n === 0 ? 'uncovered' : `covered ${n}×`}</title></rect>`);
  }
  rects.push('</g>');
  // The tint goes between the board and the pieces: just before the pieces' group.
  return base.replace('<g fill="#222222"', `${rects.join('\n')}\n<g fill="#222222"`);
}

/** The result of a domination problem: its set (or the best one a stopped run reached) over its coverage. */
export function renderDominationResultSvg(board: Board, piece: Piece, result: Result, options: SvgOptions = {}): string | undefined {
  const solution =
    'solutions' in result && result.solutions && result.solutions.length > 0 ? result.solutions[0]
    : result.status === 'budget' || result.status === 'aborted' ? result.partial?.best
    : undefined;
  const variant = result.task.problem.kind === 'dominate' ? (result.task.problem.variant ?? 'plain') : 'plain';
  return solution?.kind === 'placement' ? renderDominationSvg(board, piece, solution.squares, variant, options) : undefined;
}
