import type { Board } from '@bezzel/core';
import { SVG_MAX_SQUARES } from './board-picture.js';

/**
 * What a reader must be told about a board that the drawing cannot say: how its squares are named when they are not
 * `a1`…`z26`, and that Warnsdorff's heat map is not drawn on a board this big (its box stays ticked, so it says why).
 */
export function boardNotes(board: Board, tour: boolean): string[] {
  const notes: string[] = [];
  if (tour && board.size > SVG_MAX_SQUARES) notes.push(`The heat map is drawn on boards of up to ${SVG_MAX_SQUARES.toLocaleString('en')} squares (32×32); this one has ${board.size.toLocaleString('en')}, too many to draw a number on each.`);
  if (!board.algebraic || Math.max(board.width, board.height) > 26) notes.push('Squares are named (row,col), both counted from 0: row 0 is the bottom rank, col 0 the left file.');
  return notes;
}
