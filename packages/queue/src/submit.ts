import { UsageError, type Bezzel, type Task } from '@bezzel/core';
import { planSplit, type SplitPlan } from '@bezzel/pool';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { checks, macOf, type QueueKey } from './auth.js';
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
 * How long a submitter's hold on its count lasts unless renewed (it renews it every second and after each chunk).
 * A count still `submitting` without it was cut short (its submitter killed part way): `resumeSubmit` sends the
 * rest.
 */
export const SUBMITTER_LEASE_MS = 5000;
const LEASE_RENEW_MS = 1000;

/**
 * Puts a count on the queue: its record first (workers find it at once), then its sub-tasks in chunks of
 * `chunk` jobs (BullMQ's addBulk), each on the count's own queue, so no Redis call and no buffer grows with the
 * number of sub-tasks. Returns the count's id, which `status` and `result` take later. The id is told (`onId`)
 * before any sub-task is sent; while sending, the submitter holds a lease on the count and the record says how
 * many were sent, so a submitter killed part way leaves a count that `resumeSubmit` (`bezzel result ID`) finishes.
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
  try {
    const now = Date.now();
    await redis
      .multi()
      .hset(keys.count(address.prefix, id), { data: text, mac: macOf(options.key, 'count', id, text), state: 'submitting', submittedAt: now, total: data.subTasks, done: 0, sent: 0, nodes: 0, round: 0, refused: 0 })
      .set(keys.submitter(address.prefix, id), String(process.pid), 'PX', SUBMITTER_LEASE_MS)
      .zadd(keys.index(address.prefix), now, id)
      .sadd(keys.running(address.prefix), id)
      .exec()
      .then(failedStep);
    options.onId?.(id);
    await sendSubTasks(redis, address, id, plan, 0, options);
  } catch (error) {
    throw redisError(error, address);
  } finally {
    redis.disconnect();
  }
  return id;
}

export interface ResumeOptions {
  readonly address: QueueAddress;
  readonly id: string;
  /** Cuts the count again, as a worker does: it needs the count's strategy and plugins. */
  readonly bezzel: Bezzel;
  readonly key?: QueueKey;
  readonly attempts?: number;
  readonly chunk?: number;
  /** Told how many sub-tasks were sent and of how many, before the rest are sent. */
  readonly onResume?: (sent: number, total: number) => void;
}

/**
 * Finishes the submission of a count whose submitter was killed part way: the count is still `submitting` and
 * no one holds its lease. Takes the lease, cuts the count again from its record (task, strategy, parts: the same
 * cut every worker makes) and sends its sub-tasks from the last chunk recorded as sent (job ids are fixed by
 * index, so a chunk sent twice makes no second job; a sub-task run twice is counted once). Returns false when
 * there was nothing to do (the count is not submitting, or its submitter or another resumer is at work).
 */
export async function resumeSubmit(options: ResumeOptions): Promise<boolean> {
  const { address, id } = options;
  const redis = new Redis({ ...address.connection, maxRetriesPerRequest: 3 });
  redis.on('error', () => {});
  try {
    const countKey = keys.count(address.prefix, id);
    if ((await redis.hget(countKey, 'state')) !== 'submitting') return false;
    if ((await redis.set(keys.submitter(address.prefix, id), `resume ${process.pid}`, 'PX', SUBMITTER_LEASE_MS, 'NX')) !== 'OK') return false;
    const record = await redis.hgetall(countKey);
    if (record.state !== 'submitting' || !record.data) return false;
    if (!checks(options.key, record.mac ?? '', 'count', id, record.data)) {
      throw new UsageError('ERR_QUEUE', `count ${id} was cut short while it was submitted, and its record does not check with ${options.key ? 'this' : 'no'} queue key: give the key it was submitted with (BEZZEL_QUEUE_KEY or --queue-key-file) to send the rest`);
    }
    const data = JSON.parse(record.data) as CountJobData;
    let plan: SplitPlan;
    try {
      plan = planSplit(options.bezzel, data.task, data.parts);
    } catch (error) {
      throw new UsageError('ERR_QUEUE', `count ${id} was cut short while it was submitted; to send the rest this machine must cut it again, and cannot: ${(error as Error).message} (give its plugins with --plugin)`);
    }
    if (plan.strategy.meta.id !== data.strategy || plan.subTasks.length !== data.subTasks) {
      throw new UsageError('ERR_QUEUE', `count ${id} was cut short while it was submitted; this machine splits it into ${plan.subTasks.length} sub-tasks with ${plan.strategy.meta.id}, not ${data.subTasks} with ${data.strategy} as its submitter did (another version of a plugin?)`);
    }
    const sent = Math.min(Number(record.sent ?? 0), plan.subTasks.length);
    options.onResume?.(sent, plan.subTasks.length);
    await sendSubTasks(redis, address, id, plan, sent, options);
    return true;
  } catch (error) {
    throw redisError(error, address);
  } finally {
    redis.disconnect();
  }
}

/** Every sub-task sent: a submitting count becomes running, and the lease goes. Returns [state before, done]. */
const SENT = `
local state = redis.call('HGET', KEYS[1], 'state')
if state == 'submitting' then redis.call('HSET', KEYS[1], 'state', 'running') end
redis.call('DEL', KEYS[2])
return { state, redis.call('HGET', KEYS[1], 'done') }
`;

/**
 * Sends a count's sub-tasks from index `from` in chunks, renewing the submitter's lease and recording how many
 * were sent after each; then marks the count running, and asks for its sum if every sub-task is already back.
 */
async function sendSubTasks(redis: Redis, address: QueueAddress, id: string, plan: SplitPlan, from: number, options: { key?: QueueKey; attempts?: number; chunk?: number }): Promise<void> {
  const countKey = keys.count(address.prefix, id);
  const lease = keys.submitter(address.prefix, id);
  const queue = new Queue<SubTaskJobData>(countQueueOf(id), { connection: redis, prefix: address.prefix, ...countQueueOptions });
  // The lease is renewed on a clock too, so a slow chunk (a loaded machine, a big split) does not lose it.
  const renew = setInterval(() => void redis.pexpire(lease, SUBMITTER_LEASE_MS).catch(() => {}), LEASE_RENEW_MS);
  renew.unref();
  try {
    const chunk = options.chunk ?? 1000;
    const attempts = options.attempts ?? 3;
    for (let start = from; start < plan.subTasks.length; start += chunk) {
      const jobs = plan.subTasks.slice(start, start + chunk).map(({ sub, key }, i) => ({
        name: 'sub-task',
        data: subTaskData(options.key, id, start + i, key, sub.weight),
        opts: subTaskJobOptions(`${id}.${start + i}`, attempts),
      }));
      await queue.addBulk(jobs);
      await redis.multi().hset(countKey, 'sent', start + jobs.length).pexpire(lease, SUBMITTER_LEASE_MS).exec().then(failedStep);
      collectGarbage(start - from, chunk);
    }
    // Only a count still submitting becomes running (one cancelled meanwhile stays cancelled): a check and a set
    // in one step, which a MULTI cannot make conditional.
    const [state, done] = (await redis.eval(SENT, 2, countKey, lease)) as [string | false, string | false];
    if (state !== 'submitting') return;
    // Every sub-task returned while the rest were being sent: the sum is this submitter's to ask for.
    if (Number(done) >= plan.subTasks.length) await requestSum(redis, address.prefix, id, 0);
  } finally {
    clearInterval(renew);
    await queue.close();
  }
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
