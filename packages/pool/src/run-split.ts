import { createBezzel, UsageError, type Bezzel, type ContainerModule, type Result, type SubTask, type Task } from '@bezzel/core';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { Checkpoint } from './checkpoint';
import type { WorkerRequest } from './worker';

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

export interface SplitRunOptions {
  /** Plugin module URLs (or specifiers importable from this package), the same ones the caller loaded. */
  readonly plugins: readonly string[];
  readonly task: Task;
  /** The caller's container, built from `plugins`; built here when absent. */
  readonly bezzel?: Bezzel;
  /** Worker threads; default: every core. */
  readonly workers?: number;
  /**
   * Sub-tasks to aim for; default 16 per worker: enough for the last ones to finish close together, few enough
   * that the cost per sub-task (about a millisecond: a message each way, a solver set up) stays small.
   */
  readonly parts?: number;
  /** A JSON-lines file: finished sub-tasks are appended, and skipped when the same count runs again. */
  readonly checkpoint?: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: PoolProgress) => void;
}

/** A sub-task that threw in its worker: the count is not returned, and this error names the sub-task. */
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

/** Sub-tasks run without their own time limit; the pool keeps the task's clock. */
const UNLIMITED = { maxTimeMs: Number.MAX_SAFE_INTEGER };

async function containerOf(plugins: readonly string[]): Promise<Bezzel> {
  const modules = [];
  for (const specifier of plugins) modules.push({ name: specifier, module: ((await import(specifier)) as { default: ContainerModule }).default });
  return createBezzel({ plugins: modules });
}

const keyOf = (sub: SubTask, index: number) => String(sub.task.options?.prefix ?? `#${index}`);

/**
 * Counts a task by splitting it with its strategy's `split` and running the sub-tasks on worker threads.
 * Weighted sub-counts add up to the result. A failing sub-task rejects with a {@link SubTaskError} (no count);
 * an abort or the task's time budget ends with the partial count and the share of sub-tasks finished.
 */
export async function runSplit(options: SplitRunOptions): Promise<Result> {
  const started = performance.now();
  const { task } = options;
  const bezzel = options.bezzel ?? (await containerOf(options.plugins));
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const strategy = bezzel.choose(instance.value);
  if (!strategy.ok) throw strategy.error;
  const checked = bezzel.checkOptions(strategy.value, task);
  if (!checked.ok) throw checked.error;
  const split = strategy.value.split?.bind(strategy.value);
  if (!split) throw new UsageError('ERR_STRATEGY', `strategy ${strategy.value.meta.id} cannot split a task for worker threads`);
  if (task.goal !== 'count' && task.goal !== 'count-fundamental') throw new UsageError('ERR_GOAL', `only counts are split across workers, not goal ${task.goal}`);

  const workers = Math.max(1, options.workers ?? availableParallelism());
  // A resumed count reuses the split it started with, whatever the worker count now.
  const parts = (options.checkpoint && Checkpoint.partsOf(options.checkpoint)) || (options.parts ?? workers * 16);
  const subTasks = split(instance.value, parts);
  const checkpoint = options.checkpoint
    ? Checkpoint.open(options.checkpoint, { bezzel: 'checkpoint', version: 1, task, strategy: strategy.value.meta.id, parts, subTasks: subTasks.length })
    : undefined;

  const wantFundamental = task.goal === 'count-fundamental';
  let count = 0n;
  let fundamental = 0n;
  let nodes = 0;
  let done = 0;
  let resumed = 0;
  const pending: { sub: SubTask; key: string }[] = [];
  subTasks.forEach((sub, index) => {
    const key = keyOf(sub, index);
    const entry = checkpoint?.done.get(key);
    if (!entry) return pending.push({ sub, key });
    count += BigInt(entry.weight) * BigInt(entry.count);
    fundamental += BigInt(entry.weight) * BigInt(entry.fundamental ?? '0');
    nodes += entry.nodes;
    done++;
    resumed++;
  });
  const progress = () =>
    options.onProgress?.({ done, total: subTasks.length, resumed, count, nodes, elapsedMs: performance.now() - started });
  progress();

  const stop = new AbortController();
  let stopReason: 'aborted' | 'time' | undefined;
  const onAbort = () => {
    stopReason ??= 'aborted';
    stop.abort();
  };
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort);
  const maxTimeMs = task.budget?.maxTimeMs;
  const timer =
    // Node timers hold at most 2³¹−1 ms (24.8 days); a longer limit is no limit here.
    maxTimeMs !== undefined && maxTimeMs < 2 ** 31 - 1
      ? setTimeout(() => {
          stopReason ??= 'time';
          stop.abort();
        }, maxTimeMs)
      : undefined;

  let failure: SubTaskError | undefined;
  let unfinished = false;
  const pool = new Piscina<WorkerRequest, Result>({
    filename: new URL('./worker-entry.mjs', import.meta.url).href,
    minThreads: Math.min(workers, pending.length || 1),
    maxThreads: workers,
  });
  // As many runners as workers, each taking the next sub-task: the queue stays here, in order. Starting a
  // worker thread (tsx compiling the plugins) takes seconds, so until every worker has answered once this
  // thread takes sub-tasks too, one at a time, letting the event loop breathe between them.
  let next = 0;
  let answered = 0;
  const inWorker = (sub: SubTask) => pool.run({ plugins: options.plugins, task: { ...sub.task, budget: UNLIMITED } }, { signal: stop.signal });
  const here = async (sub: SubTask) => {
    await new Promise((resolve) => setImmediate(resolve));
    return bezzel.solve({ ...sub.task, budget: UNLIMITED }, { signal: stop.signal });
  };
  const runner = async (local: boolean) => {
    let first = true;
    while (!stop.signal.aborted && next < pending.length && !(local && answered >= workers)) {
      const { sub, key } = pending[next++]!;
      let result: Result;
      try {
        result = await (local ? here(sub) : inWorker(sub));
      } catch (error) {
        if (stop.signal.aborted && !failure) return;
        failure ??= new SubTaskError(sub, key, error);
        stop.abort();
        return;
      }
      if (!local && first) answered++;
      first = false;
      if (result.status !== 'complete') {
        unfinished = true;
        continue;
      }
      count += BigInt(sub.weight) * result.count;
      fundamental += BigInt(sub.weight) * (result.fundamental ?? 0n);
      nodes += result.stats.nodes;
      done++;
      checkpoint?.record({
        key,
        weight: sub.weight,
        count: String(result.count),
        ...(wantFundamental ? { fundamental: String(result.fundamental ?? 0n) } : {}),
        nodes: result.stats.nodes,
      });
      progress();
    }
  };
  try {
    await Promise.all([runner(true), ...Array.from({ length: workers }, () => runner(false))]);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    await pool.destroy();
  }
  if (failure) throw failure;

  const stats = { nodes, timeMs: performance.now() - started, workers, extra: { subTasks: subTasks.length, resumed } };
  const base = { strategy: strategy.value.meta.id, task, stats };
  if (stopReason || unfinished || done < subTasks.length) {
    const partial = { count, ...(wantFundamental ? { fundamental } : {}), coverage: subTasks.length === 0 ? 1 : done / subTasks.length };
    if (stopReason === 'time') return { ...base, status: 'budget', exhausted: 'time', partial };
    return { ...base, status: 'aborted', partial };
  }
  return { ...base, status: 'complete', count, ...(wantFundamental ? { fundamental } : {}) };
}
