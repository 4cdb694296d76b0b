/** The exit codes scripts can rely on. */
export const EXIT = {
  /** An answer: a solution, a count, or a proof that none exists. */
  answered: 0,
  /** `check` found the arrangement invalid. */
  invalid: 1,
  /** The user's mistake: bad option, unknown piece, malformed arrangement. */
  usage: 2,
  /** The step or time budget ran out with no answer. */
  budget: 3,
  /** A sub-task of a split count failed (on a worker thread or a queue worker): no count is given. */
  failed: 4,
  /** A strategy's answer failed the core's check (an invalid solution, impossible counts): nothing is printed. */
  rejected: 5,
  /** The count on the queue was cancelled (by `bezzel cancel`) while this command waited for it: no count is given. */
  cancelled: 6,
  /** The queue's Redis cannot be reached (nothing listens at the address, or it stopped answering): try again later. */
  unavailable: 69,
  /**
   * The answer could not be written: a full disk, a file that cannot be written, a device that fails (sysexits'
   * EX_IOERR). One line names where and the system's reason. A reader that closes early (`| head`) is not this:
   * the command then stops quietly with 0.
   */
  output: 74,
  /** A bug in Bezzel or a plugin (a strategy that threw); `BEZZEL_DEBUG=1` prints where. */
  internal: 70,
  /** Stopped by Ctrl-C (128 + SIGINT). */
  interrupted: 130,
} as const;

/** Commands report their exit code through this instead of process.exitCode, so main can run many times in one process. */
export type SetExit = (code: number) => void;
