import { DEFAULT_BUDGET, placementCountBound, waitedMs, type Bezzel, type Result, type SubTask, type Task } from '@bezzel/core';
import { availableParallelism } from 'node:os';
import { Checkpoint, splitDigest } from './checkpoint.js';
import { containerOf } from './container.js';
import { planSplit, type KeyedSubTask } from './plan.js';
import { completeResult, subCountOf, Tally } from './tally.js';
import { ThreadPool, UNLIMITED } from './thread-pool.js';

export interface PoolProgress {
  /** Sub-tasks finished, this run and from the checkpoint. */
  readonly done: number;
  readonly total: number;
  /** Of `done`, how many the checkpoint already had. */
  readonly resumed: number;
  readonly count: bigint;
  readonly nodes: number;
  readonly elapsedMs: number;
}

/**
 * Where the sub-tasks run: `threads`, a pool of worker threads (the default), or `in-process`, one after the
 * other in this thread (no start-up cost; the same split and the same sum). A job queue is the third executor,
 * in `@bezzel/queue`.
 */
export type LocalExecutor = 'threads' | 'in-process';

export interface SplitRunOptions {
  /** Plugin module URLs (or specifiers importable from this package), the same ones the caller loaded. */
  readonly plugins: readonly string[];
  readonly task: Task;
  /** The caller's container, built from `plugins`; built here when absent. */
  readonly bezzel?: Bezzel;
  readonly executor?: LocalExecutor;
  /** Worker threads; default: every core. */
  readonly workers?: number;
  /**
   * Sub-tasks to aim for; default 16 per worker: enough for the last ones to finish close together, few enough
   * that the cost per sub-task (about a millisecond: a message each way, a solver set up) stays small.
   */
  readonly parts?: number;
  /** A JSON-lines file: finished sub-tasks are appended, and skipped when the same count runs again. */
  readonly checkpoint?: string;
  /** Told how many checkpoint lines failed their digest or bound: their sub-tasks are counted again. */
  readonly onCheckpointRejected?: (lines: number) => void;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: PoolProgress) => void;
}

/** A sub-task that threw: the count is not returned, and this error names the sub-task. */
export class SubTaskError extends Error {
  override readonly name = 'SubTaskError';
  constructor(
    readonly subTask: SubTask,
    readonly key: string,
    cause: unknown,
  ) {
    super(`sub-task ${key} (${JSON.stringify(subTask.task.options ?? {})}) failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/**
 * Counts a task by splitting it with its strategy's `split` and running the sub-tasks on worker threads (or in
 * this thread). Weighted sub-counts add up to the result. A failing sub-task rejects with a
 * {@link SubTaskError} (no count); an abort or the task's time budget ends with the partial count and the
 * share of sub-tasks finished.
 */
export async function runSplit(options: SplitRunOptions): Promise<Result> {
  const started = performance.now();
  const { task } = options;
  const bezzel = options.bezzel ?? (await containerOf(options.plugins));
  const inProcess = options.executor === 'in-process';
  const workers = inProcess ? 1 : Math.max(1, options.workers ?? availableParallelism());
  // A resumed count reuses the split it started with, whatever the worker count now.
  const parts = (options.checkpoint && Checkpoint.partsOf(options.checkpoint)) || (options.parts ?? workers * 16);
  const plan = planSplit(bezzel, task, parts);
  // Each sub-task is a run of its own and may use the memory the task names (as on a queue, where each runs on
  // a worker's machine): without this a sub-task was held to the core's default whatever --memory said, so a
  // split frontier count of 8×8 was refused in every sub-task. Threads here run one sub-task each at a time.
  const memory = task.budget?.maxMemoryBytes;
  const memoryShare = memory === undefined ? {} : { maxMemoryBytes: memory };
  const checkpoint = options.checkpoint
    ? Checkpoint.open(options.checkpoint, { bezzel: 'checkpoint', version: 1, task: withoutBudget(task), strategy: plan.strategy.meta.id, parts, subTasks: plan.subTasks.length, split: splitDigest(plan.subTasks) })
    : undefined;

  const tally = new Tally(plan.subTasks.length);
  // A checkpoint's lines count only for sub-tasks of this plan, and with this plan's weights.
  const weights = new Map(plan.subTasks.map((s) => [s.key, s.sub.weight]));
  // No sub-task can count more than the whole could: a line above that bound was altered, digest or not.
  const { instance } = plan;
  const bound = instance.kind === 'placement' ? placementCountBound(instance.board, instance.piece, instance.k) : undefined;
  let rejected = checkpoint?.rejected ?? 0;
  for (const entry of checkpoint?.done.values() ?? []) {
    const weight = weights.get(entry.key);
    if (bound !== undefined && (BigInt(entry.count) > bound || BigInt(entry.fundamental ?? '0') > bound)) rejected++;
    else if (weight !== undefined) tally.add({ ...entry, weight });
  }
  if (rejected > 0) options.onCheckpointRejected?.(rejected);
  const resumed = tally.done;
  const pending = plan.subTasks.filter((s) => !tally.has(s.key));
  const progress = () =>
    options.onProgress?.({ done: tally.done, total: tally.total, resumed, count: tally.count, nodes: tally.nodes, elapsedMs: performance.now() - started });
  progress();

  // Stopping goes in two steps: first the running sub-tasks are asked (a flag they read with their clock) and
  // return what they found so far; only those that have not within a moment are ended with their threads.
  const stop = new AbortController();
  const asked = new SharedArrayBuffer(4);
  let stopReason: 'aborted' | 'time' | undefined;
  let ending: NodeJS.Timeout | undefined;
  const wrapUp = (reason: 'aborted' | 'time') => {
    stopReason ??= reason;
    if (ending) return;
    Atomics.store(new Int32Array(asked), 0, 1);
    // At the budget, a sub-task that does not answer within 8% of it (or 150 ms) never reads its clock; Ctrl-C
    // gives them a little longer to hand in what they counted.
    const budget = task.budget?.maxTimeMs ?? DEFAULT_BUDGET.maxTimeMs;
    const grace = reason === 'time' ? Math.min(STOP_GRACE_MS, Math.max(OVERRUN_MS, budget * OVERRUN_SHARE)) : STOP_GRACE_MS;
    ending = setTimeout(() => stop.abort(), grace);
  };
  const onAbort = () => wrapUp('aborted');
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort);
  // The whole count has the task's time budget (the core's default when it names none): each sub-task gets what
  // is left of it, so those running stop by themselves when it is spent.
  const maxTimeMs = task.budget?.maxTimeMs ?? DEFAULT_BUDGET.maxTimeMs;
  const deadline = started + maxTimeMs;
  const timer =
    // Node timers hold at most 2³¹−1 ms (24.8 days); a longer limit is no limit here.
    maxTimeMs < 2 ** 31 - 1 ? setTimeout(() => wrapUp('time'), Math.max(0, deadline - performance.now())) : undefined;
  const budgetLeft = () => ({ ...(Number.isFinite(deadline) ? { maxTimeMs: Math.max(1, deadline - performance.now()) } : UNLIMITED), ...memoryShare });

  let failure: SubTaskError | undefined;
  let unfinished = false;
  const pool = inProcess ? undefined : new ThreadPool(workers, pending.length);
  // As many runners as workers, each taking the next sub-task: the queue stays here, in order. With threads,
  // this thread only hands out sub-tasks and adds up, so it answers Ctrl-C and the budget's timer at once.
  let next = 0;
  const here = async (sub: SubTask) => {
    // In this thread, one sub-task at a time with the event loop let in between: a stop is seen between them.
    await new Promise((resolve) => setImmediate(resolve));
    return bezzel.solve({ ...sub.task, budget: budgetLeft() }, { signal: stop.signal, stop: new Int32Array(asked) });
  };
  const notes = new Set<string>();
  const runner = async () => {
    while (stopReason === undefined && next < pending.length) {
      const { sub, key }: KeyedSubTask = pending[next++]!;
      let result: Result;
      try {
        result = await (pool ? pool.solve(options.plugins, { ...sub.task, budget: budgetLeft() }, stop.signal, asked) : here(sub));
      } catch (error) {
        if (stop.signal.aborted && !failure) return;
        failure ??= new SubTaskError(sub, key, error);
        wrapUp('aborted');
        return;
      }
      const entry = subCountOf(key, sub, result);
      if (!entry) {
        unfinished = true;
        // A sub-task stopped part way still found what it found: the count so far includes it.
        // (Its nodes were searched too: the stats say how much work the stopped count did.)
        if (result.status === 'budget' || result.status === 'aborted') tally.addFound(sub.weight, result.partial?.count ?? 0n, result.stats.nodes);
        // What a stopped sub-task says of itself (where its work is kept, how to resume) reaches the user.
        if ((result.status === 'budget' || result.status === 'aborted') && result.partial?.note) notes.add(result.partial.note);
        continue;
      }
      tally.add(entry);
      checkpoint?.record(entry);
      progress();
    }
  };
  try {
    await Promise.all(Array.from({ length: workers }, runner));
  } finally {
    clearTimeout(timer);
    clearTimeout(ending);
    options.signal?.removeEventListener('abort', onAbort);
    await pool?.destroy();
  }
  if (failure) throw failure;

  const stats = { nodes: tally.nodes, timeMs: waitedMs(task.budget, started), workers, extra: { subTasks: tally.total, finished: tally.done, resumed, ...(rejected > 0 ? { checkpointRejected: rejected } : {}), executor: inProcess ? 'in-process' : 'threads' } };
  if (stopReason || unfinished || !tally.complete) {
    const note = [...notes].slice(0, 3).join('; ');
    const base = { strategy: plan.strategy.meta.id, task, stats, partial: { ...tally.partial(task.goal === 'count-fundamental'), ...(note ? { note } : {}) } };
    if (stopReason === 'time' || (!stopReason && performance.now() >= deadline)) return { ...base, status: 'budget', exhausted: 'time' };
    return { ...base, status: 'aborted' };
  }
  return completeResult(plan, tally, stats);
}

/** How long sub-tasks asked to stop may take to return what they found before their threads are ended. */
const STOP_GRACE_MS = 400;
/**
 * Past the budget, a sub-task is waited for this long, or this share of the budget if more (at most the grace
 * above): a run ends within 10% or 150 ms of its budget, the hand-over of what the sub-tasks found included.
 */
const OVERRUN_MS = 150;
const OVERRUN_SHARE = 0.08;

/** A task as a checkpoint's header keeps it: which count, not how long this run may take. */
function withoutBudget(task: Task): Task {
  const { budget: _budget, ...rest } = task;
  return rest;
}
