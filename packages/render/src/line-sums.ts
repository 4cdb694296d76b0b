import { diagonalName, type Board, type LineSums } from '@bezzel/core';
import { MAX_DRAWN_WIDTH } from './text-board.js';

/**
 * The sums of a numbered tour's lines, as `check` and a magic tour's answer print them: the rank, file and
 * diagonal sums (on boards small enough to draw), then the verdict — magic, semi-magic or neither, and why.
 */
export function renderLineSums(board: Board, sums: LineSums): string {
  const lines: string[] = [];
  if (board.width <= MAX_DRAWN_WIDTH && board.height <= MAX_DRAWN_WIDTH) {
    const last = board.height - 1;
    lines.push(`rank sums (${board.algebraic ? `1 to ${last + 1}` : `rows 0 to ${last}`}): ${sums.ranks.join(' ')}`);
    lines.push(`file sums (${board.fileName(0)} to ${board.fileName(board.width - 1)}): ${sums.files.join(' ')}`);
    const ends = (which: 'main' | 'anti') => diagonalName(board, which).replace(/^the (.*) diagonal$/, '$1');
    if (sums.diagonals) lines.push(`diagonal sums: ${ends('main')} ${sums.diagonals[0]}, ${ends('anti')} ${sums.diagonals[1]}`);
  }
  lines.push(verdict(board, sums));
  return lines.join('\n');
}

function verdict(board: Board, sums: LineSums): string {
  const { targets } = sums;
  const target = targets.rank === targets.file ? `${targets.rank}` : `${targets.rank} (ranks) and ${targets.file} (files)`;
  if (!Number.isInteger(targets.rank) || !Number.isInteger(targets.file)) {
    return `neither magic nor semi-magic: on ${board} a line would have to sum to ${target}, not a whole number`;
  }
  if (sums.magic) return `magic: every rank, every file and both long diagonals sum to ${target}`;
  const missed = (from: number) =>
    sums.misses
      .slice(from, from + 3)
      .map((m) => `${m.line} sums to ${m.sum}`)
      .join(', ') + (sums.missCount - from > 3 ? `, and ${sums.missCount - from - 3} more` : '');
  if (sums.semiMagic) {
    return sums.diagonals ? `semi-magic: every rank and file sums to ${target}, but not both long diagonals (${missed(0)})` : `semi-magic: every rank and file sums to ${target}`;
  }
  return `neither magic nor semi-magic: the lines should sum to ${target}; ${missed(0)}`;
}
