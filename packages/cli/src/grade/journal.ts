/**
 * The grader's journal: each student's result written to `OUT/.progress/` the moment it is known, so a grading
 * stopped by anything (Ctrl-C, SIGKILL, a power cut) loses at most the runs in flight, and the same command
 * started again grades only the students not yet written. An entry counts only for the same assignment, the same
 * bezzel and the same submission files (names, sizes, times); the folder is removed once the reports are written.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { makeFolders, writeWhole } from '@bezzel/files';
import { join, relative } from 'node:path';
import type { StudentResult } from './student-result.js';
import { studentFile } from './names.js';

type Graded = Omit<StudentResult, 'rank'>;

export class Journal {
  readonly folder: string;

  constructor(
    out: string,
    /** What an entry must match: the assignment and the bezzel that graded it. */
    private readonly key: string,
  ) {
    this.folder = join(out, '.progress');
  }

  /** A student's result from an earlier start, if its assignment and files are the same. */
  find(student: string, submission: string): Graded | undefined {
    try {
      const entry = JSON.parse(readFileSync(this.path(student), 'utf8')) as { key?: unknown; files?: unknown; result?: Graded };
      if (entry.key !== this.key || entry.files !== fingerprint(submission) || entry.result?.student !== student) return undefined;
      return entry.result;
    } catch {
      return undefined;
    }
  }

  record(result: Graded, submission: string): void {
    makeFolders(this.folder);
    writeWhole(this.path(result.student), `${JSON.stringify({ key: this.key, files: fingerprint(submission), result })}\n`);
  }

  /** Whether an earlier start left entries (said on stderr when it resumes). */
  exists(): boolean {
    try {
      return readdirSync(this.folder).some((name) => name.endsWith('.json'));
    } catch {
      return false;
    }
  }

  clear(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }

  private path(student: string): string {
    return join(this.folder, `${studentFile(student)}.json`);
  }
}

/** The key of an assignment as graded by one bezzel. */
export function journalKey(spec: unknown, version: string): string {
  return createHash('sha256').update(JSON.stringify({ spec, version })).digest('hex');
}

/** A submission's files as one hash: each path, size and modification time (node_modules and .git aside). */
function fingerprint(folder: string): string {
  const hash = createHash('sha256');
  let count = 0;
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name === '.git' || ++count > 5000) continue;
      const path = join(dir, name);
      const info = lstatSync(path);
      hash.update(`${relative(folder, path)}\0${info.isDirectory() ? 'd' : `${info.size}:${info.mtimeMs}`}\0`);
      if (info.isDirectory()) walk(path);
    }
  };
  walk(folder);
  return hash.digest('hex');
}
