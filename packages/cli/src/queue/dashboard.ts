import { UsageError } from '@bezzel/core';
import { resolve } from 'node:path';
import { EXIT } from '../exit.js';
import { onInterrupt } from '../solve/interrupt.js';
import { userCwd } from '../plugins/load-plugins.js';
import { queueAddressOf } from './address.js';
import type { QueueOptions } from './queue-options.js';
import { MiB, readBounded } from '../options/user-file.js';

/** What `bezzel dashboard` does; its command (commands/dashboard.ts) loads this, and the web server, when it runs. */

export interface DashboardCommandOptions extends QueueOptions {
  readonly port: number;
  readonly host: string;
  readonly readWrite?: boolean;
  readonly tokenFile?: string;
}

export async function runDashboard(options: DashboardCommandOptions): Promise<number> {
  const address = queueAddressOf(options);
  if (options.port > 65_535) throw new UsageError('ERR_OPTION', `--port may be at most 65535, not ${options.port}`);
  const { assertReachable } = await import('@bezzel/queue');
  await assertReachable(address);
  const { startDashboard } = await import('@bezzel/dashboard');
  const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  const credential = options.tokenFile !== undefined ? readToken(options.tokenFile) : process.env.BEZZEL_DASHBOARD_TOKEN || undefined;
  let dashboard;
  try {
    dashboard = await startDashboard({ address, port: options.port, host: options.host, readWrite: Boolean(options.readWrite), log, ...(credential !== undefined ? { credential } : {}) });
  } catch (error) {
    if ((error as Error).name === 'DashboardRefused') throw new UsageError('ERR_OPTION', (error as Error).message);
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') throw new UsageError('ERR_OPTION', `cannot serve on ${options.host}:${options.port}: ${(error as Error).message}`);
    throw error;
  }
  log(`bezzel dashboard of ${address.display}: ${dashboard.url} (${options.readWrite ? 'read-write' : 'read-only'}); Ctrl-C to stop`);
  log(`it ${dashboard.exposes}`);
  // The command's one stop, armed from its start: a Ctrl-C typed while the page was starting is not lost.
  await new Promise<void>((resolve) => {
    const controller = new AbortController();
    controller.signal.addEventListener('abort', () => resolve(), { once: true });
    onInterrupt(controller);
  });
  await dashboard.close();
  log('stopped');
  return EXIT.interrupted;
}

function readToken(file: string): string {
  try {
    return readBounded(resolve(userCwd(), file), MiB).split(/\r?\n/)[0]!;
  } catch (error) {
    throw new UsageError('ERR_OPTION', `--token-file: cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
}
