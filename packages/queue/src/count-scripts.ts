import type { Redis } from 'ioredis';

/**
 * The reads of a count's state as Lua scripts: Redis runs a script whole, with no other command in between, so
 * the job, its state, its children's results and their states come from one instant. Read one after the other,
 * a count that finished between two reads showed a state from after and a return value from before (a null the
 * caller died on). BullMQ's key layout: `prefix:queue:id` is a job's hash, `prefix:queue:state` its state's list
 * or sorted set, `…:id:processed` a parent's children's results, `…:id:dependencies` its children still to run,
 * `…:id:unsuccessful` those that failed for good.
 */
const STATE_OF = `
local function stateOf(base, id)
  if redis.call('ZSCORE', base .. 'completed', id) then return 'completed' end
  if redis.call('ZSCORE', base .. 'failed', id) then return 'failed' end
  if redis.call('ZSCORE', base .. 'waiting-children', id) then return 'waiting-children' end
  if redis.call('LPOS', base .. 'active', id) then return 'active' end
  if redis.call('ZSCORE', base .. 'delayed', id) then return 'delayed' end
  return 'waiting'
end
`;

/** ARGV: prefix, counts queue, count id. Returns false when there is no such count. */
const COUNT_STATUS = `${STATE_OF}
local prefix, counts, id = ARGV[1], ARGV[2], ARGV[3]
local base = prefix .. ':' .. counts .. ':'
local jobKey = base .. id
if redis.call('EXISTS', jobKey) == 0 then return false end
local f = redis.call('HMGET', jobKey, 'data', 'timestamp', 'finishedOn', 'returnvalue', 'failedReason', 'defa')
local processed = redis.call('HGETALL', jobKey .. ':processed')
local active, delayed = 0, 0
local failure = false
local data = cjson.decode(f[1])
if type(data['subTaskQueue']) == 'string' then
  local sub = prefix .. ':' .. data['subTaskQueue'] .. ':'
  local deps = jobKey .. ':dependencies'
  for _, child in ipairs(redis.call('LRANGE', sub .. 'active', 0, -1)) do
    if redis.call('SISMEMBER', deps, sub .. child) == 1 then active = active + 1 end
  end
  for _, child in ipairs(redis.call('ZRANGE', sub .. 'delayed', 0, -1)) do
    if redis.call('SISMEMBER', deps, sub .. child) == 1 then delayed = delayed + 1 end
  end
end
local unsuccessful = redis.call('ZRANGE', jobKey .. ':unsuccessful', 0, -1)
if #unsuccessful > 0 then
  local c = redis.call('HMGET', unsuccessful[1], 'data', 'failedReason', 'atm', 'attemptsMade', 'pb')
  failure = cjson.encode({ key = unsuccessful[1], data = c[1], reason = c[2], attempts = c[3] or c[4], worker = c[5] })
end
return { stateOf(base, id), f[1], f[2], f[3] or false, f[4] or false, f[5] or false, f[6] or false, processed, active, delayed, #unsuccessful, failure }
`;

/** ARGV: prefix, counts queue. Every count: id, state, data, submitted, finished, sub-tasks done. */
const LIST_COUNTS = `${STATE_OF}
local prefix, counts = ARGV[1], ARGV[2]
local base = prefix .. ':' .. counts .. ':'
local ids = {}
for _, set in ipairs({ 'waiting-children', 'delayed', 'completed', 'failed' }) do
  for _, id in ipairs(redis.call('ZRANGE', base .. set, 0, -1)) do ids[#ids + 1] = id end
end
for _, list in ipairs({ 'wait', 'paused', 'active' }) do
  for _, id in ipairs(redis.call('LRANGE', base .. list, 0, -1)) do ids[#ids + 1] = id end
end
local out = {}
for _, id in ipairs(ids) do
  local f = redis.call('HMGET', base .. id, 'data', 'timestamp', 'finishedOn', 'defa')
  if f[1] then
    out[#out + 1] = { id, stateOf(base, id), f[1], f[2], f[3] or false, f[4] or false, redis.call('HLEN', base .. id .. ':processed') }
  end
end
return out
`;

/** BullMQ's state of a count's job, read in the same instant as the rest. */
export type JobState = 'completed' | 'failed' | 'waiting-children' | 'active' | 'delayed' | 'waiting';

/** A count's job as one script read it. */
export interface CountSnapshot {
  readonly state: JobState;
  readonly data: string;
  readonly timestamp: number;
  readonly finishedOn?: number;
  readonly returnvalue?: string;
  readonly failedReason?: string;
  /** Set when a child failed for good and the count is on its way to `failed`. */
  readonly deferredFailure?: string;
  /** Child job key → its return value (JSON). */
  readonly processed: Record<string, string>;
  readonly active: number;
  readonly retrying: number;
  readonly failed: number;
  readonly firstFailure?: { readonly key: string; readonly data?: string; readonly reason?: string; readonly attempts?: string; readonly worker?: string };
}

export interface CountListing {
  readonly id: string;
  readonly state: JobState;
  readonly data: string;
  readonly timestamp: number;
  readonly finishedOn?: number;
  readonly deferredFailure?: string;
  readonly done: number;
}

type Scripted = Redis & {
  bezzelCountStatus(prefix: string, counts: string, id: string): Promise<unknown[] | null>;
  bezzelListCounts(prefix: string, counts: string): Promise<unknown[][]>;
};

function scripted(redis: Redis): Scripted {
  const r = redis as Scripted;
  if (typeof r.bezzelCountStatus !== 'function') {
    redis.defineCommand('bezzelCountStatus', { numberOfKeys: 0, lua: COUNT_STATUS });
    redis.defineCommand('bezzelListCounts', { numberOfKeys: 0, lua: LIST_COUNTS });
  }
  return r;
}

const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));
const number = (value: unknown) => (value === null || value === undefined ? undefined : Number(value));

/** One count's state in one instant, or undefined when the queue has no such count. */
export async function readCount(redis: Redis, prefix: string, counts: string, id: string): Promise<CountSnapshot | undefined> {
  const row = await scripted(redis).bezzelCountStatus(prefix, counts, id);
  if (!row) return undefined;
  const [state, data, timestamp, finishedOn, returnvalue, failedReason, deferred, flat, active, retrying, failed, failure] = row;
  const pairs = flat as string[];
  const processed: Record<string, string> = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) processed[pairs[i]!] = pairs[i + 1]!;
  const finished = number(finishedOn);
  return {
    state: state as JobState,
    data: String(data),
    timestamp: Number(timestamp),
    ...(finished !== undefined ? { finishedOn: finished } : {}),
    ...(text(returnvalue) !== undefined ? { returnvalue: text(returnvalue) } : {}),
    ...(text(failedReason) !== undefined ? { failedReason: text(failedReason) } : {}),
    ...(text(deferred) !== undefined ? { deferredFailure: text(deferred) } : {}),
    processed,
    active: Number(active),
    retrying: Number(retrying),
    failed: Number(failed),
    ...(text(failure) !== undefined ? { firstFailure: JSON.parse(String(failure)) as CountSnapshot['firstFailure'] } : {}),
  };
}

/** Every count on the queue, each read in the same instant. */
export async function listCounts(redis: Redis, prefix: string, counts: string): Promise<CountListing[]> {
  const rows = await scripted(redis).bezzelListCounts(prefix, counts);
  const seen = new Set<string>();
  return rows.flatMap(([id, state, data, timestamp, finishedOn, deferred, done]) => {
    // A job in two of BullMQ's lists at once does not happen inside a script; still, list each count once.
    if (seen.has(String(id))) return [];
    seen.add(String(id));
    const finished = number(finishedOn);
    return [{
      id: String(id),
      state: state as JobState,
      data: String(data),
      timestamp: Number(timestamp),
      ...(finished !== undefined ? { finishedOn: finished } : {}),
      ...(text(deferred) !== undefined ? { deferredFailure: text(deferred) } : {}),
      done: Number(done),
    }];
  });
}
