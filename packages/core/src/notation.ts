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
  const squares = parseSquareList(board, body);
  return squares.ok ? squares : fail('ERR_ARRANGEMENT', squares.error.message);
}

/**
 * A list of squares as a user writes it — `a1,d4`, `a1 d4`, `(0,0);(3,3)` — in the order given. Commas and
 * semicolons separate entries (an empty entry between two is a mistake, not nothing); spaces separate too;
 * `(row,col)` stays whole.
 */
export function parseSquareList(board: Board, text: string): Parsed<number[]> {
  const names = squareNames(text);
  if (!names.ok) return names;
  const squares: number[] = [];
  for (const name of names.value) {
    const sq = board.parseSquare(name);
    if (!sq.ok) return sq;
    squares.push(sq.value);
  }
  return ok(squares);
}

function squareNames(text: string): Parsed<string[]> {
  const fields: string[] = [''];
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return fail('ERR_SQUARE', `"${text}" has a ")" without its "("`);
    if (depth === 0 && (ch === ',' || ch === ';')) fields.push('');
    else fields[fields.length - 1] += ch;
  }
  if (depth > 0) return fail('ERR_SQUARE', `"${text}" has a "(" without its ")"`);
  const names: string[] = [];
  for (const field of fields) {
    // Spaces split a field into names too, outside parentheses.
    const words = field.trim() === '' ? [] : (field.trim().match(/\([^()]*\)|[^\s()]+/g) ?? []);
    if (words.length === 0) return fail('ERR_SQUARE', text.trim() === '' ? 'no squares given' : `"${text}" has an empty entry between separators`);
    names.push(...words);
  }
  return ok(names);
}

/** Squares as an option's text: numbers joined with "-", the form a pipeline hands on. */
export function encodeSquares(squares: ArrayLike<number>): string {
  return Array.from(squares).join('-');
}

/** An option's squares: numbers joined with "-" (as `encodeSquares` writes them), or any square list a user writes. */
export function decodeSquares(board: Board, text: string): Parsed<number[]> {
  if (/^\s*\d+(\s*-\s*\d+)*\s*$/.test(text)) {
    const squares = text.split('-').map((t) => Number(t.trim()));
    const off = squares.find((sq) => !Number.isSafeInteger(sq) || sq >= board.size || board.isRemoved(sq));
    return off === undefined ? ok(squares) : fail('ERR_SQUARE', `square ${off} is not on the ${board} board`);
  }
  return parseSquareList(board, text);
}
