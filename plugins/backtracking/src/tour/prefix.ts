import { UsageError, type Board, type OptionValue } from '@bezzel/core';

/**
 * The `prefix` option of a tour task: the path's first squares, start included, joined with `-`. `split` writes
 * square numbers (`row * width + col`, so `0-11-22` on a 5×5 board is a1 b3 c5); square names are read too
 * (`a1-b3-c5`, or `(0,0)-(2,1)` beyond 26 files). An empty prefix means the whole task.
 */
export const PREFIX_SEPARATOR = '-';

export function formatPrefix(squares: readonly number[]): string {
  return squares.join(PREFIX_SEPARATOR);
}

/**
 * Reads a prefix option, or undefined when there is none. Every square must be a playable square of the board;
 * whether they make a path the search takes is the search's business (one it never takes has no tours).
 * Throws a {@link UsageError} with one line for anything else.
 */
export function parsePrefix(value: OptionValue | undefined, board: Board): number[] | undefined {
  return parseSquareList(value, board, "prefix", "a path's first squares");
}

/**
 * Squares joined with `-` (numbers or names) in an option called `name`, or undefined when it is absent or
 * empty; `what` says what the squares are, for the one-line error.
 */
export function parseSquareList(value: OptionValue | undefined, board: Board, name: string, what: string): number[] | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (text === '') return undefined;
  return text.split(PREFIX_SEPARATOR).map((token) => {
    const why = problemWith(token.trim(), board);
    if (typeof why === 'number') return why;
    throw new UsageError(
      'ERR_OPTION',
      `${name} "${text}" is not ${what} joined with "${PREFIX_SEPARATOR}" (numbers such as 0-11-22, or names such as a1-b3-c5): ${why}`,
    );
  });
}

/** The square a token names, or why it names none. */
function problemWith(token: string, board: Board): number | string {
  if (token === '') return 'a square is missing';
  if (!/^\d+$/.test(token)) {
    const named = board.parseSquare(token);
    return named.ok ? named.value : named.error.message;
  }
  const square = Number(token);
  if (square >= board.size) return `square ${token} is not on the ${board} board (its squares are 0 to ${board.size - 1})`;
  if (board.isRemoved(square)) return `square ${token} (${board.name(square)}) has been removed from the board`;
  return square;
}
