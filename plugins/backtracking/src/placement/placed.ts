import type { Board, OptionValue } from '@bezzel/core';
import { parseSquareList } from '../tour/prefix.js';

/**
 * The `placed` option of a placement task: pieces already on the board, as square numbers or names joined with
 * `-` (`a1-c2`), the notation of a tour's `prefix`. A student's position that a hint completes is one.
 * Empty when the option is absent; a UsageError with one line for a square that is not on the board.
 */
export function parsePlaced(value: OptionValue | undefined, board: Board): number[] {
  return (parseSquareList(value, board, 'placed', 'pieces on the board') ?? []).sort((a, b) => a - b);
}
