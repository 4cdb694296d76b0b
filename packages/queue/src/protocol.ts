import type { Task } from '@bezzel/core';
import type { SubCount } from '@bezzel/pool';
import type { Capability } from './capability.js';

/**
 * The queue of counts: one job per count, the parent of its sub-tasks. The sub-tasks go to a queue of their
 * capability (see capability.ts), so a worker only ever takes sub-tasks it can run.
 */
export const COUNTS = 'counts';

/** How long a finished count stays on the queue, unless its submitter said otherwise: a week. */
export const DEFAULT_KEEP_MS = 7 * 24 * 3600 * 1000;

/** A count's job: what was asked, how it was split, what its sub-tasks need, and how long to keep it. */
export interface CountJobData {
  readonly task: Task;
  readonly strategy: string;
  /** The split: the parts asked for, and the sub-tasks the strategy cut. */
  readonly parts: number;
  readonly subTasks: number;
  /** The bezzel version that split the count, and what its sub-tasks need: the queue they wait on. */
  readonly bezzel: string;
  readonly capability: Capability;
  readonly subTaskQueue: string;
  /** Milliseconds a finished count is kept before workers remove it. */
  readonly keepMs: number;
}

/** A sub-task's job: a plain-JSON task, its weight and key. Its queue says which plugins it needs. */
export interface SubTaskJobData {
  readonly key: string;
  readonly weight: number;
  readonly task: Task;
}

/** What a sub-task's job returns: its counts, and where and how it ran. */
export interface SubTaskReturn extends SubCount {
  /** The worker that ran it, `host:pid`. */
  readonly worker: string;
  /** True when an earlier run of this job stalled (its worker died) or failed, and this one took over. */
  readonly rerun: boolean;
}

/** What a count's job returns once every sub-task has: the sums, as decimal strings. */
export interface CountReturn {
  readonly count: string;
  readonly fundamental?: string;
  readonly nodes: number;
  readonly subTasks: number;
  /** Distinct workers that ran sub-tasks. */
  readonly workers: readonly string[];
  /** Sub-tasks that ran more than once (a worker died or a run failed) and were still counted once. */
  readonly reruns: number;
}
