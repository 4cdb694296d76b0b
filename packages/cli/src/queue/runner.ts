import { UsageError, type Bezzel, type Result, type Task } from '@bezzel/core';
import { CountClient, describePlugin, planForQueue, resumeSubmit, submitCount, waitingForWorker, type QueueAddress, type QueueKey } from '@bezzel/queue';

export { QueueCountCancelled, QueueCountError } from '@bezzel/queue';
import type { CommonOptions } from '../options/common-options.js';
import { out } from '../output/output.js';
import { pluginSpecifier, type LoadedPlugin } from '../plugins/load-plugins.js';
import { onInterrupt } from '../solve/interrupt.js';
import type { PoolOptions } from '../solve/pool-options.js';
import { progressBar } from '../output/progress.js';
import { coarserThanAsked, writeNote } from '../output/notes.js';
import { queueAddressOf, queueKeyOf, warnUnsigned } from './address.js';

/**
 * Puts a count on the queue and waits for it, with a progress bar, unless --detach asks only to submit.
 * Ctrl-C stops the waiting, not the count: its workers go on, and `bezzel result ID` picks it up later. An
 * explicit --max-time is honoured: when it runs out, the count is cancelled and its partial count printed.
 * Returns the result, or undefined when detached (the job id is printed).
 */
export async function countOnQueue(
  bezzel: Bezzel,
  plugins: readonly LoadedPlugin[],
  task: Task,
  options: CommonOptions & PoolOptions & { readonly queue: string },
  /** What the bar says is counted (see countNote). */
  note?: string,
): Promise<Result | undefined> {
  const started = Date.now();
  const address = queueAddressOf(options);
  const limited = options.maxTime !== undefined && Number.isFinite(options.maxTime);
  if (options.detach && limited) {
    throw new UsageError('ERR_OPTION', '--max-time with --detach: nothing would stay to stop the count when the time runs out; leave out one of them (`bezzel cancel ID` stops a count)');
  }
  const key = queueKeyOf(options);
  const plan = planForQueue(bezzel, task, options.parts);
  coarserThanAsked(plan.strategy.meta.id, plan.subTasks.length, options.parts);
  const needs = plugins.map((p) => describePlugin(pluginSpecifier(p), p.url));
  if (!options.quiet && options.format !== 'json') warnUnsigned(key, 'its sub-tasks and results');
  const id = await submitCount({
    address,
    plan,
    plugins: needs,
    ...(key ? { key } : {}),
    ...(options.keep !== undefined ? { keepMs: Math.min(options.keep, Number.MAX_SAFE_INTEGER) } : {}),
    // Said before any sub-task is sent: a submitter killed part way still says which count to cancel.
    // With --detach too: the id is news before the last sub-task is sent, whatever the format.
    onId: (id) => writeNote(`bezzel: count ${id}: sending ${plan.subTasks.length} sub-tasks to the queue (if this stops part way, bezzel result ${id} sends the rest)`),
  });
  if (options.detach) {
    if (options.format === 'json') out(JSON.stringify({ job: id, queue: address.display, subTasks: plan.subTasks.length }));
    else out(`Submitted count ${id}: ${plan.subTasks.length} sub-tasks on ${address.display}\n${followUp(id, address)}`);
    return undefined;
  }
  if (options.format !== 'json') writeNote(`bezzel: count ${id} is on the queue (${plan.subTasks.length} sub-tasks); Ctrl-C stops waiting, not the count`);
  return awaitCount(address, id, options.format, limited ? started + options.maxTime! : undefined, key, undefined, note);
}

/** How long a count may wait for a capable worker before the waiting command says so. */
const WORKER_GRACE_MS = 2000;

/** How long a read of the queue may take before the waiting command says it is still trying. */
const PATIENCE_MS = 5000;

/**
 * Waits for a count on the queue with a progress bar; Ctrl-C stops the waiting and returns `aborted`. While the
 * queue cannot be reached it says so in one line within 5 s and keeps trying; it says so again when it is back.
 * Past `deadline` the count is cancelled and its partial count returned.
 */
export async function awaitCount(address: QueueAddress, id: string, format: string, deadline?: number, key?: QueueKey, resumeWith?: Bezzel, note?: string): Promise<Result> {
  let bar: Awaited<ReturnType<typeof progressBar>>;
  let silent = false;
  const say = (line: string) => {
    bar?.stop();
    process.stderr.write(`bezzel: ${line}\n`);
  };
  const lost = (why: string) => {
    if (silent) return;
    silent = true;
    say(`cannot reach the queue at ${address.display} (${why}); still trying, Ctrl-C to stop`);
  };
  const client = await CountClient.open(address, {
    patient: true,
    ...(key ? { key } : {}),
    onLost: lost,
    onBack: () => {
      if (!silent) return;
      silent = false;
      say(`the queue at ${address.display} answers again`);
    },
  });
  const controller = new AbortController();
  const stopListening = onInterrupt(controller);
  bar = await progressBar(format, note);
  // A server that neither answers nor refuses (a host gone from the network) is silence, not an error.
  let lastAnswer = Date.now();
  const watchdog = setInterval(() => Date.now() - lastAnswer > PATIENCE_MS && lost(`no answer for ${Math.round(PATIENCE_MS / 1000)} s`), 1000);
  let waitingSince: number | undefined;
  let warned = false;
  try {
    const result = await client.await(id, {
      signal: controller.signal,
      // A count whose submitter was killed part way: this command cuts it again and sends the rest.
      ...(resumeWith
        ? {
            onOrphan: async () => {
              await resumeSubmit({
                address,
                id,
                bezzel: resumeWith,
                ...(key ? { key } : {}),
                onResume: (sent, total) => say(`count ${id} was cut short while it was submitted (its submitter stopped after ${sent} of ${total} sub-tasks): sending the rest`),
              });
            },
          }
        : {}),
      ...(deadline !== undefined ? { deadline } : {}),
      onStatus: (s) => {
        lastAnswer = Date.now();
        // Without a worker that can run it the count would wait in silence: say what it waits for, once. Workers
        // find a new count's sub-tasks within half a second, so only a wait longer than a moment is news.
        waitingSince = s.state === 'waiting-for-worker' ? (waitingSince ?? Date.now()) : undefined;
        if (waitingSince !== undefined && Date.now() - waitingSince >= WORKER_GRACE_MS && !warned) {
          warned = true;
          const start = `bezzel worker --queue ${shellWord(address.display)}${s.capability.plugins.filter((p) => p.specifier.startsWith('/')).map((p) => ` --plugin ${shellWord(p.specifier)}`).join('')}`;
          say(`${waitingForWorker(s)}${s.workers === 0 ? ' (no worker is connected at all)' : ''}; start one: ${start}`);
        }
        bar?.update({ done: s.done, total: s.total, count: s.count, active: s.active, retrying: s.retrying, failed: s.failed });
      },
    });
    const refused = Number(result.stats.extra?.refused ?? 0);
    if (refused > 0) say(`${refused} forged or altered record(s) of count ${id} were found in Redis, refused and run again: the count is the checked one`);
    return result;
  } finally {
    clearInterval(watchdog);
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
