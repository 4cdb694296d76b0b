import { UsageError } from '@bezzel/core';
import { Redis, type RedisOptions } from 'ioredis';

/** Where a count's jobs live: a Redis server and database, and the key prefix that keeps clusters apart. */
export interface QueueAddress {
  /** The address as the user wrote it, without a password, for messages. */
  readonly display: string;
  readonly connection: RedisOptions;
  readonly prefix: string;
}

/**
 * Reads `redis://[user:password@]host[:port][/db][?prefix=name]` (or `rediss://` for TLS). A malformed address
 * is the user's mistake: one line, exit code 2.
 */
export function parseQueueAddress(text: string): QueueAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError('ERR_QUEUE', `--queue wants an address like redis://127.0.0.1:6379/0, not "${text}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new UsageError('ERR_QUEUE', `--queue wants a redis:// or rediss:// address, not "${text}"`);
  }
  const dbText = url.pathname.replace(/^\//, '');
  if (dbText !== '' && !/^\d+$/.test(dbText)) throw new UsageError('ERR_QUEUE', `the Redis database in "${text}" must be a number, as in redis://host:6379/0`);
  const prefix = url.searchParams.get('prefix') ?? 'bezzel';
  if (!/^[\w-]+$/.test(prefix)) throw new UsageError('ERR_QUEUE', `the queue prefix "${prefix}" may hold letters, digits, - and _ only`);
  const connection: RedisOptions = {
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    db: dbText === '' ? 0 : Number(dbText),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    // BullMQ's blocking workers need commands to wait for a reconnection rather than fail after a few tries.
    maxRetriesPerRequest: null,
  };
  const shown = new URL(text);
  shown.password = '';
  return { display: shown.href, connection, prefix };
}

/**
 * Pings the server once, so an address where nothing listens is one clear line at once; BullMQ itself would
 * retry quietly for ever.
 */
export async function assertReachable(address: QueueAddress, timeoutMs = 3000): Promise<void> {
  const client = new Redis({ ...address.connection, lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The socket's own error (ECONNREFUSED, ENOTFOUND) says more than the "Connection is closed" that follows it.
  let cause: string | undefined;
  client.on('error', (error: Error) => (cause ??= error.message));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new UsageError('ERR_QUEUE', `cannot reach the queue at ${address.display}: ${cause ?? (error as Error).message}`);
  } finally {
    client.disconnect();
  }
}
