import { inert, UsageError } from '@bezzel/core';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { parseQueueAddress, QueueKey, type QueueAddress } from '@bezzel/queue';
import { resolve } from 'node:path';
import { userCwd } from '../plugins/load-plugins.js';
import type { QueueOptions } from './queue-options.js';
import { MiB, readBounded } from '../options/user-file.js';
import { writeNote } from '../output/notes.js';

/**
 * The queue a command names with --queue or BEZZEL_QUEUE, with its password from --password-file or
 * BEZZEL_QUEUE_PASSWORD and its TLS files. A password written into the address still works, with a warning:
 * `ps` and the shell's history show it.
 */
export function queueAddressOf(options: QueueOptions): QueueAddress {
  if (!options.queue) throw new UsageError('ERR_QUEUE', 'which queue? give --queue redis://host:port/db or set BEZZEL_QUEUE');
  const password = options.passwordFile !== undefined ? readSecret(options.passwordFile, '--password-file').split(/\r?\n/)[0]! : process.env.BEZZEL_QUEUE_PASSWORD || undefined;
  if ((options.tlsCert === undefined) !== (options.tlsKey === undefined)) {
    throw new UsageError('ERR_QUEUE', `${options.tlsCert !== undefined ? '--tls-cert needs --tls-key' : '--tls-key needs --tls-cert'}: a client certificate goes with its private key`);
  }
  const tls = {
    ...(options.tlsCa !== undefined ? { ca: readSecret(options.tlsCa, '--tls-ca') } : {}),
    ...(options.tlsCert !== undefined ? { cert: readSecret(options.tlsCert, '--tls-cert') } : {}),
    ...(options.tlsKey !== undefined ? { key: readSecret(options.tlsKey, '--tls-key') } : {}),
  };
  // The address first (TLS files with a redis:// address are said as that), then the files themselves.
  const address = parseQueueAddress(options.queue, { ...(password !== undefined ? { password } : {}), tls });
  if (tls.ca !== undefined) certificates(tls.ca, '--tls-ca', options.tlsCa!);
  if (tls.cert !== undefined) certificates(tls.cert, '--tls-cert', options.tlsCert!);
  if (tls.key !== undefined) privateKey(tls.key, options.tlsKey!);
  if (tls.cert !== undefined && tls.key !== undefined && !new X509Certificate(tls.cert).checkPrivateKey(createPrivateKey(tls.key))) {
    throw new UsageError('ERR_QUEUE', `--tls-key ${inert(options.tlsKey!)} is not the key of --tls-cert ${inert(options.tlsCert!)}: give the private key that goes with the certificate`);
  }
  if (address.passwordInAddress && password === undefined) {
    writeNote('bezzel: warning: a password in the queue address shows in `ps` and shell history; set BEZZEL_QUEUE_PASSWORD or use --password-file');
  }
  return address;
}

/**
 * The shared key that signs counts, sub-tasks and results, from --queue-key-file or BEZZEL_QUEUE_KEY; undefined
 * when neither is given (nothing is then authenticated: `warnUnsigned` says so where it matters).
 */
export function queueKeyOf(options: QueueOptions): QueueKey | undefined {
  const text = options.queueKeyFile !== undefined ? readSecret(options.queueKeyFile, '--queue-key-file').split(/\r?\n/)[0]! : process.env.BEZZEL_QUEUE_KEY || undefined;
  if (text === undefined) return undefined;
  try {
    return QueueKey.of(text);
  } catch (error) {
    throw new UsageError('ERR_QUEUE', `${options.queueKeyFile !== undefined ? '--queue-key-file' : 'BEZZEL_QUEUE_KEY'}: ${(error as Error).message}`);
  }
}

/** Once, on stderr: without a shared key, anyone who can write to the Redis can change a count unseen. */
export function warnUnsigned(key: QueueKey | undefined, what: string): void {
  if (key) return;
  writeNote(`bezzel: warning: no queue key (BEZZEL_QUEUE_KEY or --queue-key-file): ${what} are not signed, and a result forged in Redis would be counted`);
}

/**
 * A PEM file of certificates (a CA, a client's), checked when it is read: a file that is not one was sent to the
 * server and came back as "self-signed certificate" or OpenSSL's decoder codes (exit 69), where the fix is the flag.
 */
function certificates(text: string, option: string, file: string): string {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new UsageError('ERR_QUEUE', `${option} ${inert(file)} is not a PEM certificate (no -----BEGIN CERTIFICATE----- block): give the certificate file itself`);
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch (error) {
      throw new UsageError('ERR_QUEUE', `${option} ${inert(file)}: a certificate in it cannot be read (${(error as Error).message.split('\n')[0]})`);
    }
  }
  return text;
}

/** A PEM private key, checked when it is read: unencrypted (a worker has no one to type a passphrase). */
function privateKey(text: string, file: string): string {
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) throw new UsageError('ERR_QUEUE', `--tls-key ${inert(file)} is not a PEM private key (no -----BEGIN PRIVATE KEY----- block): give the key of --tls-cert`);
  try {
    createPrivateKey(text);
  } catch (error) {
    const encrypted = /ENCRYPTED|passphrase|bad decrypt/i.test(`${text.slice(0, 200)} ${(error as Error).message}`);
    throw new UsageError('ERR_QUEUE', encrypted
      ? `--tls-key ${inert(file)} is encrypted: give the key unencrypted (openssl pkey -in ${inert(file)} -out client-plain.key), kept readable only by this user`
      : `--tls-key ${inert(file)}: the key cannot be read (${(error as Error).message.split('\n')[0]})`);
  }
  return text;
}

function readSecret(file: string, option: string): string {
  try {
    return readBounded(resolve(userCwd(), file), 16 * MiB);
  } catch (error) {
    throw new UsageError('ERR_QUEUE', `${option}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
}
