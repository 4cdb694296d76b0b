/** Codes of the mistakes a user can make; the CLI turns each into one line and exit code 2. */
export type UsageErrorCode =
  | 'ERR_BOARD'
  | 'ERR_PIECE'
  | 'ERR_COUNT'
  | 'ERR_GOAL'
  | 'ERR_STRATEGY'
  | 'ERR_SQUARE'
  | 'ERR_ARRANGEMENT'
  | 'ERR_BUDGET'
  | 'ERR_OPTION'
  | 'ERR_PLUGIN'
  | 'ERR_QUEUE'
  | 'ERR_JOB'
  | 'ERR_NAME'
  | 'ERR_FOLDER';

/** A user's mistake: bad input, not a bug. Its message is one line meant for the user. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    readonly code: UsageErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Parsers return values, not exceptions (as chessops does): `ok` with the value, or the coded error. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: UsageError };

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = <T = never>(code: UsageErrorCode, message: string): Parsed<T> => ({
  ok: false,
  error: new UsageError(code, message),
});

/** Unwraps a parse result, throwing its UsageError; for callers that want exceptions. */
export function unwrap<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}
