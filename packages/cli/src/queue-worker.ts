import { CountWorker, describePlugin } from '@bezzel/queue';
import { availableParallelism } from 'node:os';
import { EXIT } from './exit.js';
import { createCliBezzel, pluginSpecifier } from './plugins.js';
import { queueAddressOf } from './queue-address.js';
import type { QueueOptions } from './queue-options.js';

/** What `bezzel worker` does; its command (commands/worker.ts) loads this, and the queue's client, when it runs. */

export interface WorkerOptions extends QueueOptions {
  readonly workers?: number;
  readonly plugin: string[];
  readonly stall?: number;
  readonly stallTimeout?: number;
  readonly quiet?: boolean;
}

/** The stall time the README promises when none is given. */
const DEFAULT_STALL_MS = 30_000;

export async function runWorker(options: WorkerOptions): Promise<number> {
  const address = queueAddressOf(options);
  // The bundled plugins and the user's: the worker takes sub-tasks only of counts that need no others.
  const { plugins } = await createCliBezzel(options.plugin);
  const offered = plugins.map((plugin) => ({ ...describePlugin(pluginSpecifier(plugin), plugin.url), url: plugin.url }));
  const threads = options.workers ?? availableParallelism();
  const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  const stallMs = options.stall ?? options.stallTimeout ?? DEFAULT_STALL_MS;
  // Quiet keeps what an operator must see: the connection, errors, and counts it will not take.
  const important = /^(queue error|lost the queue|the queue at|not taking)/;
  const worker = CountWorker.start({ address, threads, plugins: offered, stallMs, log: options.quiet ? (line) => important.test(line) && log(line) : log });
  log(`bezzel worker ${worker.name}: ${threads} thread(s) on ${address.display}, stall time ${stallMs / 1000} s; Ctrl-C to stop`);

  // First Ctrl-C (or SIGTERM): take no new sub-tasks and finish those in flight. A second: leave them; their
  // locks lapse and other workers take them over within the stall time.
  const stopped = new Promise<number>((resolve) => {
    const gently = () => {
      log('stopping: finishing the sub-tasks in flight (Ctrl-C again to leave them to other workers)');
      process.once('SIGINT', () => void worker.close(true).then(() => resolve(EXIT.interrupted)));
      void worker.close(false).then(() => resolve(EXIT.answered));
    };
    process.once('SIGINT', gently);
    process.once('SIGTERM', gently);
  });
  const code = await stopped;
  log('stopped');
  return code;
}
