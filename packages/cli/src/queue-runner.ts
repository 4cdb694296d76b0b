import type { Bezzel, Result, Task } from '@bezzel/core';
import { planSplit } from '@bezzel/pool';
import { CountClient, parseQueueAddress, submitCount, type QueueAddress } from '@bezzel/queue';

export { QueueCountError } from '@bezzel/queue';
import type { CommonOptions } from './options.js';
import { out } from './output.js';
import { pluginSpecifier, type LoadedPlugin } from './plugins.js';
import { onInterrupt } from './interrupt.js';
import type { PoolOptions } from './pool-runner.js';
import { progressBar } from './progress.js';

/**
 * Sub-tasks a count on a queue aims for: the submitter cannot know how many machines will pull them, and a job
 * costs a few milliseconds of queue work, so enough for a few dozen workers to finish close together.
 */
const QUEUE_PARTS = 256;

/**
 * Puts a count on the queue and waits for it, with a progress bar, unless --detach asks only to submit.
 * Ctrl-C stops the waiting, not the count: its workers go on, and `bezzel result ID` picks it up later.
 * Returns the result, or undefined when detached (the job id is printed).
 */
export async function countOnQueue(
  bezzel: Bezzel,
  plugins: readonly LoadedPlugin[],
  task: Task,
  options: CommonOptions & PoolOptions & { readonly queue: string },
): Promise<Result | undefined> {
  const address = parseQueueAddress(options.queue);
  const plan = planSplit(bezzel, task, options.parts ?? QUEUE_PARTS);
  const id = await submitCount({ address, plan, plugins: plugins.map(pluginSpecifier) });
  if (options.detach) {
    if (options.format === 'json') out(JSON.stringify({ job: id, queue: address.display, subTasks: plan.subTasks.length }));
    else out(`Submitted count ${id}: ${plan.subTasks.length} sub-tasks on ${address.display}\n${followUp(id, address)}`);
    return undefined;
  }
  if (!options.quiet && options.format !== 'json') {
    process.stderr.write(`bezzel: count ${id} is on the queue (${plan.subTasks.length} sub-tasks); Ctrl-C stops waiting, not the count\n`);
  }
  return awaitCount(address, id, options.format);
}

/** Waits for a count on the queue with a progress bar; Ctrl-C stops the waiting and returns `aborted`. */
export async function awaitCount(address: QueueAddress, id: string, format: string): Promise<Result> {
  const client = await CountClient.open(address);
  const controller = new AbortController();
  const stopListening = onInterrupt(controller);
  const bar = await progressBar(format);
  let warned = false;
  try {
    return await client.await(id, {
      signal: controller.signal,
      onStatus: (s) => {
        if (s.workers === 0 && s.state === 'running' && !warned) {
          // Without a worker the count would wait in silence: say what it waits for.
          process.stderr.write(`bezzel: no worker is connected to ${address.display} yet; start one: bezzel worker --queue ${shellWord(address.display)}\n`);
          warned = true;
        }
        bar?.update({ done: s.done, total: s.total, count: s.count, active: s.active, retrying: s.retrying, failed: s.failed });
      },
    });
  } finally {
    bar?.stop();
    stopListening();
    await client.close();
  }
}

/** The commands that look at a count later. */
export function followUp(id: string, address: QueueAddress): string {
  const queue = process.env.BEZZEL_QUEUE === address.display ? '' : ` --queue ${shellWord(address.display)}`;
  return `  bezzel status ${id}${queue}    where it stands\n  bezzel result ${id}${queue}    wait for the count and print it`;
}

/** A word a user can paste into a shell: quoted when it holds characters such as ? or &. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
