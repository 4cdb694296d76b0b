import { UsageError, type Result, type Task } from '@bezzel/core';
import type { Redis } from 'ioredis';
import { checks, type QueueKey } from './auth.js';
import { describeCapability, type Capability } from './capability.js';
import { WatchedConnection, type ConnectionEvents } from './connection-watch.js';
import { assertReachable, QueueUnreachable, redisError, type QueueAddress } from './connection.js';
import { CANCELLED_KEEP_MS, countQueueOf, DEFAULT_KEEP_MS, type CountJobData, type CountReturn } from './protocol.js';
import { ALIVE_MS, keys, NOTICE_MS, redriveSum, removeCountJobs, sumOfLimbs } from './store.js';
import { failedStep } from './submit.js';

/**
 * Where a count stands: `submitting` (its sub-tasks are still being sent), `running` (sub-tasks left, a capable
 * worker connected), `waiting-for-worker` (sub-tasks left and no connected worker can run them), `summing` (all
 * returned, being checked and added up), `complete`, `failed` or `cancelled`.
 */
export type CountState = 'submitting' | 'running' | 'waiting-for-worker' | 'summing' | 'complete' | 'failed' | 'cancelled';

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
  /** Sub-tasks waiting for a worker. */
  readonly waiting: number;
  /** Sub-tasks a worker is running now. */
  readonly active: number;
  /** Sub-tasks waiting to run again after a failed attempt. */
  readonly retrying: number;
  /** Workers connected to the queue now (any count's), and of them those that serve this count. */
  readonly workers: number;
  readonly capableWorkers: number;
  /** Sub-tasks that failed for good (any one fails the count). */
  readonly failed: number;
  /** Records found forged or altered so far (refused, and their sub-tasks run again). */
  readonly refused: number;
  /** The weighted counts of the sub-tasks done so far (running sums: progress, checked only at the end). */
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
  /**
   * A count still `submitting` whose submitter is gone (killed part way: its lease lapsed): `sent` of `total`
   * sub-tasks are on the queue, and `bezzel result ID` (`resumeSubmit`) sends the rest.
   */
  readonly orphaned?: boolean;
  /** Sub-tasks sent to the queue so far (while `submitting`). */
  readonly sent?: number;
}

/** No count of that id on the queue: never submitted, or removed after its retention. */
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
  override readonly name: string = 'QueueCountError';
  constructor(
    readonly id: string,
    readonly failure: string,
  ) {
    super(`count ${id} failed: ${failure}`);
  }
}

/**
 * A count cancelled (`bezzel cancel`) while it was waited for: no number is given. A kind of
 * {@link QueueCountError} (no count), told apart so the CLI can exit with its own code.
 */
export class QueueCountCancelled extends QueueCountError {
  override readonly name = 'QueueCountCancelled';
  constructor(
    id: string,
    readonly done: number,
    readonly total: number,
  ) {
    super(id, `it was cancelled (${done} of ${total} sub-tasks had finished): no count`);
    this.message = `count ${id} was cancelled (${done} of ${total} sub-tasks had finished): no count`;
  }
}

export interface AwaitOptions {
  readonly signal?: AbortSignal;
  readonly pollMs?: number;
  readonly onStatus?: (status: CountStatus) => void;
  /** When the count runs out of time: it is cancelled and its partial count returned (status `budget`). */
  readonly deadline?: number;
  /** How long a running count may have no sub-task anywhere on the queue before it is called lost (default 3 s). */
  readonly lostAfterMs?: number;
  /**
   * Called when the count is still `submitting` and its submitter is gone (see {@link CountStatus.orphaned}):
   * it may send the rest (`resumeSubmit`). Without it, the wait goes on (the status says why).
   */
  readonly onOrphan?: (status: CountStatus) => Promise<void>;
  /**
   * How long a count may stay `summing` before this client asks for its sum again (default 30 s, the workers'
   * default stall time): the worker that recorded its last result may have died before asking.
   */
  readonly sumPatienceMs?: number;
}

export interface ClientOptions extends ConnectionEvents {
  /** Skip the first ping (a waiting command retries instead of giving up on an unreachable queue). */
  readonly patient?: boolean;
  /** The shared key: the count's record and its answer are checked with it. */
  readonly key?: QueueKey;
}

/** The no-count message, one for every command. */
export function noCount(id: string, address: QueueAddress): UsageError {
  return new UsageError('ERR_JOB', `no count "${id}" on the queue at ${address.display} (never submitted there, or removed after its retention)`);
}

/**
 * Reads counts on the queue: their status, and their result once every sub-task has returned. Every read costs
 * the same whatever the number of sub-tasks: a count's record is a hash of a few dozen fields with its running
 * sums, and its queue's lengths are read with LLEN and ZCARD.
 */
export class CountClient {
  readonly #connection: WatchedConnection;
  readonly #key: QueueKey | undefined;

  private constructor(
    readonly address: QueueAddress,
    options: ClientOptions,
  ) {
    this.#connection = new WatchedConnection(address, options);
    this.#key = options.key;
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

  get #redis(): Redis {
    return this.#connection.redis;
  }

  /**
   * Where a count stands; a count the queue does not hold is `missing`. Read with plain reads in one pipeline, not
   * a MULTI: Redis refuses every command queued in a transaction once it is out of memory, and a finished count's
   * answer must be readable on a full Redis. The record is one HGETALL (one instant); the queue's lengths beside it
   * are progress only.
   */
  async status(id: string): Promise<CountStatus | MissingCount> {
    const { prefix } = this.address;
    const q = `${prefix}:${countQueueOf(id)}:`;
    const now = Date.now();
    let replies;
    try {
      replies = await this.#redis
        .pipeline()
        .hgetall(keys.count(prefix, id))
        .llen(`${q}wait`)
        .llen(`${q}paused`)
        .zcard(`${q}prioritized`)
        .llen(`${q}active`)
        .zcard(`${q}delayed`)
        .zcount(keys.workers(prefix), now - ALIVE_MS, '+inf')
        .zcount(keys.countWorkers(prefix, id), now - ALIVE_MS, '+inf')
        .zcount(keys.countDeclined(prefix, id), now - ALIVE_MS, '+inf')
        .exists(keys.submitter(prefix, id))
        .exec()
        .then(failedStep);
    } catch (error) {
      throw redisError(error, this.address);
    }
    const [record, wait, paused, prioritized, active, delayed, workers, capable, declined, submitter] = replies!.map(([, value]) => value) as [Record<string, string>, ...number[]];
    if (!record.data) return { id, state: 'missing' };
    const status = this.#statusOf(id, record, { waiting: wait! + paused! + prioritized!, active: active!, retrying: delayed!, workers: workers!, capable: capable!, declined: declined! });
    return status.state === 'submitting' && submitter === 0 ? { ...status, orphaned: true } : status;
  }

  #statusOf(id: string, record: Record<string, string>, queue: { waiting: number; active: number; retrying: number; workers: number; capable: number; declined?: number }): CountStatus {
    const data = JSON.parse(record.data!) as CountJobData;
    const total = Number(record.total ?? data.subTasks);
    const done = Math.min(total, Number(record.done ?? 0));
    const submittedAt = Number(record.submittedAt ?? Date.now());
    const finishedAt = record.finishedAt !== undefined ? Number(record.finishedAt) : undefined;
    let failure = record.failure;
    // A worker that is connected may not have seen a count submitted a moment ago: not "waiting" before it could.
    const noticing = queue.workers > queue.capable + (queue.declined ?? 0) && Date.now() - submittedAt < NOTICE_MS;
    let state = recordState(record, done, total, queue.capable > 0 || noticing);
    let sums: CountReturn | undefined;
    if (!checks(this.#key, record.mac ?? '', 'count', id, record.data)) {
      [state, failure] = ['failed', unverified(this.#key !== undefined, record.mac ?? '')];
    } else if (state === 'complete') {
      if (!checks(this.#key, record.resultMac ?? '', 'final', id, record.result ?? '')) [state, failure] = ['failed', 'its answer on the queue was altered (its MAC does not check with this key): no count'];
      else sums = JSON.parse(record.result!) as CountReturn;
    }
    const finished = finishedAt !== undefined;
    const elapsedMs = (finishedAt ?? Date.now()) - submittedAt;
    const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
    const wantFundamental = data.task.goal === 'count-fundamental';
    return {
      id,
      state,
      task: data.task,
      strategy: data.strategy,
      bezzel: data.bezzel,
      capability: data.capability,
      parts: data.parts,
      total,
      done,
      waiting: finished ? 0 : queue.waiting,
      active: finished ? 0 : queue.active,
      retrying: finished ? 0 : queue.retrying,
      workers: queue.workers,
      capableWorkers: finished ? 0 : queue.capable,
      failed: state === 'failed' ? 1 : 0,
      refused: Number(record.refused ?? 0),
      count: sums ? BigInt(sums.count) : sumOfLimbs(record, 'c'),
      ...(wantFundamental ? { fundamental: sums?.fundamental !== undefined ? BigInt(sums.fundamental) : sumOfLimbs(record, 'f') } : {}),
      submittedAt,
      ...(finishedAt !== undefined ? { finishedAt, expiresAt: finishedAt + (record.state === 'cancelled' ? CANCELLED_KEEP_MS : (data.keepMs ?? DEFAULT_KEEP_MS)) } : {}),
      elapsedMs,
      rate,
      ...(rate > 0 && done < total && !finished ? { etaMs: ((total - done) / rate) * 1000 } : {}),
      ...(failure ? { failure } : {}),
      ...(sums ? { sums } : {}),
      ...(state === 'submitting' && record.sent !== undefined ? { sent: Number(record.sent) } : {}),
    };
  }

  /** Every count on the queue, newest first: one read of the index and one of each count's record. */
  async list(): Promise<CountSummary[]> {
    const { prefix } = this.address;
    try {
      const ids = await this.#redis.zrevrange(keys.index(prefix), 0, -1);
      const now = Date.now();
      const pipeline = this.#redis.pipeline();
      for (const id of ids) pipeline.hmget(keys.count(prefix, id), 'data', 'state', 'done', 'total', 'submittedAt', 'finishedAt', 'mac', 'result', 'resultMac').zcount(keys.countWorkers(prefix, id), now - ALIVE_MS, '+inf');
      const replies = (await pipeline.exec().then(failedStep))!.map(([, value]) => value);
      const gone: string[] = [];
      const rows: CountSummary[] = [];
      ids.forEach((id, i) => {
        const [data, state, done, total, submittedAt, finishedAt, mac, result, resultMac] = replies[2 * i] as (string | null)[];
        const capable = replies[2 * i + 1] as number;
        if (data === null || data === undefined) return void gone.push(id);
        const record = Object.fromEntries(Object.entries({ data, state, done, total, submittedAt, finishedAt, mac, result, resultMac }).filter(([, v]) => v !== null)) as Record<string, string>;
        const s = this.#statusOf(id, record, { waiting: 0, active: 0, retrying: 0, workers: 0, capable });
        rows.push({ id, state: s.state, task: s.task, done: s.done, total: s.total, submittedAt: s.submittedAt, ...(s.finishedAt !== undefined ? { finishedAt: s.finishedAt } : {}) });
      });
      // Counts past their retention expired with Redis's own clock; their entries in the index go now (when Redis
      // takes writes: a list is a read, and a full Redis still answers it).
      if (gone.length > 0) await this.#redis.zrem(keys.index(prefix), ...gone).catch(() => {});
      return rows;
    } catch (error) {
      throw redisError(error, this.address);
    }
  }

  /**
   * Waits for a count to finish and returns its result; a failed count throws {@link QueueCountError}, a
   * cancelled one {@link QueueCountCancelled}. When `signal` aborts, stops waiting (the count goes on in the
   * queue) and returns `aborted` with the partial count. Past `deadline`, cancels the count and returns `budget`
   * with the partial count. A running count none of whose remaining sub-tasks is anywhere on the queue (Redis
   * evicted them, or someone removed them) fails with a line saying so instead of waiting for ever.
   */
  async await(id: string, options: AwaitOptions = {}): Promise<Result> {
    let lost: { since: number; done: number } | undefined;
    for (let first = true; ; first = false) {
      const status = await this.status(id);
      if (status.state === 'missing') {
        if (first) throw noCount(id, this.address);
        throw new QueueCountError(id, 'it was removed from the queue (evicted or deleted in Redis) before it finished');
      }
      options.onStatus?.(status);
      if (status.state === 'complete' && status.sums) return resultOf(status, status.sums);
      if (status.state === 'failed') throw new QueueCountError(id, status.failure ?? 'a sub-task failed');
      if (status.state === 'cancelled') throw new QueueCountCancelled(id, status.done, status.total);
      if (status.orphaned && options.onOrphan && !options.signal?.aborted) {
        await options.onOrphan(status);
        continue;
      }
      if (options.signal?.aborted) return stoppedResult(status, 'aborted', `stopped waiting; count ${id} goes on in the queue`);
      if (options.deadline !== undefined && Date.now() >= options.deadline) {
        await this.cancel(id);
        return stoppedResult(status, 'budget', `the time budget ran out: count ${id} was cancelled`);
      }
      if (status.state === 'summing') {
        // Every result is in and no sum has come for a while: ask for it again (harmless if one is on its way).
        await redriveSum(this.#redis, this.address.prefix, id, options.sumPatienceMs ?? 30_000).catch(() => undefined);
      }
      const nothingQueued = status.state !== 'submitting' && status.state !== 'summing' && status.done < status.total && status.waiting + status.active + status.retrying === 0;
      if (!nothingQueued || (lost && lost.done !== status.done)) lost = undefined;
      else if (!lost) lost = { since: Date.now(), done: status.done };
      else if (Date.now() - lost.since >= (options.lostAfterMs ?? 3000)) {
        const failure = `${status.total - status.done} of its ${status.total} sub-tasks are gone from the queue (evicted by Redis or removed by hand): it cannot finish; submit it again`;
        await this.#redis.multi().hset(keys.count(this.address.prefix, id), { state: 'failed', failure, finishedAt: Date.now() }).srem(keys.running(this.address.prefix), id).exec().catch(() => {});
        throw new QueueCountError(id, failure);
      }
      const pause = options.pollMs ?? 500;
      await sleep(options.deadline !== undefined ? Math.max(0, Math.min(pause, options.deadline - Date.now())) : pause, options.signal);
    }
  }

  /**
   * Cancels a count: its record says `cancelled` (kept a day, so a waiting client can say so), every worker is
   * told at once on a channel and stops the count's sub-tasks in flight, and its sub-tasks and results are removed
   * in batches that yield. A finished (or already cancelled) count is removed altogether.
   */
  async cancel(id: string): Promise<void> {
    const { prefix } = this.address;
    const countKey = keys.count(prefix, id);
    try {
      const state = await this.#redis.hget(countKey, 'state');
      if (state === null) throw noCount(id, this.address);
      if (state === 'complete' || state === 'failed' || state === 'cancelled') {
        await this.#redis.multi().unlink(countKey).zrem(keys.index(prefix), id).srem(keys.running(prefix), id).exec().then(failedStep);
      } else {
        await this.#redis
          .multi()
          .hset(countKey, { state: 'cancelled', finishedAt: Date.now() })
          .srem(keys.running(prefix), id)
          .pexpire(countKey, CANCELLED_KEEP_MS)
          .publish(keys.cancel(prefix), id)
          .exec()
          .then(failedStep);
      }
      await removeCountJobs(this.#redis, prefix, id);
    } catch (error) {
      throw redisError(error, this.address);
    }
  }

  async close(): Promise<void> {
    await this.#connection.close();
  }
}

export { QueueUnreachable };

function recordState(record: Record<string, string>, done: number, total: number, servable: boolean): CountState {
  switch (record.state) {
    case 'complete':
    case 'failed':
    case 'cancelled':
    case 'submitting':
      return record.state;
    case 'summing':
      return 'summing';
    default:
      if (done >= total) return 'summing';
      return servable ? 'running' : 'waiting-for-worker';
  }
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
      extra: { executor: 'queue', job: status.id, subTasks: sums.subTasks, reruns: sums.reruns, refused: sums.refused ?? 0, machines: new Set(sums.workers.map((w) => w.replace(/:\d+$/, ''))).size },
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
      coverageOf: 'sub-tasks' as const,
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

/**
 * Why a count's record does not check, in the reader's terms: a signed count read without the key (`jobs` or
 * `status` given no key) is not a forgery, and one submitted without a key is not read with one.
 */
export function unverified(haveKey: boolean, mac: string): string {
  if (!haveKey && mac !== '') return 'it was submitted with a queue key and none was given here: give the same key (BEZZEL_QUEUE_KEY or --queue-key-file) to read it';
  if (haveKey && mac === '') return 'it was submitted without a queue key and this one expects every count signed: read it without the key, or it was forged';
  return 'its record on the queue was altered or forged (its MAC does not check with this key): no count';
}
