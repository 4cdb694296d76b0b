import { Command } from 'commander';
import type { SetExit } from '../exit.js';
import { collect, duration, wholeNumber } from '../options.js';
import type { WorkerOptions } from '../queue-worker.js';
import { queueOption } from './jobs.js';

/** `bezzel worker`: one machine's share of counts on a queue, until stopped. */
export function workerCommand(setExit: SetExit): Command {
  return new Command('worker')
    .description("pull sub-tasks of counts from a queue and run them on this machine's cores, until stopped")
    .addOption(queueOption())
    .option('--workers <n>', 'worker threads, one sub-task each (default: every core)', wholeNumber('--workers', 1))
    .option('--plugin <module>', 'a plugin this worker may run: a package name or a .js/.mjs/.ts file (repeatable)', collect, [])
    .option('--stall-timeout <time>', "how long a silent worker's sub-tasks wait before other workers take them over", duration, 30_000)
    .option('-q, --quiet', 'no line per sub-task')
    .action(async (options: WorkerOptions) => setExit(await (await import('../queue-worker.js')).runWorker(options)));
}

