import { inert } from '@bezzel/core';

/** The system's reasons in words, for the failures a write can meet. */
const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file would be too large',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'the file system is read-only',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ENOENT: 'no such file or folder, or it cannot be made there',
  EIO: 'an input/output error on the device',
  EBADF: 'the output is closed',
  EPIPE: 'the reader has gone',
};

/** An answer that could not be written: exit code 74 (EXIT.output), one line naming where and why. */
export class OutputFailure extends Error {
  override readonly name = 'OutputFailure';
  constructor(where: string, error: unknown) {
    super(`cannot write ${inert(where)}: ${systemReason(error)}`);
  }
}

/** `no space left on the device (ENOSPC)`: the reason in words, with the code a search engine knows. */
export function systemReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && REASONS[code]) return `${REASONS[code]} (${code})`;
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return code ? `${message} (${code})` : message;
}

let reported = false;

/**
 * Says once that standard output failed. The same failure reaches us twice — as the stream's 'error' event and
 * as the exception the write threw into the command — and a user should read it once.
 */
export function reportStdoutFailure(error: unknown): void {
  if (reported) return;
  reported = true;
  process.stderr.write(`bezzel: ${new OutputFailure('to standard output', error).message}\n`);
}

/** Whether an error is a failed write to a file or a stream (as opposed to a bug that happens to have a code). */
export function isWriteFailure(error: unknown): boolean {
  const e = error as NodeJS.ErrnoException | undefined;
  return e?.syscall === 'write' && typeof e.code === 'string';
}
