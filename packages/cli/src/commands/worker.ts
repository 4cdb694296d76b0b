import { assertReachable, CountWorker } from '@bezzel/queue';
import { Command } from 'commander';
import { availableParallelism } from 'node:os';
import { EXIT, type SetExit } from '../exit';
import { collect, duration, wholeNumber } from '../options';
import { createCliBezzel, pluginSpecifier } from '../plugins';
import { addressOf, queueOption } from './jobs';

interface WorkerOptions {
  readonly queue?: string;
  readonly workers?: number;
  readonly plugin: string[];
  readonly stallTimeout: number;
  readonly quiet?: boolean;
}

/** `bezzel worker`: one machine's share of counts on a queue, until stopped. */
export function workerCommand(setExit: SetExit): Command {
  return new Command('worker')
    .description("pull sub-tasks of counts from a queue and run them on this machine's cores, until stopped")
    .addOption(queueOption())
    .option('--workers <n>', 'worker threads, one sub-task each (default: every core)', wholeNumber('--workers', 1))
    .option('--plugin <module>', 'a plugin this worker may run: a package name or a .js/.mjs/.ts file (repeatable)', collect, [])
    .option('--stall-timeout <time>', "how long a silent worker's sub-tasks wait before other workers take them over", duration, 30_000)
    .option('-q, --quiet', 'no line per sub-task')
    .action(async (options: WorkerOptions) => setExit(await runWorker(options)));
}

async function runWorker(options: WorkerOptions): Promise<number> {
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
