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
  | 'ERR_SPEC'
  | 'ERR_NAME'
  | 'ERR_FOLDER';

/** A user's mistake: bad input, not a bug. Its message is one line meant for the user. */
export class UsageError extends Error {
  /** The class's name, readable where `instanceof` is not (another thread, another copy of the package). */
  override readonly name = 'UsageError';
  constructor(
    /** What kind of mistake, for programs; the message is for people. */
    readonly code: UsageErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Parsers return values, not exceptions (as chessops does): `ok` with the value, or the coded error. */
export type Parsed<T> =
  | {
      /** It parsed. */
      readonly ok: true;
      /** What it parsed to. */
      readonly value: T;
    }
  | {
      /** It did not. */
      readonly ok: false;
      /** Why, in one line a user reads. */
      readonly error: UsageError;
    };

/** A successful parse of `value`. */
export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
/** A failed parse: the code and the one line a user reads. */
export const fail = <T = never>(code: UsageErrorCode, message: string): Parsed<T> => ({
  ok: false,
  error: new UsageError(code, message),
});

/** Unwraps a parse result, throwing its UsageError; for callers that want exceptions. */
export function unwrap<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}
