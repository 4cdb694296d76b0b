import type { Task } from '@bezzel/core';
import type { Capability } from './capability.js';

/**
 * The queue of sums: one job per count whose sub-tasks have all returned, taken by any worker, which checks every
 * result against the count's own split and writes the answer (or sends forged results back to run again).
 */
export const COUNTS = 'counts';

/** How long a finished count stays on the queue, unless its submitter said otherwise: a week. */
export const DEFAULT_KEEP_MS = 7 * 24 * 3600 * 1000;

/** The longest retention a count may ask for: a year. */
export const MAX_KEEP_MS = 366 * 24 * 3600 * 1000;

/** How long a cancelled count's record stays, so a waiting client can say "cancelled" rather than "gone": a day. */
export const CANCELLED_KEEP_MS = 24 * 3600 * 1000;

/** Each count's sub-tasks wait on a BullMQ queue of their own: removing a count is removing its queue. */
export const countQueueOf = (id: string): string => `count-${id}`;

/**
 * A count's record (`prefix:bezzel:count:<id>`, field `data`): what was asked, how it was split, what its
 * sub-tasks need and how long to keep it. Authenticated by the field `mac`. The sub-tasks are not in it: every
 * worker cuts them again from `task` and `parts` with the count's strategy, and takes each sub-task's task, key and
 * weight from its own cut, never from a job.
 */
export interface CountJobData {
  readonly task: Task;
  readonly strategy: string;
  /** The split: the parts asked for, and the sub-tasks the strategy cut. */
  readonly parts: number;
  readonly subTasks: number;
  /** The bezzel version that split the count, and what its sub-tasks need. */
  readonly bezzel: string;
  readonly capability: Capability;
  /** Milliseconds a finished count is kept before it is removed. */
  readonly keepMs: number;
}

/**
 * A sub-task's job data: which count and which of its sub-tasks, the key and weight (for people reading the
 * dashboard; workers take both from their own split), and a MAC over all four. The job id is `<count>.<index>`
 * (`.r<round>` for a sub-task sent back to run again), and the index a worker runs comes from the id.
 */
export interface SubTaskJobData {
  readonly count: string;
  readonly index: number;
  readonly key: string;
  readonly weight: number;
  readonly mac: string;
}

/** A sum job's data: which count, and which round (a count whose forged results were run again sums again). */
export interface SumJobData {
  readonly count: string;
  readonly round: number;
}

/**
 * A sub-task's result as its count's results hash keeps it (field: the index): its own counts (unweighted,
 * decimal), nodes, the worker, whether it was a rerun, and a MAC binding them to the count, index and key.
 */
export interface ResultEntry {
  readonly count: string;
  readonly fundamental?: string;
  readonly nodes: number;
  readonly worker: string;
  readonly rerun: boolean;
  readonly mac: string;
}

/** A count's answer once every sub-task's result has been checked: the sums, as decimal strings. */
export interface CountReturn {
  readonly count: string;
  readonly fundamental?: string;
  readonly nodes: number;
  readonly subTasks: number;
  /** Distinct workers that ran sub-tasks. */
  readonly workers: readonly string[];
  /** Sub-tasks that ran more than once (a worker died or a run failed) and were still counted once. */
  readonly reruns: number;
  /** Results or job data found forged or altered in Redis: refused, and their sub-tasks run again. */
  readonly refused: number;
}
