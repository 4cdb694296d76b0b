import type { Task } from '@bezzel/core';
import type { SplitPlan } from '@bezzel/pool';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { macOf, type QueueKey } from './auth.js';
import { BEZZEL_VERSION, capabilityOf, type PluginRequirement } from './capability.js';
import { assertReachable, redisError, type QueueAddress } from './connection.js';
import { countQueueOf, DEFAULT_KEEP_MS, MAX_KEEP_MS, type CountJobData, type SubTaskJobData, type SumJobData } from './protocol.js';
import { keys } from './store.js';

export interface SubmitOptions {
  readonly address: QueueAddress;
  readonly plan: SplitPlan;
  /** The plugins the sub-tasks need, by the specifier a worker looks them up by, with their versions. */
  readonly plugins: readonly PluginRequirement[];
  /** Runs of one sub-task before the count fails; default 3. */
  readonly attempts?: number;
  /** How long the finished count stays on the queue (default a week, at most a year). */
  readonly keepMs?: number;
  /** The shared key that authenticates the count and its sub-tasks (workers need the same). */
  readonly key?: QueueKey;
  /** Told the count's id before any sub-task is sent, so a submitter killed part way can say which count it was. */
  readonly onId?: (id: string) => void;
  /** Sub-tasks sent per command (default 1000): no Redis call grows with the count. */
  readonly chunk?: number;
}

/** A job id a user can type: what is counted, and a random tail. */
function countJobId(plan: SplitPlan): string {
  const { board, piece } = plan.instance;
  const what = `${piece.id}-${board.width}x${board.height}`.replace(/[^a-z0-9-]+/gi, '-');
  return `${what}-${randomBytes(4).toString('hex')}`;
}

/** A task as a queue holds it: which count, not how long one run may take (the waiting client keeps that clock). */
export function withoutBudget(task: Task): Task {
  const { budget: _budget, ...rest } = task;
  return rest;
}

/** How BullMQ queues of counts are opened: a short event stream (the default keeps 10,000 events per queue). */
export const countQueueOptions = { streams: { events: { maxLen: 100 } } } as const;

/** The options of every sub-task job. */
export function subTaskJobOptions(jobId: string, attempts: number) {
  return {
    // Ids fixed by the count and index: adding the same sub-task twice cannot make two jobs.
    jobId,
    attempts,
    backoff: { type: 'exponential', delay: 2000 },
    // Its result lives on in the count's record; the job itself is not needed.
    removeOnComplete: true,
    removeOnFail: true,
  } as const;
}

export function subTaskData(key: QueueKey | undefined, count: string, index: number, subKey: string, weight: number): SubTaskJobData {
  return { count, index, key: subKey, weight, mac: macOf(key, 'sub-task', count, index, subKey, weight) };
}

/**
 * Puts a count on the queue: its record first (workers find it at once), then its sub-tasks in chunks of
 * `chunk` jobs (BullMQ's addBulk), each on the count's own queue, so no Redis call and no buffer grows with the
 * number of sub-tasks. Returns the count's id, which `status` and `result` take later.
 */
export async function submitCount(options: SubmitOptions): Promise<string> {
  const { address, plan } = options;
  await assertReachable(address);
  const id = countJobId(plan);
  const keepMs = Math.min(options.keepMs ?? DEFAULT_KEEP_MS, MAX_KEEP_MS);
  const data: CountJobData = {
    task: withoutBudget(plan.task),
    strategy: plan.strategy.meta.id,
    parts: plan.parts,
    subTasks: plan.subTasks.length,
    bezzel: BEZZEL_VERSION,
    capability: capabilityOf(options.plugins),
    keepMs,
  };
  const text = JSON.stringify(data);
  const redis = new Redis({ ...address.connection, maxRetriesPerRequest: 3 });
  redis.on('error', () => {}); // each command's own failure is what is reported
  const queue = new Queue<SubTaskJobData>(countQueueOf(id), { connection: redis, prefix: address.prefix, ...countQueueOptions });
  try {
    const now = Date.now();
    await redis
      .multi()
      .hset(keys.count(address.prefix, id), { data: text, mac: macOf(options.key, 'count', id, text), state: 'submitting', submittedAt: now, total: data.subTasks, done: 0, nodes: 0, round: 0, refused: 0 })
      .zadd(keys.index(address.prefix), now, id)
      .sadd(keys.running(address.prefix), id)
      .exec()
      .then(failedStep);
    options.onId?.(id);
    const chunk = options.chunk ?? 1000;
    const attempts = options.attempts ?? 3;
    for (let from = 0; from < plan.subTasks.length; from += chunk) {
      const jobs = plan.subTasks.slice(from, from + chunk).map(({ sub, key }, i) => ({
        name: 'sub-task',
        data: subTaskData(options.key, id, from + i, key, sub.weight),
        opts: subTaskJobOptions(`${id}.${from + i}`, attempts),
      }));
      await queue.addBulk(jobs);
      collectGarbage(from, chunk);
    }
    const [, [, done]] = (await redis.multi().hset(keys.count(address.prefix, id), 'state', 'running').hget(keys.count(address.prefix, id), 'done').exec().then(failedStep)) as [unknown, [unknown, string]];
    // Every sub-task returned while the rest were being sent: the sum is this submitter's to ask for.
    if (Number(done) >= data.subTasks) await requestSum(redis, address.prefix, id, 0);
  } catch (error) {
    throw redisError(error, address);
  } finally {
    await queue.close();
    redis.disconnect();
  }
  return id;
}

/**
 * Asks for a count's sum: a job on the count's own queue, so only a worker that can cut the count (it has its
 * plugins) takes it. The job id makes asking twice harmless.
 */
export async function requestSum(redis: Redis, prefix: string, id: string, round: number): Promise<void> {
  const queue = new Queue<SumJobData>(countQueueOf(id), { connection: redis, prefix, ...countQueueOptions });
  try {
    await queue.add('sum', { count: id, round }, { jobId: `${id}.sum.${round}`, attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: true });
  } finally {
    await queue.close();
  }
}

/**
 * A full garbage collection every 8 chunks while a big count is sent. Each job BullMQ adds leaves about 2 KB of
 * short-lived objects (its Job, packed arguments, the pipeline's buffers) that outlive a young-generation sweep
 * while their chunk is in flight; V8 lets them pile up in the old generation before it collects it (68,000
 * sub-tasks peaked at 270 MB). Collected every 8,000 jobs, the submitter's memory stays that of its split.
 */
let gc: (() => void) | undefined | null;
function collectGarbage(from: number, chunk: number): void {
  if ((from / chunk) % 8 !== 7) return;
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}

/** A MULTI's replies, throwing the first command's error (ioredis puts them in the array). */
export function failedStep<T extends [Error | null, unknown][] | null>(replies: T): T {
  for (const [error] of replies ?? []) if (error) throw error;
  return replies;
}
