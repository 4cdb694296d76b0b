import { inert } from '@bezzel/core';
import { Command, Option } from 'commander';
import type { SetExit } from '../exit.js';
import { interruptEndsWaiting } from '../solve/interrupt.js';
import { collect } from '../options/common-options.js';
import type { JobOptions } from '../queue/jobs.js';
import { addQueueOptions } from '../queue/queue-options.js';

function queueCommand(name: string, description: string): Command {
  return addQueueOptions(new Command(name).description(description)).addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'));
}

function jobCommand(name: string, description: string): Command {
  return queueCommand(name, description)
    .argument('<job>', 'the job id a count printed when it was submitted')
    .option('--plugin <module>', 'a plugin the count used, to name its piece (repeatable)', collect, [])
    .option('-q, --quiet', 'print only the answer line (status: the first line, its state and progress)')
    .option('--ascii', 'letters instead of chess glyphs');
}

/** These commands only wait on Redis: the first Ctrl-C ends them at once (exit 130), saying what was left waiting. */
async function waiting(what: string, work: () => Promise<void>): Promise<void> {
  const stop = interruptEndsWaiting(inert(what));
  try {
    await work();
  } finally {
    stop();
  }
}

// The actions live in ../queue-jobs.ts and load with the queue's client (BullMQ, ioredis) only when one runs.

/** `bezzel status JOB`: where a count on the queue stands, without waiting. */
export function statusCommand(setExit: SetExit): Command {
  return jobCommand('status', 'where a count on a queue stands: sub-tasks done, in flight, failed; rate and ETA').action(async (id: string, options: JobOptions) =>
    waiting('the queue', async () => setExit(await (await import('../queue/jobs.js')).showStatus(id, options))),
  );
}

/** `bezzel cancel JOB`: removes a count and everything of it from the queue. */
export function cancelCommand(setExit: SetExit): Command {
  return jobCommand('cancel', 'remove a count, its results and its sub-tasks from a queue (workers stop its sub-tasks in flight at once)').action(async (id: string, options: JobOptions) =>
    waiting('the queue (the count may be cancelled already: bezzel status tells)', async () => setExit(await (await import('../queue/jobs.js')).cancelCount(id, options))),
  );
}

/** `bezzel result JOB`: waits for a count on the queue (a progress bar meanwhile) and prints it like `place`. */
export function resultCommand(setExit: SetExit): Command {
  return jobCommand('result', 'wait for a count on a queue and print it (Ctrl-C stops waiting, not the count)').action(async (id: string, options: JobOptions) =>
    waiting(`count ${id} (it goes on: bezzel result ${id} waits again)`, async () => setExit(await (await import('../queue/jobs.js')).printCount(id, options))),
  );
}

/** `bezzel jobs`: the counts on a queue. */
export function jobsCommand(setExit: SetExit): Command {
  return queueCommand('jobs', 'list the counts on a queue: id, task, state, progress, age').action(async (options: JobOptions) =>
    waiting('the queue', async () => setExit(await (await import('../queue/jobs.js')).listJobs({ ...options, plugin: [] }))),
  );
}
