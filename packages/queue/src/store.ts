import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
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
  /** The digest of each result as recorded (see RECORD): an entry that does not match it was written otherwise. */
  tally: (prefix: string, id: string) => `${prefix}:bezzel:count:${id}:tally`,
  countWorkers: (prefix: string, id: string) => `${prefix}:bezzel:count:${id}:workers`,
  /** The live workers that looked at a count and cannot run it (scored by their last heartbeat, as countWorkers). */
  countDeclined: (prefix: string, id: string) => `${prefix}:bezzel:count:${id}:declined`,
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
/**
 * How long connected workers may take to see a new count and say whether they serve it (they look every 0.5 s and
 * say so at once): until then, while a connected worker has said neither, the count is not "waiting for a capable
 * worker".
 */
export const NOTICE_MS = 3000;

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
 *
 * Beside each result the script keeps its digest (`…:results:tally`, SHA-1 of the entry as recorded), so an entry
 * written into Redis by any other way — a forgery, with or without a key — is told apart from one this script
 * recorded: it is replaced by this run's and counted once, and the sum refuses it too.
 * KEYS: the count's record, its results, their tally. ARGV: index, entry, nodes, `replace` (the entry there was
 * found forged by its MAC: it is overwritten) or `new`, now (ms), then field/increment pairs.
 * Returns [code, done, total, round]: code 1 recorded, 0 already there, 3 recorded over a forged entry, 2 the
 * count is summing already (its last results are in: the caller may ask for the sum again, harmlessly), -1 no
 * such count, -2 the count is finished or cancelled.
 */
const RECORD = `
local state = redis.call('HGET', KEYS[1], 'state')
if not state then return { -1, 0, 0, 0 } end
local function tail(code)
  local f = redis.call('HMGET', KEYS[1], 'done', 'total', 'round')
  return { code, tonumber(f[1]) or 0, tonumber(f[2]) or 0, tonumber(f[3]) or 0 }
end
if state == 'summing' then return tail(2) end
if state ~= 'submitting' and state ~= 'running' then return { -2, 0, 0, 0 } end
local digest = redis.call('HGET', KEYS[3], ARGV[1])
local there = redis.call('HGET', KEYS[2], ARGV[1])
local replace = ARGV[4] == 'replace'
if there and not replace and digest and digest == redis.sha1hex(there) then return tail(0) end
local code = 1
if there and not replace then
  code = 3
  redis.call('HINCRBY', KEYS[1], 'refused', 1)
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[1], redis.sha1hex(ARGV[2]))
if not digest then
  redis.call('HINCRBY', KEYS[1], 'done', 1)
  redis.call('HINCRBY', KEYS[1], 'nodes', ARGV[3])
  for i = 6, #ARGV, 2 do redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
local f = redis.call('HMGET', KEYS[1], 'done', 'total', 'round')
local done, total = tonumber(f[1]), tonumber(f[2])
if done >= total and state == 'running' then redis.call('HSET', KEYS[1], 'state', 'summing', 'summingAt', ARGV[5]) end
return { code, done, total, tonumber(f[3]) or 0 }
`;

type Scripted = Redis & {
  bezzelRecord(count: string, results: string, tally: string, ...args: (string | number)[]): Promise<[number, number, number, number]>;
  bezzelRedriveSum(count: string, ...args: (string | number)[]): Promise<[number, number] | number>;
};

function scripted(redis: Redis): Scripted {
  const r = redis as Scripted;
  if (typeof r.bezzelRecord !== 'function') redis.defineCommand('bezzelRecord', { numberOfKeys: 3, lua: RECORD });
  if (typeof r.bezzelRedriveSum !== 'function') redis.defineCommand('bezzelRedriveSum', { numberOfKeys: 1, lua: REDRIVE_SUM });
  return r;
}

/** The SHA-1 digest Redis's `redis.sha1hex` gives an entry: what the tally keeps of each result recorded. */
export const digestOf = (entry: string): string => createHash('sha1').update(entry, 'utf8').digest('hex');

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
  const [code, done, total, round] = await scripted(redis).bezzelRecord(keys.count(prefix, id), keys.results(prefix, id), keys.tally(prefix, id), String(index), entry, Math.max(0, Math.round(nodes)), replace ? 'replace' : 'new', Date.now(), ...sums.flat());
  return { code, done, total, round };
}

/**
 * Whether a count's sum must be asked for again, and under which job id: the count has been `summing` (or is
 * `running` with every result in: its submitter or last worker died before asking) for `patienceMs` since it
 * began to, or since the sum was last asked for again, and still no answer. Asking again is harmless (the sum
 * checks the count's state and round, and its answer is written once); waiting `patienceMs` between asks keeps a
 * sum that is merely slow from being run twice at once too often.
 * KEYS: the record. ARGV: now, patience. Returns [round, attempt] to ask, or 0.
 */
const REDRIVE_SUM = `
local f = redis.call('HMGET', KEYS[1], 'state', 'round', 'summingAt', 'sumAskedAt', 'done', 'total')
local now = tonumber(ARGV[1])
if f[1] == 'running' and tonumber(f[5] or '0') >= tonumber(f[6] or '1') then
  redis.call('HSET', KEYS[1], 'state', 'summing', 'summingAt', ARGV[1])
  return 0
end
if f[1] ~= 'summing' then return 0 end
local since = tonumber(f[4]) or tonumber(f[3]) or 0
if now - since < tonumber(ARGV[2]) then return 0 end
local attempt = redis.call('HINCRBY', KEYS[1], 'sumAsked', 1)
redis.call('HSET', KEYS[1], 'sumAskedAt', ARGV[1])
return { tonumber(f[2]) or 0, attempt }
`;

/**
 * Asks again for the sum of a count stuck in `summing` (see REDRIVE_SUM): the worker that recorded its last result
 * died before asking, or the sum job was taken by a consumer that never answered. Any worker's discovery tick and
 * any waiting `result` call this; it writes only when the count is stuck. Returns the round and the job id asked
 * for, if any; with `enqueue` false (a worker that sums it itself) no job is added.
 */
export async function redriveSum(redis: Redis, prefix: string, id: string, patienceMs: number, enqueue = true): Promise<{ round: number; jobId: string } | undefined> {
  const reply = await scripted(redis).bezzelRedriveSum(keys.count(prefix, id), Date.now(), Math.max(0, Math.round(patienceMs)));
  if (!Array.isArray(reply)) return undefined;
  const [round, attempt] = reply;
  const jobId = `${id}.sum.${round}.again${attempt}`;
  // A worker that can sum the count sums it itself (a consumer swallowing sum jobs could take a new one too).
  if (!enqueue) return { round, jobId };
  const queue = new Queue(countQueueOf(id), { connection: redis, prefix, skipMetasUpdate: true, streams: { events: { maxLen: 100 } } });
  try {
    await queue.add('sum', { count: id, round }, { jobId, attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: true });
  } finally {
    await queue.close();
  }
  return { round, jobId };
}

/**
 * Writes a count's answer, once: only while the count is still `summing` (or `running`) in the round that was
 * summed. A sum asked for twice (see REDRIVE_SUM) may run twice; the second finds the answer written and leaves it.
 * KEYS: record, running set. ARGV: round, result, resultMac, finishedAt, subTasks, keepMs, id. Returns 1 written, 0 not.
 */
const FINISH = `
local f = redis.call('HMGET', KEYS[1], 'state', 'round')
if (f[1] ~= 'summing' and f[1] ~= 'running') or (tonumber(f[2]) or 0) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'state', 'complete', 'result', ARGV[2], 'resultMac', ARGV[3], 'finishedAt', ARGV[4], 'done', ARGV[5])
redis.call('SREM', KEYS[2], ARGV[7])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1
`;

/** Writes a count's answer if its round is still the one summed (FINISH); whether it did. */
export async function finishCount(redis: Redis, prefix: string, id: string, round: number, result: string, resultMac: string, subTasks: number, keepMs: number): Promise<boolean> {
  const reply = await redis.eval(FINISH, 2, keys.count(prefix, id), keys.running(prefix), round, result, resultMac, Date.now(), subTasks, keepMs, id);
  return reply === 1;
}

/**
 * Starts a new round of a count whose sum refused results (forged, altered, missing): the running sums are set to
 * those of the results that checked, the refused ones dropped (with their tally), and the count is `running`
 * again — only if it is still in the round that was summed, so two sums of one round start one new round.
 * KEYS: record, results, tally. ARGV: round, new round, done, nodes, refused, number of refused fields (-1: all of
 * them, the results and tally removed whole), the fields, then limb field/value pairs. Returns 1 started, 0 not.
 */
const NEW_ROUND = `
local f = redis.call('HMGET', KEYS[1], 'state', 'round')
if (f[1] ~= 'summing' and f[1] ~= 'running') or (tonumber(f[2]) or 0) ~= tonumber(ARGV[1]) then return 0 end
local bad = tonumber(ARGV[6])
if bad < 0 then
  redis.call('UNLINK', KEYS[2], KEYS[3])
  bad = 0
end
for i = 7, 6 + bad do
  redis.call('HDEL', KEYS[2], ARGV[i])
  redis.call('HDEL', KEYS[3], ARGV[i])
end
local fields = redis.call('HKEYS', KEYS[1])
for _, name in ipairs(fields) do
  if string.match(name, '^[cf]%d+$') then redis.call('HDEL', KEYS[1], name) end
end
redis.call('HDEL', KEYS[1], 'summingAt', 'sumAskedAt')
redis.call('HSET', KEYS[1], 'done', ARGV[3], 'nodes', ARGV[4], 'round', ARGV[2], 'state', 'running')
redis.call('HINCRBY', KEYS[1], 'refused', ARGV[5])
for i = 7 + bad, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return 1
`;

/** Starts a new round after a sum that refused results (NEW_ROUND); whether it did. */
export async function startNewRound(redis: Redis, prefix: string, id: string, round: number, next: { done: number; nodes: number; refused: number; dropped: readonly string[] | 'all'; limbs: readonly [string, string][] }): Promise<boolean> {
  const dropped = next.dropped === 'all' ? [] : next.dropped;
  const reply = await redis.eval(NEW_ROUND, 3, keys.count(prefix, id), keys.results(prefix, id), keys.tally(prefix, id), round, round + 1, next.done, next.nodes, next.refused, next.dropped === 'all' ? -1 : dropped.length, ...dropped, ...next.limbs.flat());
  return reply === 1;
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
  await redis.unlink(keys.results(prefix, id), keys.tally(prefix, id), keys.countWorkers(prefix, id), keys.countDeclined(prefix, id), keys.submitter(prefix, id));
}
