import { Command, Option } from 'commander';
import { availableParallelism } from 'node:os';
import type { SetExit } from '../exit.js';
import { collect, duration, wholeNumber } from '../options/common-options.js';
import { addQueueOptions } from '../queue/queue-options.js';
import type { WorkerOptions } from '../queue/worker.js';

/** `bezzel worker`: one machine's share of counts on a queue, until stopped. */
export function workerCommand(setExit: SetExit): Command {
  return addQueueOptions(new Command('worker').description("pull sub-tasks of counts from a queue and run them on this machine's cores, until stopped"))
    .option('--workers <n>', 'worker threads, one sub-task each (default: every core)', wholeNumber('--workers', 1, 4 * availableParallelism(), '4 threads a core on this machine'))
    .option('--plugin <module>', 'a plugin this worker may run: a package name or a .js/.mjs/.ts file (repeatable)', collect, [])
    .option('--stall <time>', 'when a worker dies, its sub-tasks are taken over by others within this time (default 30s)', duration)
    // The earlier spelling, kept working for scripts that use it.
    .addOption(new Option('--stall-timeout <time>').argParser(duration).hideHelp())
    .option('--grace <time>', 'when stopped (SIGTERM, Ctrl-C), how long sub-tasks in flight may finish before they go back on the queue (default 10s)', duration)
    .option('--max-sub-task-time <time>', 'the longest one sub-task may run here; past it the sub-task fails its count, saying so (default: no limit)', duration)
    .option('-q, --quiet', 'no line per sub-task')
    .addHelpText('after', WORKER_HELP)
    .action(async (options: WorkerOptions) => setExit(await (await import('../queue/worker.js')).runWorker(options)));
}

/** What an operator needs before the first worker: a Redis that keeps its counts, and how safe that is. */
const WORKER_HELP = `
A queue is a Redis that keeps what it is given: start it with the append-only file, on loopback or a private
network, with a password from its config file (not its command line):
  redis-server /etc/bezzel-redis.conf     # port 6379, bind 127.0.0.1, appendonly yes, appendfsync everysec,
                                          # dir /var/lib/bezzel-redis, requirepass LONG-RANDOM-SECRET
  BEZZEL_QUEUE_PASSWORD=… bezzel worker --queue redis://127.0.0.1:6379/0
A Redis crash then loses at most about the last second: sub-tasks finished in it run again, and are counted once.
While Redis is unreachable the worker says so once and keeps reconnecting (every 5 s at most).`;
