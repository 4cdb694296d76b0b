import { assertReachable, CountWorker, describePlugin, QueueUnreachable } from '@bezzel/queue';
import { availableParallelism } from 'node:os';
import { EXIT } from '../exit.js';
import { onInterrupt } from '../solve/interrupt.js';
import { createCliBezzel, pluginSpecifier } from '../plugins/load-plugins.js';
import { queueAddressOf, queueKeyOf } from './address.js';
import type { QueueOptions } from './queue-options.js';

/** What `bezzel worker` does; its command (commands/worker.ts) loads this, and the queue's client, when it runs. */

export interface WorkerOptions extends QueueOptions {
  readonly workers?: number;
  readonly plugin: string[];
  readonly stall?: number;
  readonly stallTimeout?: number;
  readonly grace?: number;
  readonly maxSubTaskTime?: number;
  readonly quiet?: boolean;
}

/** How long a stopping worker lets its sub-tasks in flight finish before it puts them back on the queue. */
const DEFAULT_GRACE_MS = 10_000;

/** The stall time the README promises when none is given. */
const DEFAULT_STALL_MS = 30_000;

export async function runWorker(options: WorkerOptions): Promise<number> {
  const address = queueAddressOf(options);
  // A mistake in the address, the password or the TLS files is said now, exit 2: retrying it would never end.
  // A queue that is merely not there yet (Redis starting) is waited for.
  try {
    await assertReachable(address);
  } catch (error) {
    if (!(error instanceof QueueUnreachable)) throw error;
    process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${(error as Error).message}; waiting for it (Ctrl-C to stop)\n`);
  }
  // The bundled plugins and the user's: the worker takes sub-tasks only of counts that need no others.
  const { plugins } = await createCliBezzel(options.plugin);
  const offered = plugins.map((plugin) => ({ ...describePlugin(pluginSpecifier(plugin), plugin.url), url: plugin.url }));
  const threads = options.workers ?? availableParallelism();
  const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  const stallMs = options.stall ?? options.stallTimeout ?? DEFAULT_STALL_MS;
  const graceMs = options.grace ?? DEFAULT_GRACE_MS;
  const key = queueKeyOf(options);
  // Quiet keeps what an operator must see: the connection, errors, refusals, and counts it will not take.
  const important = /^(queue error|lost the queue|the queue at|not taking|refus|warning)/;
  const say = options.quiet ? (line: string) => important.test(line) && log(line) : log;
  const worker = CountWorker.start({
    address,
    threads,
    plugins: offered,
    stallMs,
    log: say,
    ...(key ? { key } : {}),
    ...(options.maxSubTaskTime !== undefined && Number.isFinite(options.maxSubTaskTime) ? { maxSubTaskMs: options.maxSubTaskTime } : {}),
  });
  log(`bezzel worker ${worker.name}: ${threads} thread(s) on ${address.display}, stall time ${stallMs / 1000} s${options.maxSubTaskTime !== undefined ? `, at most ${options.maxSubTaskTime / 1000} s a sub-task` : ''}; Ctrl-C to stop`);
  if (!key) say('warning: no queue key (BEZZEL_QUEUE_KEY or --queue-key-file): results are not signed, and one forged in Redis would be counted');

  // First Ctrl-C (or SIGTERM): take no new sub-tasks; those in flight have the grace time to finish, then go back
  // on the queue for another worker. A second: back on the queue at once.
  const stopped = new Promise<number>((resolve) => {
    const gently = () => {
      log(`stopping: the sub-tasks in flight have ${graceMs / 1000} s to finish, then go back on the queue (Ctrl-C again: at once)`);
      process.once('SIGINT', () => void worker.close(true).then(() => resolve(EXIT.interrupted)));
      // Stopped by a signal: 130, as for every command (the README's word), once its work is back on the queue.
      void worker.close({ graceMs }).then(() => resolve(EXIT.interrupted));
      // With nothing in flight there is nothing to hand back: a Redis that does not answer (closing waits on its
      // connection) must not hold the stop up.
      if (worker.inFlight === 0) setTimeout(() => resolve(EXIT.interrupted), IDLE_STOP_MS).unref();
    };
    // Through the command's one stop, armed from its start: a Ctrl-C typed while the worker was still starting
    // (loading plugins, reaching Redis) stops it as soon as it can, instead of being lost.
    const controller = new AbortController();
    controller.signal.addEventListener('abort', gently, { once: true });
    onInterrupt(controller);
  });
  const code = await stopped;
  log('stopped');
  return code;
}

/** How long an idle worker waits for its connections to close when stopped, before it exits anyway. */
const IDLE_STOP_MS = 300;
