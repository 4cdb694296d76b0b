import { inert } from '@bezzel/core';
import { containerOf, planSplit, subCountOf, ThreadPool, type KeyedSubTask } from '@bezzel/pool';
import { Job, Queue, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { checks, macOf, type QueueKey } from './auth.js';
import { describeCapability, unmetNeed, type PluginRequirement } from './capability.js';
import { WatchedConnection } from './connection-watch.js';
import { unfitServer, type QueueAddress } from './connection.js';
import { countQueueOf, type CountJobData, type CountReturn, type ResultEntry, type SubTaskJobData, type SumJobData } from './protocol.js';
import { ALIVE_MS, digestOf, finishCount, HEARTBEAT_MS, keys, limbsOf, recordResult, redriveSum, removeCountJobs, startNewRound, sumOfLimbs } from './store.js';
import { countQueueOptions, failedStep, requestSum, subTaskData, subTaskJobOptions } from './submit.js';

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
  /** Where the worker's lines go; control characters in them are escaped first. */
  readonly log?: (line: string) => void;
  /** How often the worker looks for new counts and for counts gone (default 0.5 s: one small read). */
  readonly discoverEveryMs?: number;
  /** The shared key: counts, sub-tasks and results are checked and signed with it. */
  readonly key?: QueueKey;
  /** The longest one sub-task may run here (default: no limit); past it the sub-task fails its count, saying so. */
  readonly maxSubTaskMs?: number;
}

/** How a running sub-task is stopped: its count cancelled (or failed), its time limit, or the worker stopping. */
type StopReason = 'cancelled' | 'time' | 'shutdown';

/** A count this worker serves: its record, and its sub-tasks as this worker's own split cuts them. */
interface ServedCount {
  readonly data: CountJobData;
  readonly subTasks: readonly KeyedSubTask[];
  readonly urls: readonly string[];
}

/**
 * A worker process's side of the queue: pulls sub-tasks of counts it can run, solves them on its own worker
 * threads, and adds each result to its count's running sums; when a count's last result is in, any worker checks
 * every result against the count's own split and writes the answer. A worker killed mid-job loses only its jobs
 * in flight: their locks lapse and BullMQ's stalled-job check gives them to another worker.
 */
export class CountWorker {
  readonly name: string;
  readonly #options: CountWorkerOptions;
  readonly #log: (line: string) => void;
  readonly #pool: ThreadPool;
  readonly #connection: WatchedConnection;
  readonly #subscriber: Redis;
  /** BullMQ workers, one per count this worker serves: its sub-tasks, and its sum once they are all in. */
  readonly #serving = new Map<string, Worker<SubTaskJobData | SumJobData, unknown>>();
  readonly #counts = new Map<string, Promise<ServedCount>>();
  /** Counts found unservable (and why), so each is said once. */
  readonly #refused = new Map<string, string>();
  readonly #offered: ReadonlyMap<string, string>;
  readonly #urls: ReadonlyMap<string, string>;
  readonly #inFlight = new Map<string, { count: string; controller: AbortController }>();
  readonly #timers: NodeJS.Timeout[] = [];
  #closing = false;
  #lastError = '';
  #lastBeat = 0;
  #unfit: string | undefined;
  #checkedServer = false;
  /** The queue's Redis refused a write for want of memory: no sub-task is taken until a write goes through. */
  #heldForMemory = false;

  private constructor(options: CountWorkerOptions) {
    this.#options = options;
    const log = options.log ?? (() => {});
    this.#log = (line) => log(inert(line, { max: 2000 }));
    this.name = options.name ?? `${hostname()}:${process.pid}`;
    this.#pool = new ThreadPool(options.threads);
    this.#offered = new Map(options.plugins.map((p) => [p.specifier, p.version]));
    this.#urls = new Map(options.plugins.map((p) => [p.specifier, p.url]));
    const { address } = options;
    this.#connection = new WatchedConnection(address, {
      onLost: (why) => this.#log(`lost the queue at ${address.display}: ${why}; retrying (every 5 s at most) — sub-tasks in flight carry on`),
      onBack: () => this.#log(`the queue at ${address.display} answers again`),
    });
    // Cancels reach every worker at once on a channel; the running set, read every half second, is the backstop.
    this.#subscriber = this.#connection.redis.duplicate();
    this.#subscriber.on('error', () => {});
    this.#subscriber.on('message', (_channel: string, id: string) => this.#stopCount(id, 'cancelled'));
    void this.#subscriber.subscribe(keys.cancel(address.prefix)).catch(() => {});
  }

  /** Starts pulling jobs: sums at once, sub-tasks as counts are found. */
  static start(options: CountWorkerOptions): CountWorker {
    const worker = new CountWorker(options);
    const tick = () => void worker.#discover().catch((error: Error) => worker.#queueError(error));
    tick();
    worker.#timers.push(setInterval(tick, options.discoverEveryMs ?? 500));
    return worker;
  }

  /** The counts this worker serves now. */
  get serving(): readonly string[] {
    return [...this.#serving.keys()];
  }

  /** Sub-tasks running on this worker now. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  /**
   * Stops pulling jobs. `false`: the sub-tasks in flight finish first. `true`, or `{ graceMs }` once that time is
   * up: they are stopped and put back on the queue at once, for another worker to take.
   */
  async close(how: boolean | { readonly graceMs: number } = false): Promise<void> {
    this.#closing = true;
    for (const timer of this.#timers) clearInterval(timer);
    const graceMs = how === true ? 0 : how === false ? undefined : how.graceMs;
    const grace = graceMs === undefined ? undefined : setTimeout(() => this.#stopAll('shutdown'), graceMs);
    if (graceMs === 0) this.#stopAll('shutdown');
    try {
      await Promise.all([...this.#serving.values()].map((w) => w.close()));
    } finally {
      clearTimeout(grace);
    }
    await this.#pool.destroy();
    // Gone at once from the lists of live workers (a killed worker drops out after ALIVE_MS).
    const { prefix } = this.#options.address;
    const leave = this.#connection.redis.multi().zrem(keys.workers(prefix), this.name);
    for (const id of this.#serving.keys()) leave.zrem(keys.countWorkers(prefix, id), this.name);
    for (const id of this.#refused.keys()) leave.zrem(keys.countDeclined(prefix, id), this.name);
    await Promise.race([leave.exec().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    this.#subscriber.disconnect();
    await this.#connection.close();
  }

  #stopAll(reason: StopReason): void {
    for (const { controller } of this.#inFlight.values()) controller.abort(reason);
  }

  #stopCount(id: string, reason: StopReason): void {
    for (const { count, controller } of this.#inFlight.values()) if (count === id) controller.abort(reason);
    const worker = this.#serving.get(id);
    if (!worker) return;
    this.#serving.delete(id);
    this.#counts.delete(id);
    void worker.close().catch(() => {});
  }

  #bullWorker<D, R>(queue: string, process: (job: Job<D, R>, token?: string) => Promise<R>, concurrency: number): Worker<D, R> {
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
    // A job of a count cancelled while it ran is gone from Redis: BullMQ cannot move it, and need not.
    if (/Missing (key|lock) for job/.test(error.message)) return;
    this.#lastError = error.message;
    this.#log(`queue error: ${error.message}`);
  }

  /**
   * Serves every running count this worker can run; says once why it cannot serve another; stops serving counts
   * no longer running (finished, failed, cancelled), stopping their sub-tasks in flight.
   */
  async #discover(): Promise<void> {
    const { address } = this.#options;
    const redis = this.#connection.redis;
    if (!this.#checkedServer) {
      this.#unfit = await unfitServer(redis);
      this.#checkedServer = true;
      if (this.#unfit) this.#log(`refusing the queue at ${address.display}: it ${this.#unfit}`);
    }
    if (this.#unfit || this.#closing) return;
    const running = new Set(await redis.smembers(keys.running(address.prefix)));
    let announce = false; // a count newly taken or declined
    for (const id of running) {
      if (this.#serving.has(id) || this.#refused.has(id)) continue;
      const [text, mac] = await redis.hmget(keys.count(address.prefix, id), 'data', 'mac');
      if (text === null) continue;
      const why = this.#whyNot(id, text, mac);
      if (why === undefined) {
        this.#serve(id);
        announce = true;
      } else {
        this.#refused.set(id, why);
        announce = true;
        this.#log(`not taking count ${id}: ${why}`);
      }
    }
    for (const id of [...this.#serving.keys()]) if (!running.has(id)) this.#stopCount(id, 'cancelled');
    for (const id of [...this.#refused.keys()]) if (!running.has(id)) this.#refused.delete(id);
    // A count just taken or declined is announced at once: `status` tells a count no worker can run from one the
    // workers have not looked at yet.
    if (announce || Date.now() - this.#lastBeat >= HEARTBEAT_MS) {
      await this.#heartbeat();
      await this.#redriveSums();
    }
  }

  /**
   * The last step made as safe as the others: a count of this worker's stuck in `summing` past the stall time (the
   * worker that recorded its last result died before asking for the sum, or a consumer took the sum job and never
   * answered) has its sum asked for again. Reads one field a count; writes only for a count that is stuck.
   */
  async #redriveSums(): Promise<void> {
    const { prefix } = this.#options.address;
    for (const id of this.#serving.keys()) {
      try {
        const asked = await redriveSum(this.#connection.redis, prefix, id, this.#options.stallMs ?? 30_000, false);
        if (!asked) continue;
        this.#log(`${id}: every result is in but no sum came within the stall time; asked for it again, and sums it here`);
        void this.#sum({ count: id, round: asked.round })
          .then(() => this.#cleanUp(id))
          .catch((error: Error) => this.#log(`${id}: the sum failed: ${error.message}`));
      } catch {
        // Redis full or gone: the next beat tries again.
      }
    }
  }

  /** Stops taking sub-tasks while the queue's Redis is out of memory: each would run and then not be recorded. */
  #holdForMemory(): void {
    if (this.#heldForMemory) return;
    this.#heldForMemory = true;
    this.#log(`the queue's Redis is out of memory (maxmemory reached): this worker takes no sub-tasks until it can record them — free memory or raise maxmemory`);
    for (const worker of this.#serving.values()) void worker.pause(true).catch(() => {});
  }

  /** A write went through again (the heartbeat): sub-tasks are taken again. */
  #resumeAfterMemory(): void {
    if (!this.#heldForMemory) return;
    this.#heldForMemory = false;
    this.#log(`the queue's Redis takes writes again: taking sub-tasks`);
    for (const worker of this.#serving.values()) worker.resume();
  }

  /** Says this worker is alive, and which counts it serves: what `status` reads for "capable workers". */
  async #heartbeat(): Promise<void> {
    const { prefix } = this.#options.address;
    const now = Date.now();
    this.#lastBeat = now;
    const multi = this.#connection.redis.multi().zadd(keys.workers(prefix), now, this.name).zremrangebyscore(keys.workers(prefix), 0, now - ALIVE_MS);
    for (const id of this.#serving.keys()) multi.zadd(keys.countWorkers(prefix, id), now, this.name).pexpire(keys.countWorkers(prefix, id), ALIVE_MS * 4);
    for (const id of this.#refused.keys()) multi.zadd(keys.countDeclined(prefix, id), now, this.name).pexpire(keys.countDeclined(prefix, id), ALIVE_MS * 4);
    try {
      await multi.exec().then(failedStep);
    } catch (error) {
      if (/^(OOM|EXECABORT)\b/.test((error as Error).message)) this.#holdForMemory();
      throw error;
    }
    this.#resumeAfterMemory();
  }

  /** Why this worker cannot run a count's sub-tasks; undefined when it can. */
  #whyNot(id: string, text: string, mac: string | null): string | undefined {
    if (!checks(this.#options.key, mac ?? '', 'count', id, text)) {
      return this.#options.key
        ? "its record is not signed with this worker's key (BEZZEL_QUEUE_KEY): forged, altered, or submitted without the key"
        : 'it is signed with a key and this worker has none (set BEZZEL_QUEUE_KEY or --queue-key-file)';
    }
    let data: CountJobData;
    try {
      data = JSON.parse(text) as CountJobData;
    } catch {
      return 'its record is not a count this version reads';
    }
    const unmet = unmetNeed(data.capability, this.#offered);
    return unmet === undefined ? undefined : `${unmet} (${describeCapability(data.capability)})`;
  }

  #serve(id: string): void {
    const worker = this.#bullWorker<SubTaskJobData | SumJobData, unknown>(
      countQueueOf(id),
      (job, token) => (job.name === 'sum' ? this.#sum((job as Job<SumJobData>).data) : this.#runSubTask(id, job as Job<SubTaskJobData>, token)),
      this.#options.threads,
    );
    worker.on('completed', (job) => {
      // A count summed (or found unsummable) is removed with its queue, once its sum job is out of the way.
      if (job.name === 'sum') return void this.#cleanUp(id);
      const done = job.returnvalue as { key?: string; count?: string } | undefined;
      if (done?.count !== undefined) this.#log(`${job.id} ${done.key}: ${done.count} (${Math.round((job.finishedOn ?? 0) - (job.processedOn ?? 0))} ms)`);
    });
    worker.on('failed', (job, error) => {
      if (!job || error.name === 'WaitingError') return;
      this.#log(`${job.id} failed: ${error.message}`);
      const forGood = error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (forGood && job.name !== 'sum') void this.#failCount(id, job as Job<SubTaskJobData>, error.message);
    });
    this.#serving.set(id, worker);
    this.#lastBeat = 0;
    void this.#served(id)
      .then((count) => this.#log(`serving count ${id}: ${count.subTasks.length} sub-tasks, ${describeCapability(count.data.capability)}`))
      .catch(() => {});
    void worker.run().catch((error: Error) => this.#queueError(error));
    if (this.#heldForMemory) void worker.pause(true).catch(() => {});
  }

  /** A count as this worker cuts it: its record checked, and its split made again with its own plugins. */
  #served(id: string): Promise<ServedCount> {
    let served = this.#counts.get(id);
    if (!served) {
      served = this.#cut(id);
      this.#counts.set(id, served);
      served.catch(() => this.#counts.delete(id));
    }
    return served;
  }

  async #cut(id: string): Promise<ServedCount> {
    const [text, mac] = await this.#connection.redis.hmget(keys.count(this.#options.address.prefix, id), 'data', 'mac');
    if (text === null) throw new UnrecoverableError(`count ${id} is gone from the queue`);
    const why = this.#whyNot(id, text, mac);
    if (why) throw new UnrecoverableError(`not running count ${id}: ${why}`);
    const data = JSON.parse(text) as CountJobData;
    const urls = data.capability.plugins.map((p) => this.#urls.get(p.specifier)!);
    const plan = planSplit(await containerOf(urls), data.task, data.parts);
    if (plan.strategy.meta.id !== data.strategy || plan.subTasks.length !== data.subTasks) {
      throw new UnrecoverableError(`this worker splits count ${id} into ${plan.subTasks.length} sub-tasks with ${plan.strategy.meta.id}, not ${data.subTasks} with ${data.strategy} as its submitter did`);
    }
    return { data, subTasks: plan.subTasks, urls };
  }

  /**
   * Runs one sub-task: the index from the job's id, the task, key and weight from this worker's own split of the
   * count — never from the job's data, whose MAC is only checked (altered data is logged and counted as refused).
   */
  async #runSubTask(id: string, job: Job<SubTaskJobData, unknown>, token?: string): Promise<unknown> {
    // In flight from the moment BullMQ hands the job over, not from when its thread starts: a worker stopping
    // while it still cuts the count (a big split, a loaded machine) must put this job back too, not leave it
    // active under a lock until the stall time.
    const controller = new AbortController();
    this.#inFlight.set(job.id!, { count: id, controller });
    try {
      return await this.#runHeld(id, job, controller, token);
    } finally {
      this.#inFlight.delete(job.id!);
    }
  }

  /** A job stopped before or while it ran: gone with its count, or put back on the queue for another worker. */
  async #stopped(job: Job<SubTaskJobData, unknown>, what: string, reason: StopReason | undefined, token?: string): Promise<boolean> {
    if (reason === 'cancelled') {
      this.#log(`${job.id} ${what}: stopped (its count was cancelled or failed)`);
      throw new WaitingError(); // its job is gone with its count: nothing to move
    }
    if (reason === 'shutdown') {
      await job.moveToWait(token);
      this.#log(`${job.id} ${what}: put back on the queue (worker stopping)`);
      throw new WaitingError();
    }
    return false;
  }

  async #runHeld(id: string, job: Job<SubTaskJobData, unknown>, controller: AbortController, token?: string): Promise<unknown> {
    const { address, key } = this.#options;
    const redis = this.#connection.redis;
    const match = job.id?.startsWith(`${id}.`) ? /^(\d+)(?:\.r\d+)?$/.exec(job.id.slice(id.length + 1)) : null;
    const count = await this.#served(id);
    const index = match ? Number(match[1]) : -1;
    const sub = count.subTasks[index];
    if (!sub) {
      this.#log(`refused job ${job.id ?? '?'} on count ${id}'s queue: not one of its sub-tasks (forged); nothing run`);
      await redis.hincrby(keys.count(address.prefix, id), 'refused', 1);
      return { refused: true };
    }
    const data = job.data;
    // Without a key the MAC cannot tell; the data's key and weight must still be the split's own.
    if (!checks(key, data?.mac, 'sub-task', id, index, data?.key, data?.weight) || data.count !== id || data.index !== index || data.key !== sub.key || data.weight !== sub.sub.weight) {
      this.#log(`refused the data of job ${job.id} (key ${String(data?.key)}, weight ${String(data?.weight)}): altered or forged; running sub-task ${sub.key} as the count's own split cuts it`);
      await redis.hincrby(keys.count(address.prefix, id), 'refused', 1);
    }
    const rerun = job.attemptsStarted > 1 || /\.r\d+$/.test(job.id!);
    if (job.attemptsStarted > 1) this.#log(`${job.id} ${sub.key}: taken over (run ${job.attemptsStarted})`);

    // Stopped while the count was being cut: it never started.
    if (controller.signal.aborted) await this.#stopped(job, sub.key, controller.signal.reason as StopReason, token);
    const limit = this.#options.maxSubTaskMs;
    const timer = limit !== undefined ? setTimeout(() => controller.abort('time' satisfies StopReason), limit) : undefined;
    let result;
    try {
      result = await this.#pool.solve(count.urls, sub.sub.task, controller.signal);
    } catch (error) {
      const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : undefined;
      await this.#stopped(job, sub.key, reason, token);
      if (reason === 'time') throw new UnrecoverableError(`sub-task ${sub.key} ran longer than this worker's limit of ${seconds(limit!)} (bezzel worker --max-sub-task-time): split the count finer (--parts) or raise the limit`);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const counted = subCountOf(sub.key, sub.sub, result);
    if (!counted) throw new Error(`sub-task ${sub.key} ended "${result.status}" without a count`);
    const entry: ResultEntry = {
      count: counted.count,
      ...(counted.fundamental !== undefined ? { fundamental: counted.fundamental } : {}),
      nodes: counted.nodes,
      worker: this.name,
      rerun,
      mac: resultMac(key, id, index, sub.key, counted.count, counted.fundamental, counted.nodes, this.name, rerun),
    };
    const weight = BigInt(sub.sub.weight);
    const sums = [...limbsOf('c', weight * BigInt(counted.count)), ...limbsOf('f', weight * BigInt(counted.fundamental ?? '0'))];
    let recorded;
    try {
      recorded = await recordResult(redis, address.prefix, id, index, JSON.stringify(entry), counted.nodes, sums);
    } catch (error) {
      // A Redis out of memory cannot take the result: take no more sub-tasks until it can (this one's lock lapses
      // and it runs again once there is room).
      if (/^(OOM|EXECABORT)\b/.test((error as Error).message)) this.#holdForMemory();
      throw error;
    }
    if (recorded.code === 3) this.#log(`refused the result already in Redis for sub-task ${sub.key} of count ${id}: no worker recorded it (forged); this run's replaces it`);
    if (recorded.code === 0) {
      // A result is there already: a run before this one, or one written into Redis by hand, which is replaced.
      const there = await redis.hget(keys.results(address.prefix, id), String(index));
      if (there !== null && !this.#checksResult(id, index, sub.key, there)) {
        this.#log(`refused the result already recorded for sub-task ${sub.key} of count ${id} (${there.slice(0, 200)}): forged or altered; this run's replaces it`);
        await redis.hincrby(keys.count(address.prefix, id), 'refused', 1);
        recorded = await recordResult(redis, address.prefix, id, index, JSON.stringify(entry), counted.nodes, sums, true);
      }
    }
    // The last result in, or a rerun of one already in (code 0) or of a count already summing (code 2) whose first
    // run died before asking: ask for the sum. Asking twice is harmless (one job id a round).
    if (recorded.code >= 0 && recorded.done >= recorded.total) await requestSum(redis, address.prefix, id, recorded.round);
    return { key: sub.key, count: counted.count };
  }

  /** A sub-task failed for good: so has its count. Its sub-tasks not yet run are dropped, those running stopped. */
  async #failCount(id: string, job: Job<SubTaskJobData, unknown>, reason: string): Promise<void> {
    const { prefix } = this.#options.address;
    const redis = this.#connection.redis;
    try {
      const count = await this.#served(id).catch(() => undefined);
      const index = Number(/\.(\d+)(?:\.r\d+)?$/.exec(job.id ?? '')?.[1] ?? -1);
      const key = count?.subTasks[index]?.key ?? job.id;
      const failure = `sub-task ${key} failed on worker ${this.name} after ${job.attemptsMade} attempt(s): ${reason}`;
      const state = await redis.hget(keys.count(prefix, id), 'state');
      if (state !== 'submitting' && state !== 'running') return;
      const keepMs = count?.data.keepMs ?? 7 * 24 * 3600 * 1000;
      await redis
        .multi()
        .hset(keys.count(prefix, id), { state: 'failed', failure, finishedAt: Date.now() })
        .srem(keys.running(prefix), id)
        .pexpire(keys.count(prefix, id), keepMs)
        .publish(keys.cancel(prefix), id)
        .exec()
        .then(failedStep);
      this.#log(`${id} failed: its sub-tasks not yet started are dropped`);
      await removeCountJobs(redis, prefix, id);
    } catch (error) {
      this.#log(`could not drop the sub-tasks of failed count ${id}: ${(error as Error).message}`);
    }
  }

  /**
   * Sums a count whose every sub-task has returned: reads its results in batches (HSCAN), checks each one's MAC
   * against the key, index and split key, and weighs it with the weight of this worker's own split. Results
   * forged or altered (or missing) are refused, logged, and their sub-tasks sent to run again (a new round);
   * when all check, the answer is written, signed, and the count's jobs and results are removed.
   */
  async #sum(job: SumJobData): Promise<void> {
    const { address, key } = this.#options;
    const { prefix } = address;
    const redis = this.#connection.redis;
    const id = job.count;
    const record = await redis.hgetall(keys.count(prefix, id));
    if (record.state !== 'running' && record.state !== 'summing') return;
    if (Number(record.round ?? 0) !== job.round) return;
    let count: ServedCount;
    try {
      count = await this.#served(id);
    } catch (error) {
      await this.#failCountRecord(id, `it cannot be summed: ${(error as Error).message}`);
      return;
    }
    const { subTasks } = count;
    const seen = new Uint8Array(subTasks.length);
    const bad: string[] = [];
    let total = 0n;
    let fundamental = 0n;
    let nodes = 0;
    let reruns = 0;
    const workers = new Set<string>();
    let cursor = '0';
    do {
      const [next, flat] = await redis.hscan(keys.results(prefix, id), cursor, 'COUNT', 1000);
      cursor = next;
      // Each entry against the digest its recording kept: one written into Redis any other way is refused.
      const fields = flat.filter((_, i) => i % 2 === 0);
      const digests = fields.length > 0 ? await redis.hmget(keys.tally(prefix, id), ...fields) : [];
      for (let i = 0; i + 1 < flat.length; i += 2) {
        const field = flat[i]!;
        const text = flat[i + 1]!;
        const index = /^\d+$/.test(field) ? Number(field) : -1;
        const sub = subTasks[index];
        const recorded = digests[i / 2] === digestOf(text);
        const entry = sub !== undefined && seen[index] === 0 && recorded ? this.#checksResult(id, index, sub.key, text) : undefined;
        if (!entry || !sub) {
          bad.push(field);
          this.#log(`refused the result of sub-task ${sub?.key ?? field} of count ${id}: ${!sub ? 'no such sub-task' : recorded ? 'forged or altered' : 'not written by a worker (its digest is not the one recorded)'} (${text.slice(0, 200)}); it runs again`);
          continue;
        }
        seen[index] = 1;
        const weight = BigInt(sub.sub.weight);
        total += weight * BigInt(entry.count);
        fundamental += weight * BigInt(entry.fundamental ?? '0');
        nodes += Number(entry.nodes) || 0;
        if (entry.rerun) reruns++;
        workers.add(String(entry.worker));
      }
    } while (cursor !== '0');
    // The running sums are progress, the entries the answer; with a key every entry is signed, so sums that
    // differ were altered by hand and the checked entries stand. Without one an entry can be forged together with
    // its digest, and which of them is wrong cannot be told: every sub-task runs again, and nothing is published.
    const altered = bad.length === 0 && (sumOfLimbs(record, 'c') !== total || sumOfLimbs(record, 'f') !== fundamental);
    if (altered && !key) {
      this.#log(`${id}: its running sums in Redis (${sumOfLimbs(record, 'c')}) disagree with its results (${total}), and without a queue key neither can be trusted: every sub-task runs again, nothing is published`);
      seen.fill(0);
      total = 0n;
      fundamental = 0n;
      nodes = 0;
    }
    const missing: number[] = [];
    for (let i = 0; i < seen.length; i++) if (seen[i] === 0) missing.push(i);
    const round = job.round + 1;
    if (missing.length > 0) {
      // Start the round again from the checked results: the running sums are set to theirs, and only the
      // refused or missing sub-tasks run again.
      const started = await startNewRound(redis, prefix, id, job.round, {
        done: subTasks.length - missing.length,
        nodes,
        refused: altered && !key ? 1 : bad.length,
        dropped: altered && !key ? 'all' : bad,
        limbs: [...limbsOf('c', total), ...limbsOf('f', fundamental)],
      });
      if (!started) return; // another sum of this round got there first
      this.#log(`${id}: ${missing.length} sub-task(s) refused or missing; they run again (round ${round})`);
      const queue = new Queue<SubTaskJobData>(countQueueOf(id), { connection: redis, prefix, ...countQueueOptions });
      try {
        for (let from = 0; from < missing.length; from += 1000) {
          await queue.addBulk(
            missing.slice(from, from + 1000).map((index) => ({
              name: 'sub-task',
              data: subTaskData(key, id, index, subTasks[index]!.key, subTasks[index]!.sub.weight),
              opts: subTaskJobOptions(`${id}.${index}.r${round}`, 3),
            })),
          );
        }
      } finally {
        await queue.close();
      }
      return;
    }
    if (altered) this.#log(`${id}: its running sums in Redis were altered (${sumOfLimbs(record, 'c')}, checked ${total}); the answer is the checked sum, every result signed with the key`);
    const sums: CountReturn = {
      count: String(total),
      ...(count.data.task.goal === 'count-fundamental' ? { fundamental: String(fundamental) } : {}),
      nodes,
      subTasks: subTasks.length,
      workers: [...workers].sort(),
      reruns,
      refused: Number(record.refused ?? 0) + (altered ? 1 : 0),
    };
    const text = JSON.stringify(sums);
    if (!(await finishCount(redis, prefix, id, job.round, text, macOf(key, 'final', id, text), subTasks.length, count.data.keepMs))) return;
    this.#log(`${id} complete: ${sums.count}${sums.fundamental !== undefined ? `, ${sums.fundamental} fundamental` : ''}${sums.refused > 0 ? ` (${sums.refused} forged or altered record(s) refused)` : ''}`);
  }

  /** A recorded result, if it is well formed and its MAC checks for this count, index and split key. */
  #checksResult(id: string, index: number, subKey: string, text: string): ResultEntry | undefined {
    let entry: ResultEntry;
    try {
      entry = JSON.parse(text) as ResultEntry;
    } catch {
      return undefined;
    }
    const digits = (v: unknown) => typeof v === 'string' && /^\d+$/.test(v);
    if (!entry || !digits(entry.count) || (entry.fundamental !== undefined && !digits(entry.fundamental))) return undefined;
    return checks(this.#options.key, entry.mac, 'result', ...resultFields(id, index, subKey, entry.count, entry.fundamental, entry.nodes, entry.worker, entry.rerun)) ? entry : undefined;
  }

  async #failCountRecord(id: string, failure: string): Promise<void> {
    const { prefix } = this.#options.address;
    await this.#connection.redis.multi().hset(keys.count(prefix, id), { state: 'failed', failure, finishedAt: Date.now() }).srem(keys.running(prefix), id).publish(keys.cancel(prefix), id).exec();
    this.#log(`${id} failed: ${failure}`);
  }

  /** Removes a finished count's queue and results (its record stays for its retention). */
  async #cleanUp(id: string): Promise<void> {
    const { prefix } = this.#options.address;
    try {
      const state = await this.#connection.redis.hget(keys.count(prefix, id), 'state');
      if (state === 'complete' || state === 'failed' || state === null) await removeCountJobs(this.#connection.redis, prefix, id);
    } catch (error) {
      this.#queueError(error as Error);
    }
  }
}

/** What a result's MAC covers: the count, the index and key of the sub-task, and everything the entry says. */
function resultFields(id: string, index: number, key: string, count: string, fundamental: string | undefined, nodes: number, worker: string, rerun: boolean): unknown[] {
  return [id, index, key, count, fundamental ?? null, nodes, worker, rerun];
}

function resultMac(key: QueueKey | undefined, ...fields: Parameters<typeof resultFields>): string {
  return macOf(key, 'result', ...resultFields(...fields));
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);
