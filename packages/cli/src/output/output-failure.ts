import { WriteFailure } from '@bezzel/core';

/** The system's reason in words (the core's), for messages that are not about a write. */
export { systemReason } from '@bezzel/core';

let reported = false;

/**
 * Says once that standard output failed. The same failure reaches us twice — as the stream's 'error' event and
 * as the exception the write threw into the command — and a user should read it once.
 */
export function reportStdoutFailure(error: unknown): void {
  if (reported) return;
  reported = true;
  process.stderr.write(`bezzel: ${new WriteFailure('to standard output', error).message}\n`);
}

/** Whether an error is a failed write to standard output (a raw system error from a stream, not our own file writer's). */
export function isStreamWriteFailure(error: unknown): boolean {
  const e = error as NodeJS.ErrnoException | undefined;
  return e?.syscall === 'write' && typeof e.code === 'string';
}
