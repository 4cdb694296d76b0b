import type { Task } from '@bezzel/core';
import type { SubCount } from '@bezzel/pool';

/** The two queues: one job per count (the parent), one per sub-task (its children). */
export const COUNTS = 'counts';
export const SUB_TASKS = 'sub-tasks';

/** A count's job: what was asked, how it was split, and the plugins every sub-task needs. */
export interface CountJobData {
  readonly task: Task;
  readonly strategy: string;
  readonly parts: number;
  readonly subTasks: number;
  /** Plugin specifiers as the submitter named them (package names or files); a worker loads its own copies. */
  readonly plugins: readonly string[];
}

/** A sub-task's job: a plain-JSON task, its weight and key, and the plugins it needs. */
export interface SubTaskJobData {
  readonly key: string;
  readonly weight: number;
  readonly task: Task;
  readonly plugins: readonly string[];
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
