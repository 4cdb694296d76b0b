import { UsageError } from '@bezzel/core';
import { EXIT } from './exit.js';
import { queueAddressOf } from './queue-address.js';
import type { QueueOptions } from './queue-options.js';

/** What `bezzel dashboard` does; its command (commands/dashboard.ts) loads this, and the web server, when it runs. */

export interface DashboardCommandOptions extends QueueOptions {
  readonly port: number;
  readonly host: string;
  readonly readWrite?: boolean;
}

export async function runDashboard(options: DashboardCommandOptions): Promise<number> {
  const address = queueAddressOf(options);
  if (options.port > 65_535) throw new UsageError('ERR_OPTION', `--port may be at most 65535, not ${options.port}`);
  const { assertReachable } = await import('@bezzel/queue');
  await assertReachable(address);
  const { startDashboard } = await import('@bezzel/dashboard');
  const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  let dashboard;
  try {
    dashboard = await startDashboard({ address, port: options.port, host: options.host, readWrite: Boolean(options.readWrite), log });
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') throw new UsageError('ERR_OPTION', `cannot serve on ${options.host}:${options.port}: ${(error as Error).message}`);
    throw error;
  }
  log(`bezzel dashboard of ${address.display}: ${dashboard.url} (${options.readWrite ? 'read-write' : 'read-only'}); Ctrl-C to stop`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await dashboard.close();
  log('stopped');
  return EXIT.interrupted;
}
