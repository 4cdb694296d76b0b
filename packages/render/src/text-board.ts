import type { Board, Piece } from '@bezzel/core';

/** How a text board is drawn. */
export interface BoardStyle {
  /** Letters (`Q`, `N`) instead of chess glyphs, for terminals without them. */
  readonly ascii?: boolean;
}

/** Boards wider than this are not drawn as text: nobody reads a thousand-column board. */
export const MAX_DRAWN_WIDTH = 64;

/**
 * The text board: rank numbers on the left, files under it, rank 1 at the bottom. Empty squares are `·`,
 * removed squares a blank. Returns undefined for boards too large to draw.
 */
export function renderBoard(board: Board, piece: Piece, squares: readonly number[], style: BoardStyle = {}): string | undefined {
  if (board.width > MAX_DRAWN_WIDTH || board.height > MAX_DRAWN_WIDTH) return undefined;
  const glyph = style.ascii ? piece.symbols.ascii : piece.symbols.unicode;
  const occupied = new Set(squares);
  const cell = board.algebraic ? 1 : String(board.width - 1).length;
  const rankWidth = String(board.height).length;
  const lines: string[] = [];
  for (let row = board.height - 1; row >= 0; row--) {
    const cells: string[] = [];
    for (let col = 0; col < board.width; col++) {
      const sq = board.at(row, col);
      const mark = board.isRemoved(sq) ? ' ' : occupied.has(sq) ? glyph : '·';
      cells.push(mark.padStart(cell));
    }
    lines.push(`${String(row + 1).padStart(rankWidth)} ${cells.join(' ')}`);
  }
  const files = Array.from({ length: board.width }, (_, col) => board.fileName(col).padStart(cell));
  lines.push(`${' '.repeat(rankWidth)} ${files.join(' ')}`);
  return lines.join('\n');
}
