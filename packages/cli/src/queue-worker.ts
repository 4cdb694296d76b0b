import { assertReachable, CountWorker } from '@bezzel/queue';
import { availableParallelism } from 'node:os';
import { EXIT } from './exit.js';
import { createCliBezzel, pluginSpecifier } from './plugins.js';
import { addressOf } from './queue-jobs.js';

/** What `bezzel worker` does; its command (commands/worker.ts) loads this, and the queue's client, when it runs. */

export interface WorkerOptions {
  readonly queue?: string;
  readonly workers?: number;
  readonly plugin: string[];
  readonly stallTimeout: number;
  readonly quiet?: boolean;
}

export async function runWorker(options: WorkerOptions): Promise<number> {
  const address = addressOf(options);
  await assertReachable(address);
  // The bundled plugins and the user's: a job may name only these, by package name or file path.
  const { plugins } = await createCliBezzel(options.plugin);
  const urls = new Map<string, string>();
  for (const plugin of plugins) urls.set(plugin.name, plugin.url).set(pluginSpecifier(plugin), plugin.url);
  const threads = options.workers ?? availableParallelism();
  const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  const worker = CountWorker.start({
    address,
    threads,
    resolvePlugin: (specifier) => urls.get(specifier),
    stallTimeoutMs: options.stallTimeout,
    log: options.quiet ? (line) => line.startsWith('queue error') && log(line) : log,
  });
  log(`bezzel worker ${worker.name}: ${threads} thread(s) on ${address.display}; Ctrl-C to stop`);

  // First Ctrl-C (or SIGTERM): take no new sub-tasks and finish those in flight. A second: leave them; their
  // locks lapse and other workers take them over after the stall timeout.
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
