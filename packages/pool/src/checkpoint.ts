import { checkTextNesting, inert, outOfRoom, systemReason, UsageError, WriteFailure, type Task } from '@bezzel/core';
import { appendWhole, writeWhole } from '@bezzel/files';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { KeyedSubTask } from './plan.js';
import type { SubCount } from './tally.js';

/** The first line of a checkpoint file: which task it belongs to and how it was split. */
export interface CheckpointHeader {
  readonly bezzel: 'checkpoint';
  readonly version: 1;
  readonly task: Task;
  readonly strategy: string;
  readonly parts: number;
  readonly subTasks: number;
  /**
   * A digest of every sub-task's key and weight: a strategy whose split changed (a new version of it) cannot
   * resume a checkpoint written under the old one, even with as many sub-tasks.
   */
  readonly split?: string;
}

/** One finished sub-task: its key (the pre-placed rows), weight and unweighted counts. */
export type CheckpointEntry = SubCount;

/**
 * A line as the file keeps it: the entry and a digest of it with the count's split, so that a line edited by
 * hand or damaged on disk is caught (it is counted again), not added. It guards against accidents, not against
 * someone who recomputes the digest; the count's bound ({@link placementCountBound}) catches numbers that
 * cannot be, however they were written.
 */
type CheckpointLine = CheckpointEntry & { readonly check: string };

function digestOf(split: string | undefined, entry: CheckpointEntry): string {
  const fields = [split ?? '', entry.key, entry.weight, entry.count, entry.fundamental ?? '', entry.nodes];
  return createHash('sha256').update(fields.join('\t')).digest('hex').slice(0, 16);
}

/** The parts of a task that identify it: a resumed run must be the same count. */
function identity(task: Task): string {
  return JSON.stringify({ problem: task.problem, goal: task.goal, options: task.options ?? {} });
}

/**
 * A JSON-lines file of finished sub-tasks, appended as each one completes, so a count that is stopped or
 * crashes loses only the sub-tasks in flight. A torn last line (a crash mid-write) is ignored.
 */
export class Checkpoint {
  readonly done = new Map<string, CheckpointEntry>();
  /** Lines that failed their digest (or their bound): their sub-tasks run again, and the run says so. */
  rejected = 0;

  private constructor(
    readonly path: string,
    readonly header: CheckpointHeader,
  ) {}

  /** How many parts an existing checkpoint was split for (a resumed count keeps its split), if any. */
  static partsOf(path: string): number | undefined {
    if (!existsSync(path)) return undefined;
    try {
      const header = JSON.parse(readFileSync(path, 'utf8').split('\n', 1)[0]!) as Partial<CheckpointHeader>;
      return Number.isSafeInteger(header.parts) && header.parts! > 0 ? header.parts : undefined;
    } catch {
      return undefined;
    }
  }

  /** Opens an existing checkpoint of the same task and split, or starts a new one with `fresh`'s header. */
  static open(path: string, fresh: CheckpointHeader): Checkpoint {
    const text = asUsage(path, () => (existsSync(path) ? readCheckpoint(path) : ''));
    if (text.trim() === '') {
      writeWhole(path, JSON.stringify(fresh) + '\n');
      return new Checkpoint(path, fresh);
    }
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    let header: CheckpointHeader;
    // The header is read whole (its task compared, quoted): one nested past reason would run them out of stack.
    checkTextNesting(lines[0]!, `--checkpoint ${path}: its first line`, 'ERR_OPTION');
    try {
      header = JSON.parse(lines[0]!) as CheckpointHeader;
    } catch {
      throw new UsageError('ERR_OPTION', `${path} is not a bezzel checkpoint file`);
    }
    if (header?.bezzel !== 'checkpoint' || header.version !== 1 || typeof header.task !== 'object' || header.task === null || typeof header.task.problem !== 'object' || header.task.problem === null) {
      throw new UsageError('ERR_OPTION', `${path} is not a bezzel checkpoint file`);
    }
    const differs = mismatch(path, header, fresh);
    if (differs) throw new UsageError('ERR_OPTION', differs);
    const checkpoint = new Checkpoint(path, header);
    for (const line of lines.slice(1)) {
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        // A line torn by a crash: that sub-task runs again.
        continue;
      }
      // A line that is not a finished sub-task, or whose digest does not match (edited by hand, damaged, another
      // program's), is not counted: its sub-task runs again rather than a bad number entering the count.
      if (isEntry(entry) && (entry as Partial<CheckpointLine>).check === digestOf(header.split, entry)) {
        const { check: _check, ...plain } = entry as CheckpointLine;
        checkpoint.done.set(entry.key, plain);
      } else checkpoint.rejected++;
    }
    return checkpoint;
  }

  record(entry: CheckpointEntry): void {
    const line: CheckpointLine = { ...entry, check: digestOf(this.header.split, entry) };
    try {
      appendWhole(this.path, JSON.stringify(line) + '\n');
    } catch (error) {
      if (!(error instanceof WriteFailure)) throw error;
      throw new WriteFailure(this.path, error.reason, `the ${this.done.size} sub-task${this.done.size === 1 ? '' : 's'} it holds are kept: ${outOfRoom(error) ? 'make room' : 'make it writable'} and run the same command to go on from them`);
    }
    this.done.set(entry.key, entry);
  }
}

function isEntry(value: unknown): value is CheckpointEntry {
  const e = value as Partial<CheckpointEntry> | null;
  const digits = (x: unknown) => typeof x === 'string' && /^\d{1,400}$/.test(x);
  return (
    typeof e === 'object' && e !== null && typeof e.key === 'string' && digits(e.count) &&
    (e.fundamental === undefined || digits(e.fundamental)) && Number.isSafeInteger(e.weight) && e.weight! > 0 &&
    typeof e.nodes === 'number' && Number.isFinite(e.nodes) && e.nodes >= 0
  );
}

/**
 * The most a checkpoint file may hold: a line of about 200 bytes for each of at most a million sub-tasks
 * (`--parts` is at most a million), with room to spare. A larger file is no checkpoint of ours, and read whole it
 * would pass what a string may hold.
 */
export const MAX_CHECKPOINT_BYTES = 512 * 1024 * 1024;

function readCheckpoint(path: string): string {
  const size = statSync(path).size;
  if (size > MAX_CHECKPOINT_BYTES) throw new UsageError('ERR_OPTION', `--checkpoint ${path} holds ${size} bytes; a checkpoint holds at most ${MAX_CHECKPOINT_BYTES} (a line for each of at most a million sub-tasks): name another file`);
  return readFileSync(path, 'utf8');
}

/** A file the user named that cannot be read is their mistake to fix: one line saying why. */
function asUsage<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EISDIR' ? 'it is a folder, not a file' : code === 'ENOENT' ? 'its folder does not exist' : `it cannot be read: ${systemReason(error)}`;
    throw new UsageError('ERR_OPTION', `--checkpoint ${path}: ${why}`);
  }
}

/** The digest a header keeps of how a count was split. */
export function splitDigest(subTasks: readonly KeyedSubTask[]): string {
  const hash = createHash('sha256');
  for (const { key, sub } of subTasks) hash.update(`${key}\t${sub.weight}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * What differs between a checkpoint and the run that would resume it, said as what the file holds against what
 * the run would do, and how to go on: the command that wrote it (`--strategy bitboard`), or afresh in another file.
 */
function mismatch(path: string, file: CheckpointHeader, run: CheckpointHeader): string | undefined {
  const afresh = `or start afresh with another --checkpoint file (or remove ${inert(path)})`;
  if (identity(file.task) !== identity(run.task)) {
    return `${inert(path)} holds another count — ${describe(file.task)}; this run is ${describe(run.task)}: resume it with the command that wrote it, ${afresh}`;
  }
  const split = (h: CheckpointHeader) => `${h.subTasks} sub-tasks from ${h.parts} parts`;
  if (file.strategy !== run.strategy) {
    return `${inert(path)} was written by strategy ${inert(String(file.strategy))} (${split(file)}); this run would use ${run.strategy} (${split(run)}): resume it with --strategy ${inert(String(file.strategy))}, ${afresh}`;
  }
  if (file.subTasks !== run.subTasks || file.split !== run.split) {
    return `${inert(path)} was split by ${run.strategy} into ${split(file)}, and this version of it splits them ${file.subTasks !== run.subTasks ? `into ${run.subTasks}` : 'differently'}: it cannot be resumed by this version; start afresh with another --checkpoint file (or remove ${inert(path)})`;
  }
  return undefined;
}

/** A count as a user named it: piece, board, goal, and its options when it has any. */
function describe(task: Task): string {
  const p = task.problem as Partial<Task['problem']> & { board?: { width?: unknown; height?: unknown; torus?: unknown; removed?: unknown } };
  const board = `${String(p.board?.width)}×${String(p.board?.height)}${p.board?.torus ? ' torus' : ''}${Array.isArray(p.board?.removed) && p.board.removed.length > 0 ? ` less ${p.board.removed.length} squares` : ''}`;
  const k = (p as { k?: unknown }).k;
  const options = task.options && Object.keys(task.options).length > 0 ? `, options ${JSON.stringify(task.options)}` : '';
  return inert(`${String(p.piece)} on ${board}${k !== undefined ? `, k ${String(k)}` : ''}, goal ${String(task.goal)}${options}`, { max: 200 });
}
