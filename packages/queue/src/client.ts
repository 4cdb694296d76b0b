import { UsageError, type Result, type Task } from '@bezzel/core';
import { Tally } from '@bezzel/pool';
import { Job, Queue } from 'bullmq';
import { describeCapability, type Capability } from './capability.js';
import { WatchedConnection, type ConnectionEvents } from './connection-watch.js';
import { assertReachable, QueueUnreachable, type QueueAddress } from './connection.js';
import { listCounts, readCount, type CountSnapshot, type JobState } from './count-scripts.js';
import { COUNTS, DEFAULT_KEEP_MS, type CountJobData, type CountReturn, type SubTaskReturn } from './protocol.js';

/**
 * Where a count stands: `running` (sub-tasks left, a capable worker connected), `waiting-for-worker` (sub-tasks
 * left and no connected worker can run them), `summing` (all returned, the sum not yet taken), `complete` or
 * `failed`.
 */
export type CountState = 'running' | 'waiting-for-worker' | 'summing' | 'complete' | 'failed';

/** Where a count on the queue stands. */
export interface CountStatus {
  readonly id: string;
  readonly state: CountState;
  readonly task: Task;
  readonly strategy: string;
  /** The bezzel version that split it, and what a worker needs to run its sub-tasks. */
  readonly bezzel: string;
  readonly capability: Capability;
  readonly parts: number;
  readonly total: number;
  readonly done: number;
  /** Sub-tasks a worker is running now. */
  readonly active: number;
  /** Sub-tasks waiting to run again after a failed attempt. */
  readonly retrying: number;
  /** Workers connected to the queue now (any count's), and of them those that can run this count's sub-tasks. */
  readonly workers: number;
  readonly capableWorkers: number;
  /** Sub-tasks that failed for good (any one fails the count). */
  readonly failed: number;
  /** The weighted counts of the sub-tasks done so far. */
  readonly count: bigint;
  readonly fundamental?: bigint;
  readonly submittedAt: number;
  readonly finishedAt?: number;
  /** When a finished count will be removed from the queue. */
  readonly expiresAt?: number;
  readonly elapsedMs: number;
  /** Sub-tasks done per second since the count was submitted, and the time left at that rate. */
  readonly rate: number;
  readonly etaMs?: number;
  /** For a failed count: which sub-task, on which worker, and why. */
  readonly failure?: string;
  /** For a complete count: the sums. */
  readonly sums?: CountReturn;
}

/** No count of that id on the queue: never submitted, cancelled, or expired after its retention. */
export interface MissingCount {
  readonly id: string;
  readonly state: 'missing';
}

/** One line of `bezzel jobs`. */
export interface CountSummary {
  readonly id: string;
  readonly state: CountState;
  readonly task: Task;
  readonly done: number;
  readonly total: number;
  readonly submittedAt: number;
  readonly finishedAt?: number;
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
  /** When the count runs out of time: it is cancelled and its partial count returned (status `budget`). */
  readonly deadline?: number;
}

export interface ClientOptions extends ConnectionEvents {
  /** Skip the first ping (a waiting command retries instead of giving up on an unreachable queue). */
  readonly patient?: boolean;
}

/** The no-count message, one for every command. */
export function noCount(id: string, address: QueueAddress): UsageError {
  return new UsageError('ERR_JOB', `no count "${id}" on the queue at ${address.display} (never submitted there, cancelled, or removed after its retention)`);
}

/** Reads counts on the queue: their status, and their result once every sub-task has returned. */
export class CountClient {
  readonly #connection: WatchedConnection;
  readonly #counts: Queue<CountJobData, CountReturn>;
  readonly #subTaskQueues = new Map<string, Queue>();
  /** Worker counts by sub-task queue, with when they were read: CLIENT LIST is a costly command to repeat. */
  readonly #workerCounts = new Map<string, { at: number; counts: Promise<[number, number]> }>();

  private constructor(
    readonly address: QueueAddress,
    options: ClientOptions,
  ) {
    this.#connection = new WatchedConnection(address, options);
    this.#counts = new Queue(COUNTS, { connection: this.#connection.redis, prefix: address.prefix });
  }

  /** Connects; an address where nothing answers throws {@link QueueUnreachable} at once unless `patient`. */
  static async open(address: QueueAddress, options: ClientOptions = {}): Promise<CountClient> {
    if (!options.patient) await assertReachable(address);
    return new CountClient(address, options);
  }

  /** Whether the connection is down now (it reconnects by itself). */
  get disconnected(): boolean {
    return this.#connection.lost;
  }

  /** Where a count stands, read in one instant; a count the queue does not hold is `missing`, never a null. */
  async status(id: string): Promise<CountStatus | MissingCount> {
    const snapshot = await readCount(this.#connection.redis, this.address.prefix, COUNTS, id);
    if (!snapshot) return { id, state: 'missing' };
    const data = JSON.parse(snapshot.data) as CountJobData;
    const tally = new Tally(data.subTasks);
    for (const value of Object.values(snapshot.processed)) tally.add(JSON.parse(value) as SubTaskReturn);
    const finished = snapshot.state === 'completed' || snapshot.state === 'failed';
    const [workers, capableWorkers] = finished ? [0, 0] : await this.#workers(data.subTaskQueue);
    const state = countState(snapshot, tally.complete, capableWorkers);
    const elapsedMs = (snapshot.finishedOn ?? Date.now()) - snapshot.timestamp;
    const rate = elapsedMs > 0 ? tally.done / (elapsedMs / 1000) : 0;
    const failure = state === 'failed' ? failureOf(snapshot) : undefined;
    const sums = snapshot.state === 'completed' && snapshot.returnvalue ? (JSON.parse(snapshot.returnvalue) as CountReturn) : undefined;
    return {
      id,
      state,
      task: data.task,
      strategy: data.strategy,
      bezzel: data.bezzel,
      capability: data.capability,
      parts: data.parts,
      total: tally.total,
      done: tally.done,
      active: snapshot.active,
      retrying: snapshot.retrying,
      workers,
      capableWorkers,
      failed: snapshot.failed,
      count: tally.count,
      ...(data.task.goal === 'count-fundamental' ? { fundamental: tally.fundamental } : {}),
      submittedAt: snapshot.timestamp,
      ...(snapshot.finishedOn !== undefined ? { finishedAt: snapshot.finishedOn, expiresAt: snapshot.finishedOn + (data.keepMs ?? DEFAULT_KEEP_MS) } : {}),
      elapsedMs,
      rate,
      ...(rate > 0 && tally.done < tally.total ? { etaMs: ((tally.total - tally.done) / rate) * 1000 } : {}),
      ...(failure ? { failure } : {}),
      ...(sums ? { sums } : {}),
    };
  }

  /** Every count on the queue, newest first. */
  async list(): Promise<CountSummary[]> {
    const rows = await listCounts(this.#connection.redis, this.address.prefix, COUNTS);
    return rows
      .map((row) => {
        const data = JSON.parse(row.data) as CountJobData;
        const snapshot = { ...row, processed: {}, active: 0, retrying: 0, failed: 0 } satisfies CountSnapshot;
        return {
          id: row.id,
          // Whether a worker is connected is not asked per count here: a list says running or summing.
          state: countState(snapshot, row.done >= data.subTasks, 1),
          task: data.task,
          done: row.done,
          total: data.subTasks,
          submittedAt: row.timestamp,
          ...(row.finishedOn !== undefined ? { finishedAt: row.finishedOn } : {}),
        };
      })
      .sort((a, b) => b.submittedAt - a.submittedAt);
  }

  /**
   * Waits for a count to finish and returns its result; a failed count throws {@link QueueCountError}. When
   * `signal` aborts, stops waiting (the count goes on in the queue) and returns `aborted` with the partial count.
   * Past `deadline`, cancels the count and returns `budget` with the partial count.
   */
  async await(id: string, options: AwaitOptions = {}): Promise<Result> {
    for (let first = true; ; first = false) {
      const status = await this.status(id);
      if (status.state === 'missing') {
        if (first) throw noCount(id, this.address);
        throw new QueueCountError(id, 'it was removed from the queue (cancelled) before it finished');
      }
      options.onStatus?.(status);
      if (status.state === 'complete' && status.sums) return resultOf(status, status.sums);
      if (status.state === 'failed') throw new QueueCountError(id, status.failure ?? 'a sub-task failed');
      if (options.signal?.aborted) return stoppedResult(status, 'aborted', `stopped waiting; count ${id} goes on in the queue`);
      if (options.deadline !== undefined && Date.now() >= options.deadline) {
        await this.cancel(id);
        return stoppedResult(status, 'budget', `the time budget ran out: count ${id} was cancelled`);
      }
      // Short counts are read often, so their end is seen at once; a read of a big one costs more (its results).
      const pause = options.pollMs ?? Math.min(1000, Math.max(100, status.total / 2));
      await sleep(options.deadline !== undefined ? Math.max(0, Math.min(pause, options.deadline - Date.now())) : pause, options.signal);
    }
  }

  /**
   * Removes a count and everything of it from the queue: its job, its results and its sub-tasks. Sub-tasks not
   * started are dropped at once; those in flight hold locks until their workers finish them, so this retries
   * until they have (up to `waitMs`).
   */
  async cancel(id: string, waitMs = 120_000): Promise<void> {
    const job = await Job.fromId<CountJobData, CountReturn>(this.#counts, id);
    if (!job) throw noCount(id, this.address);
    await job.removeUnprocessedChildren();
    const until = Date.now() + waitMs;
    for (;;) {
      try {
        await job.remove({ removeChildren: true });
        return;
      } catch (error) {
        if (!(await Job.fromId(this.#counts, id))) return;
        if (Date.now() > until) throw new Error(`count ${id} still has sub-tasks in flight after ${waitMs / 1000} s: ${(error as Error).message}`);
        await sleep(250);
      }
    }
  }

  /** Removes finished counts older than their retention; returns their ids. */
  async removeExpired(now = Date.now()): Promise<string[]> {
    const removed: string[] = [];
    for (const row of await listCounts(this.#connection.redis, this.address.prefix, COUNTS)) {
      if (row.finishedOn === undefined) continue;
      const { keepMs = DEFAULT_KEEP_MS } = JSON.parse(row.data) as CountJobData;
      if (row.finishedOn + keepMs > now) continue;
      const job = await Job.fromId(this.#counts, row.id);
      await job?.remove({ removeChildren: true }).catch(() => {});
      removed.push(row.id);
    }
    return removed;
  }

  async close(): Promise<void> {
    await Promise.all([this.#counts.close(), ...[...this.#subTaskQueues.values()].map((q) => q.close())]);
    await this.#connection.close();
  }

  /** Workers connected to the queue: all of them (those summing counts), and those that run this sub-task queue. */
  async #workers(subTaskQueue: string): Promise<[number, number]> {
    const cached = this.#workerCounts.get(subTaskQueue);
    if (cached && Date.now() - cached.at < WORKER_COUNT_TTL_MS) return cached.counts;
    const counts = this.#countWorkers(subTaskQueue);
    this.#workerCounts.set(subTaskQueue, { at: Date.now(), counts });
    return counts;
  }

  async #countWorkers(subTaskQueue: string): Promise<[number, number]> {
    let queue = this.#subTaskQueues.get(subTaskQueue);
    if (!queue) this.#subTaskQueues.set(subTaskQueue, (queue = new Queue(subTaskQueue, { connection: this.#connection.redis, prefix: this.address.prefix })));
    return Promise.all([this.#counts.getWorkersCount(), queue.getWorkersCount()]);
  }
}

export { QueueUnreachable };

/** How long a worker count is taken as still true: workers come and go on a scale of seconds. */
const WORKER_COUNT_TTL_MS = 1000;

function countState(snapshot: CountSnapshot, allReturned: boolean, capableWorkers: number): CountState {
  const state: JobState = snapshot.state;
  if (state === 'completed') return 'complete';
  if (state === 'failed' || snapshot.deferredFailure !== undefined) return 'failed';
  if (state !== 'waiting-children' || allReturned) return 'summing';
  return capableWorkers === 0 ? 'waiting-for-worker' : 'running';
}

function failureOf(snapshot: CountSnapshot): string {
  const child = snapshot.firstFailure;
  if (!child) return snapshot.failedReason ?? snapshot.deferredFailure ?? 'a sub-task failed';
  const key = child.data ? (JSON.parse(child.data) as { key?: string }).key : undefined;
  return `sub-task ${key ?? child.key} failed${child.worker ? ` on worker ${child.worker}` : ''} after ${child.attempts ?? '?'} attempt(s): ${child.reason ?? 'no reason given'}`;
}

/** What a waiting command says of a count no worker can run. */
export function waitingForWorker(status: CountStatus): string {
  return `count ${status.id} is waiting for a worker that can run it: ${describeCapability(status.capability)}`;
}

function resultOf(status: CountStatus, sums: CountReturn): Result {
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

function stoppedResult(status: CountStatus, outcome: 'aborted' | 'budget', note: string): Result {
  const base = {
    strategy: status.strategy,
    task: status.task,
    stats: { nodes: 0, timeMs: status.elapsedMs, extra: { executor: 'queue', job: status.id, subTasks: status.total, finished: status.done } },
    partial: {
      count: status.count,
      ...(status.fundamental !== undefined ? { fundamental: status.fundamental } : {}),
      coverage: status.total === 0 ? 1 : status.done / status.total,
      note,
    },
  };
  return outcome === 'budget' ? { ...base, status: 'budget', exhausted: 'time' } : { ...base, status: 'aborted' };
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
