import type { Redis } from 'ioredis';
import { subTaskQueueOf, type Capability } from './capability.js';

/**
 * The capabilities counts have asked for, in one Redis hash: sub-task queue name → capability and when a count
 * last used it. Workers read it to find the queues they can serve; a count's submission writes its own.
 */
const registryKey = (prefix: string) => `${prefix}:bezzel:capabilities`;

export interface RegisteredCapability {
  readonly queue: string;
  readonly capability: Capability;
  readonly lastUsed: number;
}

/** The one command submitting needs, so any client (a FlowProducer's own) can register. */
export interface HashWriter {
  hset(key: string, data: Record<string, string>): Promise<unknown>;
}

export async function registerCapability(redis: HashWriter, prefix: string, capability: Capability): Promise<string> {
  const queue = subTaskQueueOf(capability);
  await redis.hset(registryKey(prefix), { [queue]: JSON.stringify({ capability, lastUsed: Date.now() }) });
  return queue;
}

export async function registeredCapabilities(redis: Redis, prefix: string): Promise<RegisteredCapability[]> {
  const entries = await redis.hgetall(registryKey(prefix));
  return Object.entries(entries).flatMap(([queue, text]) => {
    try {
      const { capability, lastUsed } = JSON.parse(text) as { capability: Capability; lastUsed: number };
      return [{ queue, capability, lastUsed }];
    } catch {
      return []; // not ours to judge: an entry another version wrote in a shape this one does not read
    }
  });
}

/** Forgets capabilities no count has used for `olderThanMs`: workers then stop listening on their queues. */
export async function forgetCapabilities(redis: Redis, prefix: string, olderThanMs: number): Promise<void> {
  const stale = (await registeredCapabilities(redis, prefix)).filter((c) => Date.now() - c.lastUsed > olderThanMs);
  if (stale.length > 0) await redis.hdel(registryKey(prefix), ...stale.map((c) => c.queue));
}
