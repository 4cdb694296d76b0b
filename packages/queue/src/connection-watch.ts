import { Redis } from 'ioredis';
import { isAuthError, type QueueAddress } from './connection.js';

/** What a long-lived process hears about its queue's connection: lost (once, with why) and back. */
export interface ConnectionEvents {
  readonly onLost?: (why: string) => void;
  readonly onBack?: () => void;
}

/**
 * A Redis connection that says when it is lost and when it is back, once each: a worker or a waiting `result`
 * prints one line instead of going silent (BullMQ waits for a reconnection without a word) or printing the same
 * error at every retry. ioredis reconnects with the address's backoff meanwhile.
 */
export class WatchedConnection {
  readonly redis: Redis;
  #lost = false;
  #ready = false;
  #closing = false;

  constructor(address: QueueAddress, events: ConnectionEvents = {}) {
    this.redis = new Redis({ ...address.connection, lazyConnect: false });
    const lose = (why: string) => {
      if (this.#lost || this.#closing) return;
      this.#lost = true;
      events.onLost?.(isAuthError(why) ? `the server refused the credentials (${why})` : why);
    };
    this.redis.on('error', (error: Error) => lose(error.message || String(error)));
    // A server that goes away closes the socket: report at once, not at the first failed reconnection.
    this.redis.on('close', () => this.#ready && lose('the connection closed'));
    this.redis.on('ready', () => {
      this.#ready = true;
      if (!this.#lost) return;
      this.#lost = false;
      events.onBack?.();
    });
  }

  get lost(): boolean {
    return this.#lost;
  }

  async close(): Promise<void> {
    this.#closing = true;
    this.redis.disconnect();
  }
}
