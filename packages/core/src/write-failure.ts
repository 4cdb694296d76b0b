import { inert } from './inert.js';

/** The system's reasons in words, for the failures a write can meet (the code stays beside them for a search engine). */
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
  EEXIST: 'something else is already there',
  EIO: 'an input/output error on the device',
  EBADF: 'the output is closed',
  EPIPE: 'the reader has gone',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open on the system',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
};

/** `no space left on the device (ENOSPC)`: the system's reason in words, with the code, never Node's own wording. */
export function systemReason(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && REASONS[code]) return `${REASONS[code]} (${code})`;
  if (typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)) return `the system refused (${code})`;
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return inert(message, { max: 200 });
}

/**
 * A file (or a stream) that could not be written: a full disk, a folder without permission, a read-only file
 * system. The CLI gives it exit code 74, one line naming where and why. Thrown by the writer every file goes
 * through (`@bezzel/files`), and let through by the core when a strategy throws it (its spill files), like a
 * usage error: it is not the strategy's bug.
 */
export class WriteFailure extends Error {
  /** The class's name, readable where `instanceof` is not (another thread, another copy of the package). */
  override readonly name = 'WriteFailure';
  /** The system's code (`ENOSPC`), when there was one. */
  readonly code: string | undefined;
  /** Why, in words: `no space left on the device (ENOSPC)`. */
  readonly reason: string;
  constructor(
    /** The file as the user named it, or what it is for (`to standard output`). */
    readonly where: string,
    /** The failure, or its reason already in words. */
    error: unknown,
    /** A second sentence: what was kept, what to do. */
    readonly advice?: string,
  ) {
    const reason = typeof error === 'string' ? error : systemReason(error);
    super(`cannot write ${inert(where)}: ${reason}${advice ? `; ${advice}` : ''}`);
    this.reason = reason;
    const code = (error as { code?: unknown } | undefined)?.code;
    this.code = typeof code === 'string' ? code : /\((E[A-Z0-9]+)\)$/.exec(reason)?.[1];
  }
}

/** Whether a write failed for want of room (a full disk, a quota, a file size limit): freeing some lets it go on. */
export const outOfRoom = (failure: WriteFailure): boolean => failure.code === 'ENOSPC' || failure.code === 'EDQUOT' || failure.code === 'EFBIG';

/** Whether an error, from this thread or rebuilt from another, is a {@link WriteFailure}. */
export const isWriteFailure = (error: unknown): error is WriteFailure => error instanceof WriteFailure || (error as { name?: unknown } | null)?.name === 'WriteFailure';
