import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Sizes for `readBounded`: more than any real key, certificate or spec holds. */
export const MiB = 1024 * 1024;

/**
 * A file the user named, read as text, but never more than `limit` bytes: a device that never ends (`/dev/zero`,
 * `/dev/full`, `/dev/urandom`) or a file far larger than any the option could mean is refused with an Error
 * whose message says so, instead of reading until memory runs out. A pipe (`--password-file <(pass show …)`)
 * still works: it is read until it ends. Errors of the system (ENOENT, EISDIR, EACCES) are thrown as they come.
 */
export function readBounded(path: string, limit: number): string {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read`), { code: 'EISDIR' });
    if (stat.isFile() && stat.size > limit) throw new Error(tooLarge(limit));
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, limit + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > limit) throw new Error(tooLarge(limit));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function tooLarge(limit: number): string {
  const size = limit >= MiB ? `${Math.round(limit / MiB)} MiB` : `${Math.round(limit / 1024)} KiB`;
  return `it holds more than ${size}, more than it could mean (a device such as /dev/zero never ends)`;
}
