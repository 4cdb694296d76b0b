import { subCountOf, Tally, ThreadPool } from '@bezzel/pool';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { hostname } from 'node:os';
import { describeCapability, unmetNeed, type PluginRequirement } from './capability.js';
import { forgetCapabilities, registeredCapabilities, type RegisteredCapability } from './capability-registry.js';
import { WatchedConnection } from './connection-watch.js';
import type { QueueAddress } from './connection.js';
import { CountClient } from './client.js';
import { COUNTS, DEFAULT_KEEP_MS, type CountJobData, type CountReturn, type SubTaskJobData, type SubTaskReturn } from './protocol.js';

/** A plugin this worker can run: how counts name it, its version, and the module URL its threads load. */
export interface WorkerPlugin extends PluginRequirement {
  readonly url: string;
}

export interface CountWorkerOptions {
  readonly address: QueueAddress;
  /** Sub-tasks run at once, each on its own thread. */
  readonly threads: number;
  /**
   * The plugins this worker has. It takes sub-tasks only of counts whose every plugin is here at the same
   * version (and whose bezzel release line is its own): it runs only code installed on its machine, never code a
   * job brings, and never takes a sub-task it would fail.
   */
  readonly plugins: readonly WorkerPlugin[];
  /**
   * How long after a worker dies its sub-tasks are taken over at the latest (default 30 s). Locks last two thirds
   * of it and are renewed every third; the check for lapsed locks runs every third.
   */
  readonly stallMs?: number;
  /** `host:pid` unless given: it tells which worker ran or failed a sub-task. */
  readonly name?: string;
  readonly log?: (line: string) => void;
  /** How often the worker looks for counts of new capabilities (default 0.5 s: one small read). */
  readonly discoverEveryMs?: number;
  /** How often the worker removes finished counts past their retention (default 10 min). */
  readonly sweepEveryMs?: number;
}

/**
 * A worker process's side of the queue: pulls sub-tasks it can run and solves them on its own worker threads,
 * and sums a count once all its sub-tasks have returned. A worker killed mid-job loses only its jobs in flight:
 * their locks lapse and BullMQ's stalled-job check gives them to another worker.
 */
export class CountWorker {
  readonly name: string;
  readonly #options: CountWorkerOptions;
  readonly #log: (line: string) => void;
  readonly #pool: ThreadPool;
  readonly #connection: WatchedConnection;
  readonly #counts: Queue<CountJobData, CountReturn>;
  /** BullMQ workers: the one that sums counts, and one per sub-task queue this worker can serve. */
  readonly #summing: Worker<CountJobData, CountReturn>;
  readonly #serving = new Map<string, Worker<SubTaskJobData, SubTaskReturn>>();
  /** Capabilities already found unservable, so each is said once. */
  readonly #refused = new Set<string>();
  readonly #offered: ReadonlyMap<string, string>;
  readonly #urls: ReadonlyMap<string, string>;
  readonly #timers: NodeJS.Timeout[] = [];
  #closing = false;
  #lastError = '';

  private constructor(options: CountWorkerOptions) {
    this.#options = options;
    this.#log = options.log ?? (() => {});
    this.name = options.name ?? `${hostname()}:${process.pid}`;
    this.#pool = new ThreadPool(options.threads);
    this.#offered = new Map(options.plugins.map((p) => [p.specifier, p.version]));
    this.#urls = new Map(options.plugins.map((p) => [p.specifier, p.url]));
    const { address } = options;
    this.#connection = new WatchedConnection(address, {
      onLost: (why) => this.#log(`lost the queue at ${address.display}: ${why}; retrying (every 5 s at most) — sub-tasks in flight carry on`),
      onBack: () => this.#log(`the queue at ${address.display} answers again`),
    });
    this.#counts = new Queue(COUNTS, { connection: this.#connection.redis, prefix: address.prefix });
    this.#summing = this.#bullWorker(COUNTS, sumCount, 1);
    this.#summing.on('completed', (job) => this.#log(`${job.id} complete: ${job.returnvalue.count}${job.returnvalue.fundamental ? `, ${job.returnvalue.fundamental} fundamental` : ''}`));
  }

  /** Starts pulling jobs: sums at once, sub-tasks as their capabilities are found. */
  static start(options: CountWorkerOptions): CountWorker {
    const worker = new CountWorker(options);
    void worker.#summing.run();
    const every = (ms: number, work: () => Promise<void>) => {
      const tick = () => void work().catch((error: Error) => worker.#queueError(error));
      tick();
      worker.#timers.push(setInterval(tick, ms));
    };
    every(options.discoverEveryMs ?? 500, () => worker.#discover());
    every(options.sweepEveryMs ?? 600_000, () => worker.#sweep());
    return worker;
  }

  /** The sub-task queues this worker listens on now. */
  get serving(): readonly string[] {
    return [...this.#serving.keys()];
  }

  /**
   * Stops pulling jobs. Gently, the sub-tasks in flight finish first; with `force` they are left to lapse and
   * other workers take them over after the stall time.
   */
  async close(force = false): Promise<void> {
    this.#closing = true;
    for (const timer of this.#timers) clearInterval(timer);
    await Promise.all([this.#summing, ...this.#serving.values()].map((w) => w.close(force)));
    await Promise.all([this.#pool.destroy(), this.#counts.close()]);
    await this.#connection.close();
  }

  #bullWorker<D, R>(queue: string, process: (job: Job<D, R>) => Promise<R>, concurrency: number): Worker<D, R> {
    const { address } = this.#options;
    const stallMs = this.#options.stallMs ?? 30_000;
    const worker = new Worker<D, R>(queue, process, {
      connection: address.connection,
      prefix: address.prefix,
      name: this.name,
      // A dead worker's sub-task is taken over at the first stalled check after its lock lapsed: at most
      // lockDuration + stalledInterval after the death, which is the stall time promised.
      lockDuration: Math.round((stallMs * 2) / 3),
      stalledInterval: Math.max(1, Math.round(stallMs / 3)),
      // A sub-task whose worker died is run again; one that kills two workers in a row fails the count.
      maxStalledCount: 2,
      concurrency,
      autorun: false,
    });
    worker.on('error', (error) => this.#queueError(error));
    return worker;
  }

  /** BullMQ repeats a connection error at every retry: while the connection is down, its own line says so. */
  #queueError(error: Error): void {
    if (this.#closing || this.#connection.lost || error.message === this.#lastError) return;
    this.#lastError = error.message;
    this.#log(`queue error: ${error.message}`);
  }

  /** Starts serving every registered capability this worker has; says once why it cannot serve another. */
  async #discover(): Promise<void> {
    const { address } = this.#options;
    const registered = await registeredCapabilities(this.#connection.redis, address.prefix);
    for (const entry of registered) {
      if (this.#serving.has(entry.queue) || this.#refused.has(entry.queue)) continue;
      const unmet = unmetNeed(entry.capability, this.#offered);
      if (unmet === undefined) this.#serve(entry);
      else if ((await this.#connection.redis.llen(`${address.prefix}:${entry.queue}:wait`)) > 0) {
        this.#refused.add(entry.queue);
        this.#log(`not taking sub-tasks waiting on ${entry.queue}: ${unmet}`);
      }
    }
    // A capability forgotten (no count used it for a retention) is no longer listened on.
    const still = new Set(registered.map((e) => e.queue));
    for (const [queue, worker] of this.#serving) {
      if (still.has(queue)) continue;
      this.#serving.delete(queue);
      await worker.close();
    }
  }

  #serve({ queue, capability }: RegisteredCapability): void {
    const urls = capability.plugins.map((p) => this.#urls.get(p.specifier)!);
    const pool = this.#pool;
    const name = this.name;
    const log = this.#log;
    const worker = this.#bullWorker<SubTaskJobData, SubTaskReturn>(
      queue,
      async (job) => {
        const { key, weight, task } = job.data;
        if (job.attemptsStarted > 1) log(`${job.id} ${key}: taken over (run ${job.attemptsStarted})`);
        const result = await pool.solve(urls, task);
        const counted = subCountOf(key, { task, weight }, result);
        if (!counted) throw new Error(`the sub-task ended "${result.status}" without a count`);
        return { ...counted, worker: name, rerun: job.attemptsStarted > 1 };
      },
      this.#options.threads,
    );
    worker.on('completed', (job) => log(`${job.id} ${job.data.key}: ${job.returnvalue.count} (${Math.round((job.finishedOn ?? 0) - (job.processedOn ?? 0))} ms)`));
    worker.on('failed', (job, error) => {
      log(`${job?.id ?? 'a sub-task'} failed: ${error.message}`);
      if (job) void this.#abandonIfFailed(job);
    });
    this.#serving.set(queue, worker);
    log(`serving ${queue}: ${describeCapability(capability)}`);
    void worker.run();
  }

  /** Removes finished counts past their retention, and capabilities no count has used for as long. */
  async #sweep(): Promise<void> {
    const client = await CountClient.open(this.#options.address, { patient: true });
    try {
      for (const id of await client.removeExpired()) this.#log(`${id} removed: finished longer ago than its retention`);
      await forgetCapabilities(this.#connection.redis, this.#options.address.prefix, DEFAULT_KEEP_MS);
    } finally {
      await client.close();
    }
  }

  /**
   * A sub-task that failed for good (no attempts left) has failed its count: the count's sub-tasks that have
   * not started are dropped, so no worker spends time on a count that can give no number.
   */
  async #abandonIfFailed(job: Job<SubTaskJobData, SubTaskReturn>): Promise<void> {
    try {
      const id = job.parent?.id;
      if (!id || (await job.getState()) !== 'failed') return; // no count, or it will be tried again
      const count = await Job.fromId(this.#counts, id);
      if (!count) return;
      await count.removeUnprocessedChildren();
      this.#log(`${id} failed: its sub-tasks not yet started are dropped`);
    } catch (error) {
      this.#log(`could not drop the sub-tasks of a failed count: ${(error as Error).message}`);
    }
  }
}

/**
 * Adds up a count's sub-tasks. Their results are read from the count's own record of its children, one entry
 * per child job, so a sub-task that ran twice is counted once; a missing one fails the count.
 */
async function sumCount(job: Job<CountJobData>): Promise<CountReturn> {
  const values = Object.values(await job.getChildrenValues<SubTaskReturn>());
  const tally = new Tally(job.data.subTasks);
  for (const value of values) tally.add(value);
  if (!tally.complete) throw new UnrecoverableError(`only ${tally.done} of ${tally.total} sub-task results were found: no count`);
  return {
    count: String(tally.count),
    ...(job.data.task.goal === 'count-fundamental' ? { fundamental: String(tally.fundamental) } : {}),
    nodes: tally.nodes,
    subTasks: tally.total,
    workers: [...new Set(values.map((v) => v.worker))].sort(),
    reruns: values.filter((v) => v.rerun).length,
  };
}
