import { subCountOf, Tally, ThreadPool } from '@bezzel/pool';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { hostname } from 'node:os';
import type { QueueAddress } from './connection.js';
import { COUNTS, SUB_TASKS, type CountJobData, type CountReturn, type SubTaskJobData, type SubTaskReturn } from './protocol.js';

export interface CountWorkerOptions {
  readonly address: QueueAddress;
  /** Sub-tasks run at once, each on its own thread. */
  readonly threads: number;
  /**
   * The plugins this worker has, by the specifier a job names them with: their module URLs. A job naming any
   * other plugin fails: a worker runs only code installed on its machine, never code a job brings.
   */
  readonly resolvePlugin: (specifier: string) => string | undefined;
  /** How long a silent worker keeps its sub-tasks before other workers take them over (default 30 s). */
  readonly stallTimeoutMs?: number;
  /** `host:pid` unless given: it tells which worker ran or failed a sub-task. */
  readonly name?: string;
  readonly log?: (line: string) => void;
}

/**
 * A worker process's side of the queue: pulls sub-tasks and solves them on its own worker threads, and sums a
 * count once all its sub-tasks have returned. A worker killed mid-job loses only its jobs in flight: their locks
 * lapse and BullMQ's stalled-job check gives them to another worker.
 */
export class CountWorker {
  readonly name: string;
  readonly #pool: ThreadPool;
  readonly #workers: Worker[];
  readonly #counts: Queue<CountJobData, CountReturn>;

  private constructor(options: CountWorkerOptions) {
    const { address, threads, resolvePlugin } = options;
    const log = options.log ?? (() => {});
    this.name = options.name ?? `${hostname()}:${process.pid}`;
    this.#pool = new ThreadPool(threads);
    const lockDuration = options.stallTimeoutMs ?? 30_000;
    const common = {
      connection: address.connection,
      prefix: address.prefix,
      name: this.name,
      lockDuration,
      stalledInterval: lockDuration,
      // A sub-task whose worker died is run again; one that kills two workers in a row fails the count.
      maxStalledCount: 2,
      autorun: false,
    };
    const name = this.name;
    const pool = this.#pool;
    const subTasks = new Worker<SubTaskJobData, SubTaskReturn>(
      SUB_TASKS,
      async (job) => {
        const { key, weight, task, plugins } = job.data;
        const urls: string[] = [];
        const missing: string[] = [];
        for (const plugin of plugins) {
          const url = resolvePlugin(plugin);
          if (url) urls.push(url);
          else missing.push(plugin);
        }
        if (missing.length > 0) {
          // Retrying elsewhere would not help every worker of a cluster: fail at once, naming what is missing.
          throw new UnrecoverableError(`plugin ${missing.join(', ')} is not loaded on worker ${name} (start it with --plugin ${missing[0]})`);
        }
        const result = await pool.solve(urls, task);
        const counted = subCountOf(key, { task, weight }, result);
        if (!counted) throw new Error(`the sub-task ended "${result.status}" without a count`);
        return { ...counted, worker: name, rerun: job.attemptsStarted > 1 };
      },
      { ...common, concurrency: threads },
    );
    const counts = new Worker<CountJobData, CountReturn>(COUNTS, sumCount, { ...common, concurrency: 1 });
    subTasks.on('completed', (job) => log(`${job.id} ${job.data.key}: ${job.returnvalue.count} (${Math.round((job.finishedOn ?? 0) - (job.processedOn ?? 0))} ms)`));
    this.#counts = new Queue<CountJobData, CountReturn>(COUNTS, { connection: address.connection, prefix: address.prefix });
    subTasks.on('failed', (job, error) => {
      log(`${job?.id ?? 'a sub-task'} failed: ${error.message}`);
      if (job) void this.#abandonIfFailed(job, log);
    });
    counts.on('completed', (job) => log(`${job.id} complete: ${job.returnvalue.count}${job.returnvalue.fundamental ? `, ${job.returnvalue.fundamental} fundamental` : ''}`));
    let lastError = '';
    for (const worker of [subTasks, counts]) {
      worker.on('error', (error) => {
        if (error.message !== lastError) log(`queue error: ${error.message}`);
        lastError = error.message;
      });
    }
    this.#workers = [subTasks, counts];
  }

  /** Starts pulling jobs. */
  static start(options: CountWorkerOptions): CountWorker {
    const worker = new CountWorker(options);
    for (const w of worker.#workers) void w.run();
    return worker;
  }

  /**
   * Stops pulling jobs. Gently, the sub-tasks in flight finish first; with `force` they are left to lapse and
   * other workers take them over after the stall timeout.
   */
  async close(force = false): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.close(force)));
    await Promise.all([this.#pool.destroy(), this.#counts.close()]);
  }

  /**
   * A sub-task that failed for good (no attempts left) has failed its count: the count's sub-tasks that have
   * not started are dropped, so no worker spends time on a count that can give no number.
   */
  async #abandonIfFailed(job: Job<SubTaskJobData, SubTaskReturn>, log: (line: string) => void): Promise<void> {
    try {
      const id = job.parent?.id;
      if (!id || (await job.getState()) !== 'failed') return; // no count, or it will be tried again
      const count = await Job.fromId(this.#counts, id);
      if (!count || (await count.getState()) !== 'failed') return;
      await count.removeUnprocessedChildren();
      log(`${id} failed: its sub-tasks not yet started are dropped`);
    } catch (error) {
      log(`could not drop the sub-tasks of a failed count: ${(error as Error).message}`);
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
