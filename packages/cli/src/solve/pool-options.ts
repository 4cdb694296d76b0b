import type { Command } from 'commander';
import { availableParallelism } from 'node:os';
import { boundedNumber, duration } from '../options/common-options.js';
import { addQueueOptions, type QueueOptions } from '../queue/queue-options.js';

/** Worker threads beyond this many per core only compete for the cores and eat memory. */
export const MAX_WORKERS_PER_CORE = 4;
/** Sub-tasks beyond this many cost more to hand out and add up than they save. */
export const MAX_PARTS = 1_000_000;

/** The options of a count that may split: threads, a checkpoint, a queue, the parts. */
export interface PoolOptions extends QueueOptions {
  readonly workers?: number;
  readonly checkpoint?: string;
  readonly parts?: number;
  readonly detach?: boolean;
  readonly keep?: number;
}

/** Adds them to a command that counts: place, tour, dominate. */
export function addPoolOptions(command: Command): Command {
  command
    .option('--workers <n>', `worker threads for counts that split, and for a minimum the threads its strategy may use (default: every core; at most ${MAX_WORKERS_PER_CORE} a core)`, boundedNumber('--workers', 1, MAX_WORKERS_PER_CORE * availableParallelism(), `${MAX_WORKERS_PER_CORE} threads a core on this machine`))
    .option('--checkpoint <file>', 'for counts: append finished sub-tasks to this file and skip them when run again');
  addQueueOptions(command, 'for counts: hand the sub-tasks to `bezzel worker`s through Redis, e.g. redis://127.0.0.1:6379/0');
  return command
    .option('--parts <n>', 'for split counts: how many sub-tasks to aim for (default 16 per worker thread; on a queue, sub-tasks of about 2 s)', boundedNumber('--parts', 1, MAX_PARTS, 'a million'))
    .option('--detach', 'with --queue: submit the count, print its job id and return (see `bezzel status` and `bezzel result`)')
    .option('--keep <time>', 'with --queue: how long the finished count stays on the queue, e.g. 12h (default 7d)', duration);
}
