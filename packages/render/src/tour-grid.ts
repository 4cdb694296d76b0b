import type { Board } from '@bezzel/core';
import { MAX_DRAWN_WIDTH } from './text-board.js';

/** The numbered tour grid: each square shows the step (from 1) at which the tour visits it. */
export function renderTourGrid(board: Board, path: ArrayLike<number>): string | undefined {
  if (board.width > MAX_DRAWN_WIDTH || board.height > MAX_DRAWN_WIDTH) return undefined;
  const step = new Int32Array(board.size);
  for (let i = 0; i < path.length; i++) step[path[i]!] = i + 1;
  const cell = Math.max(String(path.length).length, board.algebraic ? 1 : String(board.width - 1).length);
  const rankWidth = String(board.height).length;
  const lines: string[] = [];
  for (let row = board.height - 1; row >= 0; row--) {
    const cells: string[] = [];
    for (let col = 0; col < board.width; col++) {
      const sq = board.at(row, col);
      cells.push((board.isRemoved(sq) ? '' : step[sq] ? String(step[sq]) : '·').padStart(cell));
    }
    lines.push(`${String(row + 1).padStart(rankWidth)} ${cells.join(' ')}`);
  }
  const files = Array.from({ length: board.width }, (_, col) => board.fileName(col).padStart(cell));
  lines.push(`${' '.repeat(rankWidth)} ${files.join(' ')}`);
  return lines.join('\n');
}
