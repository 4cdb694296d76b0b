import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { countQueueOf } from './protocol.js';

/**
 * A count's own keys, beside BullMQ's: its record (a hash of a few dozen fields, whatever the number of
 * sub-tasks), its results (one entry per sub-task, removed once the answer is written), the workers serving it.
 * Every read and write here costs the same for 10² and 10⁶ sub-tasks, except the one pass over the results that
 * sums a finished count, which goes in batches (HSCAN).
 */
export const keys = {
  count: (prefix: string, id: string) => `${prefix}:bezzel:count:${id}`,
  results: (prefix: string, id: string) => `${prefix}:bezzel:count:${id}:results`,
  countWorkers: (prefix: string, id: string) => `${prefix}:bezzel:count:${id}:workers`,
  /** Held (with a time to live) by whoever is sending a count's sub-tasks: gone, the send was cut short. */
  submitter: (prefix: string, id: string) => `${prefix}:bezzel:count:${id}:submitter`,
  /** Every count, by submission time (listing). */
  index: (prefix: string) => `${prefix}:bezzel:counts`,
  /** Counts with sub-tasks to run: what workers look for. */
  running: (prefix: string) => `${prefix}:bezzel:running`,
  /** Workers alive, by when they last said so. */
  workers: (prefix: string) => `${prefix}:bezzel:workers`,
  /** The pub/sub channel that tells every worker a count was cancelled. */
  cancel: (prefix: string) => `${prefix}:bezzel:cancel`,
};

/** How often a worker says it is alive (and which counts it serves), and how long that holds. */
export const HEARTBEAT_MS = 2000;
export const ALIVE_MS = 6000;

/** The counts with sub-tasks to run, with what each needs: what workers and the dashboard look at. */
export async function runningCounts(redis: Redis, prefix: string): Promise<{ id: string; queue: string; capability?: import('./capability.js').Capability }[]> {
  const ids = await redis.smembers(keys.running(prefix));
  if (ids.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const id of ids) pipeline.hget(keys.count(prefix, id), 'data');
  const replies = (await pipeline.exec()) ?? [];
  return ids.map((id, i) => {
    let capability;
    try {
      capability = (JSON.parse(String(replies[i]?.[1])) as { capability?: import('./capability.js').Capability }).capability;
    } catch {
      capability = undefined;
    }
    return { id, queue: countQueueOf(id), ...(capability ? { capability } : {}) };
  });
}

/** How a count stands in its record. */
export type RecordState = 'submitting' | 'running' | 'summing' | 'complete' | 'failed' | 'cancelled';

/**
 * Counts are summed as they come in, exactly, with HINCRBY on 64-bit integers: each weighted count is cut into
 * 40-bit limbs (`c0`, `c1`, … and `f0`, … for the fundamental count), so a million sub-tasks add up to less than
 * 2⁶⁰ in any limb, and a count of any size is Σ limbᵢ·2⁴⁰ⁱ.
 */
const LIMB_BITS = 40n;
const LIMB_MASK = (1n << LIMB_BITS) - 1n;

export function limbsOf(field: 'c' | 'f', value: bigint): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; value > 0n; i++, value >>= LIMB_BITS) {
    const limb = value & LIMB_MASK;
    if (limb !== 0n) out.push([`${field}${i}`, String(limb)]);
  }
  return out;
}

export function sumOfLimbs(record: Readonly<Record<string, string>>, field: 'c' | 'f'): bigint {
  let sum = 0n;
  for (const [name, value] of Object.entries(record)) {
    const match = /^([cf])(\d+)$/.exec(name);
    if (match?.[1] === field) sum += BigInt(value) << (BigInt(match[2]!) * LIMB_BITS);
  }
  return sum;
}

/**
 * Records one sub-task's result and adds its weighted counts to the running sums, once per index: a sub-task
 * that ran twice is counted once. Constant time. Lua because the condition (first result of this index, count
 * still running) and the additions must be one step, which neither BullMQ nor a MULTI offers.
 * KEYS: the count's record, its results. ARGV: index, entry, nodes, `replace` (the entry there was found forged:
 * it is overwritten and this one counted) or `new`, then field/increment pairs.
 * Returns [code, done, total]: code 1 recorded, 0 already there, -1 no such count, -2 the count is not running.
 */
const RECORD = `
local state = redis.call('HGET', KEYS[1], 'state')
if not state then return { -1, 0, 0 } end
if state ~= 'submitting' and state ~= 'running' then return { -2, 0, 0 } end
local code = 0
local new
if ARGV[4] == 'replace' then new = redis.call('HSET', KEYS[2], ARGV[1], ARGV[2]) >= 0 else new = redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) == 1 end
if new then
  code = 1
  redis.call('HINCRBY', KEYS[1], 'done', 1)
  redis.call('HINCRBY', KEYS[1], 'nodes', ARGV[3])
  for i = 5, #ARGV, 2 do redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
local f = redis.call('HMGET', KEYS[1], 'done', 'total', 'round')
local done, total = tonumber(f[1]), tonumber(f[2])
if done >= total and state == 'running' then redis.call('HSET', KEYS[1], 'state', 'summing') end
return { code, done, total, tonumber(f[3]) or 0 }
`;

type Scripted = Redis & { bezzelRecord(count: string, results: string, ...args: (string | number)[]): Promise<[number, number, number, number]> };

export async function recordResult(
  redis: Redis,
  prefix: string,
  id: string,
  index: number,
  entry: string,
  nodes: number,
  sums: [string, string][],
  replace = false,
): Promise<{ code: number; done: number; total: number; round: number }> {
  const r = redis as Scripted;
  if (typeof r.bezzelRecord !== 'function') redis.defineCommand('bezzelRecord', { numberOfKeys: 2, lua: RECORD });
  const [code, done, total, round] = await r.bezzelRecord(keys.count(prefix, id), keys.results(prefix, id), String(index), entry, Math.max(0, Math.round(nodes)), replace ? 'replace' : 'new', ...sums.flat());
  return { code, done, total, round };
}

/**
 * Removes a count's sub-task queue with everything on it, in batches of 500 jobs (BullMQ's obliterate: each call
 * bounded, other clients' commands run between them), and its results and worker list (UNLINK: freed off
 * Redis's main thread).
 */
export async function removeCountJobs(redis: Redis, prefix: string, id: string): Promise<void> {
  const queue = new Queue(countQueueOf(id), { connection: redis, prefix, skipMetasUpdate: true });
  try {
    await queue.obliterate({ force: true, count: 500 });
  } finally {
    await queue.close();
  }
  await redis.unlink(keys.results(prefix, id), keys.countWorkers(prefix, id), keys.submitter(prefix, id));
}
