import type { Board } from './board.js';
import { fail, ok, type Parsed } from './errors.js';

/**
 * Reads an arrangement as a user writes it: the array form `0 4 6 3 7 2 5 1` or `[0,4,6,…]` (entry c is the
 * row of the piece in column c, 0-based; `-` or `.` for an empty column), or a square list `a1,d4,…` / `(0,0) (3,3)`.
 * Square lists keep their order, so the same reader serves tours.
 */
export function parseArrangement(board: Board, text: string): Parsed<number[]> {
  const body = text.trim().replace(/^\[|\]$/g, '').trim();
  if (body === '') return fail('ERR_ARRANGEMENT', 'the arrangement is empty');
  if (/^[\d\s,.\-]+$/.test(body) && !/\d\s*,\s*\d+\s*\)/.test(body)) {
    const tokens = body.split(/[\s,]+/).filter(Boolean);
    if (tokens.length > board.width) {
      return fail('ERR_ARRANGEMENT', `the array form has ${tokens.length} entries but the board has ${board.width} columns`);
    }
    const squares: number[] = [];
    for (const [col, token] of tokens.entries()) {
      if (token === '-' || token === '.') continue;
      const row = Number(token);
      if (!Number.isInteger(row) || row < 0 || row >= board.height) {
        return fail('ERR_ARRANGEMENT', `entry ${col + 1} of the array form is "${token}": a row must be from 0 to ${board.height - 1}`);
      }
      squares.push(row * board.width + col);
    }
    return ok(squares);
  }
  const tokens = body.match(/\(\s*\d+\s*,\s*\d+\s*\)|[^\s,;]+/g) ?? [];
  const squares: number[] = [];
  for (const token of tokens) {
    const sq = board.parseSquare(token);
    if (!sq.ok) return fail('ERR_ARRANGEMENT', sq.error.message);
    squares.push(sq.value);
  }
  return ok(squares);
}
