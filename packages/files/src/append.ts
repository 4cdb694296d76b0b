import { closeSync, fstatSync, ftruncateSync, openSync } from 'node:fs';
import { asWriteFailure, closeQuietly, writeAll } from './write-whole.js';

/**
 * Adds `text` (whole lines) at the end of the file at `path`: a checkpoint's finished sub-task. When the write
 * fails part way (the disk filled), the file is cut back to the length it had, so it never ends in half a line,
 * and the core's `WriteFailure` naming `where` is thrown.
 */
export function appendWhole(path: string, text: string, where: string = path): void {
  let fd: number | undefined;
  let length: number | undefined;
  try {
    fd = openSync(path, 'a');
    length = fstatSync(fd).size;
    writeAll(fd, text);
    closeSync(fd);
  } catch (error) {
    if (fd !== undefined) {
      if (length !== undefined) {
        try {
          ftruncateSync(fd, length);
        } catch {
          // The line stays torn; a reader skips a torn last line.
        }
      }
      closeQuietly(fd);
    }
    throw asWriteFailure(error, where);
  }
}
