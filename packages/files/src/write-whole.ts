import { WriteFailure } from '@bezzel/core';
import { closeSync, fchmodSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** What a file is made of: a text, bytes, or pieces of either written one after the other (never joined into one). */
export type Content = string | Uint8Array | Iterable<string | Uint8Array>;

/** Text pieces are gathered into writes of about this many characters. */
const BATCH = 1 << 16;

let written = 0;

/**
 * Writes `content` to `path` whole: into a temporary file beside it (`.name.pid-n.tmp`), then renamed over it, so a
 * reader sees the old file or the new one, and a failure — a full disk, a folder without permission, a read-only
 * file system — leaves neither a 0-byte nor a partial file: the temporary one is removed and a {@link WriteFailure}
 * naming `where` (the file as the user gave it) is thrown. A file that is already there keeps its permissions; a
 * symbolic link is written through. A device or a pipe (`/dev/null`, `/dev/stdout`) cannot be replaced, so it is
 * written to directly.
 */
export function writeWhole(path: string, content: Content, where: string = path): void {
  const existing = statOrUndefined(path);
  if (existing && !existing.isFile()) {
    if (existing.isDirectory()) throw new WriteFailure(where, { code: 'EISDIR' });
    writeDirectly(path, content, where);
    return;
  }
  const target = existing ? realpathSync(path) : path;
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}-${++written}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(temporary, 'wx', 0o666);
    if (existing) fchmodSync(fd, existing.mode & 0o7777);
    writeAll(fd, content);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, target);
  } catch (error) {
    if (fd !== undefined) closeQuietly(fd);
    removeQuietly(temporary);
    throw asWriteFailure(error, where);
  }
}

/** Writes every piece of `content` to an open file, batching small text pieces. */
export function writeAll(fd: number, content: Content): void {
  if (typeof content === 'string' || content instanceof Uint8Array) {
    writeFully(fd, content);
    return;
  }
  let batch = '';
  for (const piece of content) {
    if (typeof piece === 'string') {
      batch += piece;
      if (batch.length < BATCH) continue;
      writeFully(fd, batch);
      batch = '';
    } else {
      if (batch.length > 0) writeFully(fd, batch);
      batch = '';
      writeFully(fd, piece);
    }
  }
  if (batch.length > 0) writeFully(fd, batch);
}

/** writeSync until every byte is out: a write may take fewer bytes than it was given (a pipe, a signal). */
function writeFully(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, Math.min(bytes.length - done, 1 << 30));
}

function writeDirectly(path: string, content: Content, where: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'w');
    writeAll(fd, content);
    closeSync(fd);
  } catch (error) {
    if (fd !== undefined) closeQuietly(fd);
    throw asWriteFailure(error, where);
  }
}

/**
 * The system's refusal (an error with a syscall and a code: ENOSPC, EACCES…) as a {@link WriteFailure} naming
 * `where`; anything else — a bug in what produced the content, a usage error — goes on as it is.
 */
export function asWriteFailure(error: unknown, where: string): unknown {
  const e = error as { syscall?: unknown; code?: unknown } | null;
  return typeof e?.syscall === 'string' && typeof e.code === 'string' ? new WriteFailure(where, error) : error;
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

export function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already failed: the write's error is the one to report.
  }
}

export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Never made, or already gone.
  }
}
