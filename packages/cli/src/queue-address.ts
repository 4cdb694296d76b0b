import { UsageError } from '@bezzel/core';
import { parseQueueAddress, type QueueAddress } from '@bezzel/queue';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { userCwd } from './plugins.js';
import type { QueueOptions } from './queue-options.js';

/**
 * The queue a command names with --queue or BEZZEL_QUEUE, with its password from --password-file or
 * BEZZEL_QUEUE_PASSWORD and its TLS files. A password written into the address still works, with a warning:
 * `ps` and the shell's history show it.
 */
export function queueAddressOf(options: QueueOptions): QueueAddress {
  if (!options.queue) throw new UsageError('ERR_QUEUE', 'which queue? give --queue redis://host:port/db or set BEZZEL_QUEUE');
  const password = options.passwordFile !== undefined ? readSecret(options.passwordFile, '--password-file').split(/\r?\n/)[0]! : process.env.BEZZEL_QUEUE_PASSWORD || undefined;
  const tls = {
    ...(options.tlsCa !== undefined ? { ca: readSecret(options.tlsCa, '--tls-ca') } : {}),
    ...(options.tlsCert !== undefined ? { cert: readSecret(options.tlsCert, '--tls-cert') } : {}),
    ...(options.tlsKey !== undefined ? { key: readSecret(options.tlsKey, '--tls-key') } : {}),
  };
  const address = parseQueueAddress(options.queue, { ...(password !== undefined ? { password } : {}), tls });
  if (address.passwordInAddress && password === undefined) {
    process.stderr.write('bezzel: warning: a password in the queue address shows in `ps` and shell history; set BEZZEL_QUEUE_PASSWORD or use --password-file\n');
  }
  return address;
}

function readSecret(file: string, option: string): string {
  try {
    return readFileSync(resolve(userCwd(), file), 'utf8');
  } catch (error) {
    throw new UsageError('ERR_QUEUE', `${option}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
}
