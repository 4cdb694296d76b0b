import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The shared key that authenticates what crosses the queue: a count's record, its sub-tasks' job data, their
 * results and the final answer each carry an HMAC-SHA256 made with it. Submitters and workers are given the same
 * key (BEZZEL_QUEUE_KEY, or a key file); anyone who can only write to Redis cannot make a valid one, so a forged or
 * altered record is refused instead of counted. Without a key nothing is authenticated (the sums are still
 * recomputed from the count's own split, so a forged weight or key changes nothing; a forged result count would).
 */
export class QueueKey {
  readonly #key: Buffer;

  private constructor(key: Buffer) {
    this.#key = key;
  }

  /** A key from its text (a file's first line, or the environment): at least 16 characters. */
  static of(text: string): QueueKey {
    const trimmed = text.trim();
    if (trimmed.length < 16) throw new Error('the queue key must be at least 16 characters (make one: openssl rand -hex 32)');
    return new QueueKey(Buffer.from(trimmed, 'utf8'));
  }

  /** The MAC of a record: its kind and fields, in order, as JSON (no field can run into the next). */
  mac(kind: string, ...fields: readonly unknown[]): string {
    return createHmac('sha256', this.#key).update(JSON.stringify([kind, ...fields])).digest('base64url');
  }

  verify(mac: unknown, kind: string, ...fields: readonly unknown[]): boolean {
    if (typeof mac !== 'string' || mac === '') return false;
    const expected = Buffer.from(this.mac(kind, ...fields));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** MAC with a key, or '' without one. */
export function macOf(key: QueueKey | undefined, kind: string, ...fields: readonly unknown[]): string {
  return key ? key.mac(kind, ...fields) : '';
}

/**
 * Whether a record checks: with a key, its MAC must; without one, only an unauthenticated record (no MAC) is
 * taken — a worker without the key does not run counts made with one, which it could not check.
 */
export function checks(key: QueueKey | undefined, mac: unknown, kind: string, ...fields: readonly unknown[]): boolean {
  return key ? key.verify(mac, kind, ...fields) : mac === '' || mac === undefined;
}

