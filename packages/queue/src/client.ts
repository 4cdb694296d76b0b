import { UsageError, type Result, type Task } from '@bezzel/core';
import { Tally } from '@bezzel/pool';
import { Job, Queue } from 'bullmq';
import { assertReachable, type QueueAddress } from './connection.js';
import { COUNTS, SUB_TASKS, type CountJobData, type CountReturn, type SubTaskJobData, type SubTaskReturn } from './protocol.js';

/** Where a count on the queue stands. */
export interface CountStatus {
  readonly id: string;
  /** `running` (sub-tasks left), `summing` (all returned, the sum not yet taken), `complete` or `failed`. */
  readonly state: 'running' | 'summing' | 'complete' | 'failed';
  readonly task: Task;
  readonly strategy: string;
  readonly total: number;
  readonly done: number;
  /** Sub-tasks a worker is running now. */
  readonly active: number;
  /** Sub-tasks waiting to run again after a failed attempt. */
  readonly retrying: number;
  /** Workers connected to the queue now (any count's). */
  readonly workers: number;
  /** Sub-tasks that failed for good (any one fails the count). */
  readonly failed: number;
  /** The weighted counts of the sub-tasks done so far. */
  readonly count: bigint;
  readonly fundamental?: bigint;
  readonly submittedAt: number;
  readonly elapsedMs: number;
  /** Sub-tasks done per second since the count was submitted, and the time left at that rate. */
  readonly rate: number;
  readonly etaMs?: number;
  /** For a failed count: which sub-task, on which worker, and why. */
  readonly failure?: string;
  /** For a complete count: the sums. */
  readonly sums?: CountReturn;
}

/** A count that failed on the queue: no number is given, only the sub-task that failed and why. */
export class QueueCountError extends Error {
  override readonly name = 'QueueCountError';
  constructor(
    readonly id: string,
    readonly failure: string,
  ) {
    super(`count ${id} failed: ${failure}`);
  }
}

export interface AwaitOptions {
  readonly signal?: AbortSignal;
  readonly pollMs?: number;
  readonly onStatus?: (status: CountStatus) => void;
}

/** Reads counts on the queue: their status, and their result once every sub-task has returned. */
export class CountClient {
  readonly #counts: Queue<CountJobData, CountReturn>;
  readonly #subTasks: Queue<SubTaskJobData, SubTaskReturn>;

  private constructor(readonly address: QueueAddress) {
    const options = { connection: address.connection, prefix: address.prefix };
    this.#counts = new Queue(COUNTS, options);
    this.#subTasks = new Queue(SUB_TASKS, options);
  }

  static async open(address: QueueAddress): Promise<CountClient> {
    await assertReachable(address);
    return new CountClient(address);
  }

  async status(id: string): Promise<CountStatus> {
    const job = await Job.fromId<CountJobData, CountReturn>(this.#counts, id);
    if (!job) throw new UsageError('ERR_JOB', `no count "${id}" on the queue at ${this.address.display}`);
    const [state, values, mine, workers] = await Promise.all([job.getState(), job.getChildrenValues<SubTaskReturn>(), this.#subTasksOf(id), this.#subTasks.getWorkersCount()]);
    const tally = new Tally(job.data.subTasks);
    for (const value of Object.values(values)) tally.add(value);
    const elapsedMs = (job.finishedOn ?? Date.now()) - job.timestamp;
    const rate = elapsedMs > 0 ? tally.done / (elapsedMs / 1000) : 0;
    const failedJob = mine.failed[0];
    const failure =
      state !== 'failed' ? undefined
      : failedJob ? `sub-task ${failedJob.data.key} failed${failedJob.processedBy ? ` on worker ${failedJob.processedBy}` : ''} after ${failedJob.attemptsMade} attempt(s): ${failedJob.failedReason}`
      : job.failedReason;
    return {
      id,
      state: state === 'completed' ? 'complete' : state === 'failed' ? 'failed' : state === 'waiting-children' ? 'running' : 'summing',
      task: job.data.task,
      strategy: job.data.strategy,
      total: tally.total,
      done: tally.done,
      active: mine.active,
      retrying: mine.delayed,
      workers,
      failed: mine.failed.length,
      count: tally.count,
      ...(job.data.task.goal === 'count-fundamental' ? { fundamental: tally.fundamental } : {}),
      submittedAt: job.timestamp,
      elapsedMs,
      rate,
      ...(rate > 0 && tally.done < tally.total ? { etaMs: ((tally.total - tally.done) / rate) * 1000 } : {}),
      ...(failure ? { failure } : {}),
      ...(state === 'completed' ? { sums: job.returnvalue } : {}),
    };
  }

  /**
   * Waits for a count to finish and returns its result; a failed count throws {@link QueueCountError}. When
   * `signal` aborts, stops waiting (the count goes on in the queue) and returns `aborted` with the partial count.
   */
  async await(id: string, options: AwaitOptions = {}): Promise<Result> {
    for (;;) {
      const status = await this.status(id);
      options.onStatus?.(status);
      if (status.state === 'complete') return resultOf(status);
      if (status.state === 'failed') throw new QueueCountError(id, status.failure ?? 'a sub-task failed');
      if (options.signal?.aborted) return detachedResult(status);
      await sleep(options.pollMs ?? 500, options.signal);
    }
  }

  /**
   * Removes a count and its sub-tasks from the queue. Sub-tasks not started are dropped at once; those in flight
   * hold locks until their workers finish them, so this retries until they have (up to `waitMs`).
   */
  async cancel(id: string, waitMs = 120_000): Promise<void> {
    const job = await Job.fromId<CountJobData, CountReturn>(this.#counts, id);
    if (!job) throw new UsageError('ERR_JOB', `no count "${id}" on the queue at ${this.address.display}`);
    await job.removeUnprocessedChildren();
    const until = Date.now() + waitMs;
    for (;;) {
      try {
        await job.remove({ removeChildren: true });
        return;
      } catch (error) {
        if (Date.now() > until) throw new Error(`count ${id} still has sub-tasks in flight after ${waitMs / 1000} s: ${(error as Error).message}`);
        await sleep(250);
      }
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.#counts.close(), this.#subTasks.close()]);
  }

  /** This count's sub-tasks that are running, waiting to retry, or failed. */
  async #subTasksOf(id: string) {
    const own = (job: Job | undefined): job is Job<SubTaskJobData, SubTaskReturn> => job !== undefined && String(job.id).startsWith(`${id}.`);
    const [active, delayed, failed] = await Promise.all([
      this.#subTasks.getJobs(['active']),
      this.#subTasks.getJobs(['delayed']),
      this.#subTasks.getJobs(['failed']),
    ]);
    return { active: active.filter(own).length, delayed: delayed.filter(own).length, failed: failed.filter(own) };
  }
}

function resultOf(status: CountStatus): Result {
  const sums = status.sums!;
  return {
    status: 'complete',
    strategy: status.strategy,
    task: status.task,
    count: BigInt(sums.count),
    ...(sums.fundamental !== undefined ? { fundamental: BigInt(sums.fundamental) } : {}),
    stats: {
      nodes: sums.nodes,
      timeMs: status.elapsedMs,
      workers: sums.workers.length,
      extra: { executor: 'queue', job: status.id, subTasks: sums.subTasks, reruns: sums.reruns, machines: new Set(sums.workers.map((w) => w.replace(/:\d+$/, ''))).size },
    },
  };
}

function detachedResult(status: CountStatus): Result {
  return {
    status: 'aborted',
    strategy: status.strategy,
    task: status.task,
    stats: { nodes: 0, timeMs: status.elapsedMs, extra: { executor: 'queue', job: status.id, subTasks: status.total } },
    partial: {
      count: status.count,
      ...(status.fundamental !== undefined ? { fundamental: status.fundamental } : {}),
      coverage: status.total === 0 ? 1 : status.done / status.total,
      note: `stopped waiting; count ${status.id} goes on in the queue`,
    },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
