import { UsageError } from '@bezzel/core';
import { Redis, type RedisOptions } from 'ioredis';
import { connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** Where a count's jobs live: a Redis server and database, and the key prefix that keeps clusters apart. */
export interface QueueAddress {
  /** The address as the user wrote it, without a password, for messages. */
  readonly display: string;
  readonly connection: RedisOptions;
  readonly prefix: string;
  /** The address itself carried a password: it shows in `ps` and shell history (the CLI warns). */
  readonly passwordInAddress: boolean;
}

/** What does not belong in an address: the password, and for `rediss://` the certificates (PEM text). */
export interface QueueSecrets {
  readonly password?: string;
  readonly tls?: { readonly ca?: string; readonly cert?: string; readonly key?: string };
}

/** The queue's Redis does not answer (nothing listens there, or it went away): exit code 69 in the CLI. */
export class QueueUnreachable extends Error {
  override readonly name = 'QueueUnreachable';
}

/**
 * Reads `redis://[user[:password]@]host[:port][/db][?prefix=name]` (or `rediss://` for TLS). A malformed address
 * is the user's mistake: one line, exit code 2. A password in `secrets` wins over one in the address.
 */
export function parseQueueAddress(text: string, secrets: QueueSecrets = {}): QueueAddress {
  // A user name or password typed into the address unencoded may hold `/`, `?` or `#`, which end the host part
  // of a URL: the parser would read part of the password as a host, port or path, and a message would show it.
  // An `@` after the first of them is that mistake; it is said without the address's user part.
  const afterScheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text)?.[0].length ?? 0;
  const hostPartEnd = afterScheme + (/[/?#]/.exec(text.slice(afterScheme))?.index ?? text.length - afterScheme);
  if (afterScheme > 0 && text.lastIndexOf('@') >= hostPartEnd) {
    throw new UsageError('ERR_QUEUE', `the user or password in the queue address "${withoutPassword(text)}" holds a / ? or #: percent-encode it (%2F %3F %23), or better, give the password in BEZZEL_QUEUE_PASSWORD or --password-file`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError('ERR_QUEUE', `--queue wants an address like redis://127.0.0.1:6379/0, not "${withoutPassword(text)}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new UsageError('ERR_QUEUE', `--queue wants a redis:// or rediss:// address, not "${withoutPassword(text)}"`);
  }
  const shown = new URL(text);
  shown.password = '';
  const display = shown.href;
  const dbText = url.pathname.replace(/^\//, '');
  if (dbText !== '' && !/^\d+$/.test(dbText)) throw new UsageError('ERR_QUEUE', `the Redis database in "${display}" must be a number, as in redis://host:6379/0`);
  const prefix = url.searchParams.get('prefix') ?? 'bezzel';
  if (!/^[\w-]+$/.test(prefix)) throw new UsageError('ERR_QUEUE', `the queue prefix "${prefix}" may hold letters, digits, - and _ only`);
  const tls = secrets.tls && Object.values(secrets.tls).some((v) => v !== undefined) ? secrets.tls : undefined;
  if (tls && url.protocol !== 'rediss:') throw new UsageError('ERR_QUEUE', `--tls-ca, --tls-cert and --tls-key go with a rediss:// address, not ${display}`);
  const password = secrets.password ?? (url.password ? decoded(url.password, 'password', display) : undefined);
  const connection: RedisOptions = {
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    db: dbText === '' ? 0 : Number(dbText),
    ...(url.username ? { username: decoded(url.username, 'user name', display) } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(url.protocol === 'rediss:' ? { tls: { ...(tls?.ca ? { ca: tls.ca } : {}), ...(tls?.cert ? { cert: tls.cert } : {}), ...(tls?.key ? { key: tls.key } : {}) } } : {}),
    // BullMQ's blocking workers need commands to wait for a reconnection rather than fail after a few tries.
    maxRetriesPerRequest: null,
    // Reconnect with backoff: quickly at first, then every 5 s at most, for as long as it takes.
    retryStrategy: (times: number) => Math.min(100 * 2 ** Math.min(times, 6), 5000),
  };
  return { display, connection, prefix, passwordInAddress: url.password !== '' };
}

/**
 * An address for a message: whatever the user typed, with everything before its last `@` cut out (user and
 * password: a password may hold any character, `:` `/` and `@` included, so no finer cut is safe).
 */
function withoutPassword(text: string): string {
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text)?.[0] ?? '';
  return `${scheme}…@${text.slice(at + 1)}`;
}

/** A percent-encoded user name or password; a bad escape (`%` not followed by two hex digits) is a usage error that shows neither. */
function decoded(text: string, what: string, display: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new UsageError('ERR_QUEUE', `the ${what} in the queue address ${display} has a bad percent escape (% must be followed by two hex digits; write %25 for %): give the password in BEZZEL_QUEUE_PASSWORD or --password-file instead`);
  }
}

/** Whether a Redis error is the server refusing the credentials (not a network fault). */
export function isAuthError(message: string): boolean {
  return /WRONGPASS|NOAUTH|invalid password|invalid username-password/i.test(message);
}

/**
 * Pings the server once, so an address where nothing listens is one clear line at once; BullMQ itself would
 * retry quietly for ever. A refused password is the user's mistake (UsageError); silence is QueueUnreachable.
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
    client.disconnect();
    const why = cause ?? (error as Error).message;
    if (isAuthError(why)) throw new UsageError('ERR_QUEUE', `the queue at ${address.display} refused the credentials: ${why} (see BEZZEL_QUEUE_PASSWORD and --password-file)`);
    throw (await tlsProblem(why, address)) ?? new QueueUnreachable(`cannot reach the queue at ${address.display}: ${firstLine(why)}`);
  }
  // A database the server does not have: the client's own SELECT fails quietly and its commands go to database
  // 0, so a count would be said to be where it is not. Asked here, it is one line.
  const db = address.connection.db ?? 0;
  if (db !== 0) {
    try {
      await client.select(db);
    } catch (error) {
      client.disconnect();
      throw new UsageError('ERR_QUEUE', `the Redis at ${address.display} has no database ${db}: ${((error as Error).message ?? '').split('\n')[0]} (its databases are numbered from 0; see its "databases" setting)`);
    }
  }
  try {
    const problem = await unfitServer(client);
    if (problem) throw new QueueUnreachable(`the queue at ${address.display} ${problem}`);
  } catch (error) {
    throw redisError(error, address);
  } finally {
    client.disconnect();
  }
}

/** The part of an OpenSSL message a person reads: `tlsv13 alert certificate required`, not the codes around it. */
function firstLine(message: string): string {
  // error:0A00045C:SSL routines:ssl3_read_bytes:tlsv13 alert certificate required:../deps/…: the words after the function.
  const ssl = /routines:[^:]*:([^:\n]+)/.exec(message)?.[1];
  return (ssl ?? message).split('\n')[0]!.trim();
}

/**
 * A TLS mistake said as the flag or the address to fix (a usage error, exit 2): a server that asks for a client
 * certificate none was given for (--tls-cert, --tls-key), a certificate its CA did not sign (--tls-ca), a file
 * that is not PEM, or the wrong scheme — `rediss://` to a plain port (found by asking it PING in plain), or
 * `redis://` to a TLS port (found by a TLS handshake). Undefined when the failure is not one of these.
 */
export async function tlsProblem(given: string, address: QueueAddress): Promise<UsageError | undefined> {
  const tls = address.connection.tls as { ca?: unknown; cert?: unknown } | undefined;
  const at = address.display;
  // TLS 1.3 sends a server's refusal after the handshake: the client often sees only the reset that follows. A
  // handshake of our own, with the same files, reads the alert itself.
  const why = tls && /ECONNRESET|EPIPE|Connection is closed|socket disconnected/i.test(given) ? ((await tlsAlert(address)) ?? given) : given;
  const reason = firstLine(why);
  if (tls) {
    if (/certificate required|alert number 116/i.test(why) || (!tls.cert && /handshake failure/i.test(why))) {
      return new UsageError('ERR_QUEUE', `--tls-cert and --tls-key: the server at ${at} asks for a client certificate (${reason}); give one signed by a CA it trusts, with its key`);
    }
    if (tls.cert && /alert (bad certificate|unknown ca|certificate unknown|decrypt error|handshake failure)|alert number (42|48|46|51)\b/i.test(why)) {
      return new UsageError('ERR_QUEUE', `--tls-cert: the server at ${at} refused this client certificate (${reason}); it must be signed by a CA the server trusts`);
    }
    if (/self[- ]signed certificate|unable to verify|unable to get (local )?issuer|certificate signature failure|certificate has expired|not yet valid/i.test(why)) {
      return new UsageError('ERR_QUEUE', tls.ca
        ? `--tls-ca: the certificate of the server at ${at} does not check against this CA (${reason}); give the CA that signed it`
        : `--tls-ca: the certificate of the server at ${at} is signed by a CA this machine does not trust (${reason}); give that CA with --tls-ca`);
    }
    if (/altname|Hostname\/IP does not match|does not match certificate/i.test(why)) {
      return new UsageError('ERR_QUEUE', `the certificate of the server at ${at} is not for that name (${reason}): use the host name or address its certificate names`);
    }
    if (/DECODER routines|PEM routines|no start line|bad decrypt|unsupported/i.test(why)) {
      return new UsageError('ERR_QUEUE', `--tls-ca, --tls-cert or --tls-key: a file is not PEM the TLS library can read (${reason})`);
    }
    if (/ETIMEDOUT|wrong version number|packet length too long|unexpected eof|ECONNRESET|socket disconnected|Connection is closed/i.test(why) && (await speaksPlainRedis(address))) {
      return new UsageError('ERR_QUEUE', `${at} answers plain Redis, not TLS: use redis:// for this port (or the server's TLS port for rediss://)`);
    }
    return undefined;
  }
  if (/ECONNRESET|EPIPE|Connection is closed|socket hang up|ETIMEDOUT/i.test(why) && (await speaksTls(address))) {
    return new UsageError('ERR_QUEUE', `${at} speaks TLS: use rediss:// for this port (with --tls-ca naming the CA that signed its certificate)`);
  }
  return undefined;
}

/** What a TLS connection with the address's own settings hears after a PING: the server's alert, if it sends one. */
function tlsAlert(address: QueueAddress): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ ...(address.connection.tls as object), host: address.connection.host ?? '127.0.0.1', port: address.connection.port ?? 6379 });
    const done = (answer: string | undefined) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1500, () => done(undefined));
    socket.on('error', (error: Error) => done(error.message));
    socket.on('secureConnect', () => socket.write('PING\r\n'));
    socket.on('data', () => done(undefined));
    socket.on('close', () => done(undefined));
  });
}

/** Whether a plain PING to the address gets a Redis reply (`+PONG`, or `-NOAUTH` and the like) within a second. */
function speaksPlainRedis(address: QueueAddress): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ host: address.connection.host ?? '127.0.0.1', port: address.connection.port ?? 6379 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data: Buffer) => done(data[0] === 0x2b || data[0] === 0x2d));
  });
}

/** Whether a TLS handshake with the address completes within a second (its certificate unchecked: only whether it speaks TLS). */
function speaksTls(address: QueueAddress): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host: address.connection.host ?? '127.0.0.1', port: address.connection.port ?? 6379, rejectUnauthorized: false });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('secureConnect', () => done(true));
  });
}

/**
 * Why a Redis cannot hold counts, or undefined when it can: one that evicts keys under memory pressure drops a
 * count's sub-tasks or its record in the middle (a count then waits for ever or fails on a missing field).
 * BullMQ needs `maxmemory-policy noeviction`. Read with INFO (CONFIG is often forbidden on managed servers).
 */
export async function unfitServer(redis: Pick<Redis, 'info'>): Promise<string | undefined> {
  const info = await redis.info('memory');
  const policy = /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
  if (policy === undefined || policy === 'noeviction') return undefined;
  return `evicts keys under memory pressure (maxmemory-policy ${policy}), which would lose counts; fix: redis-cli CONFIG SET maxmemory-policy noeviction (and in its config file)`;
}

/**
 * A Redis refusal as one line: out of memory, a transaction discarded for it, a script keeping the server busy,
 * a read-only replica (exit 69: the server cannot take it now), or a permission the user lacks (exit 2: the
 * operator's ACL must grant it; the queue README lists what is needed). Other errors pass through.
 */
export function redisError(error: unknown, address: QueueAddress): unknown {
  if (!(error instanceof Error)) return error;
  // ioredis keeps the reasons a MULTI was discarded (EXECABORT) beside it: the first one is the news.
  const previous = (error as Error & { previousErrors?: Error[] }).previousErrors?.[0]?.message;
  const message = (/^EXECABORT/.test(error.message) && previous ? previous : error.message).split('\n')[0]!;
  const at = `the queue's Redis at ${address.display}`;
  if (/^(OOM|EXECABORT)\b/.test(message)) {
    return new QueueUnreachable(`${at} is out of memory (maxmemory reached): ${message.replace(/^EXECABORT /, '')}; free memory or raise maxmemory, then try again`);
  }
  if (/^BUSY\b/.test(message)) return new QueueUnreachable(`${at} is busy running a script (${message}); try again later`);
  if (/^(READONLY|MASTERDOWN|LOADING|TRYAGAIN)\b/.test(message)) return new QueueUnreachable(`${at} cannot take writes now: ${message}`);
  if (/^NOPERM\b/.test(message)) return new UsageError('ERR_QUEUE', `${at} refused a command: ${message} (the Redis user needs the permissions listed in the README of @bezzel/queue)`);
  if (error.name === 'QueueUnreachable' || error instanceof UsageError) return error;
  return error;
}
