import { Command, Option } from 'commander';
import type { SetExit } from '../exit.js';
import { collect } from '../options.js';
import type { JobOptions } from '../queue-jobs.js';

export const queueOption = () =>
  new Option('--queue <url>', 'the queue: a Redis address such as redis://127.0.0.1:6379/0').env('BEZZEL_QUEUE');

function jobCommand(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .argument('<job>', 'the job id a count printed when it was submitted')
    .addOption(queueOption())
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--plugin <module>', 'a plugin the count used, to name its piece (repeatable)', collect, [])
    .option('-q, --quiet', 'print only the answer line')
    .option('--ascii', 'letters instead of chess glyphs');
}

// The actions live in ../queue-jobs.ts and load with the queue's client (BullMQ, ioredis) only when one runs.

/** `bezzel status JOB`: where a count on the queue stands, without waiting. */
export function statusCommand(setExit: SetExit): Command {
  return jobCommand('status', 'where a count on a queue stands: sub-tasks done, in flight, failed; rate and ETA').action(async (id: string, options: JobOptions) =>
    setExit(await (await import('../queue-jobs.js')).showStatus(id, options)),
  );
}

/** `bezzel cancel JOB`: removes a count and its sub-tasks from the queue. */
export function cancelCommand(setExit: SetExit): Command {
  return jobCommand('cancel', 'remove a count and its sub-tasks from a queue (sub-tasks in flight finish first)').action(async (id: string, options: JobOptions) =>
    setExit(await (await import('../queue-jobs.js')).cancelCount(id, options)),
  );
}

/** `bezzel result JOB`: waits for a count on the queue (a progress bar meanwhile) and prints it like `place`. */
export function resultCommand(setExit: SetExit): Command {
  return jobCommand('result', 'wait for a count on a queue and print it (Ctrl-C stops waiting, not the count)').action(async (id: string, options: JobOptions) =>
    setExit(await (await import('../queue-jobs.js')).printCount(id, options)),
  );
}
