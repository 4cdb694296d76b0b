import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file whole: to a temporary name beside it, then renamed over it, so a grader stopped part way (or a
 * full disk) leaves the old file or the new one, never half of one. Every file the grader writes goes through
 * here; it gives way to the command's one writer (issue 37) when that lands.
 */
export function saveWhole(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
