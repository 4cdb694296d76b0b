import { createBezzel } from '@bezzel/core';
import { planSplit } from '@bezzel/pool';
import { CountClient, CountWorker, countQueueOf, describePlugin, limbsOf, parseQueueAddress, queueKeys, recordResult, submitCount, WatchedConnection, type QueueAddress } from '@bezzel/queue';
import queen from '@bezzel/queen';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import slowCount from '../fixtures/slow-count.js';
import { bezzelProcess, root } from '../support/cli.js';
import { freshQueue, testRedisReachable } from '../support/redis.js';
import { waitFor } from '../support/wait.js';

/**
 * The queue's last step — from the last result recorded to the answer written — as safe as the others (issue 37).
 * Each way the sum can be lost is made as Redis would be left by it: the worker that recorded the last result
 * killed before it asked for the sum (its last job back from the stall check, or gone), a consumer that took the
 * sum job and answered nothing, one that holds it for ever. Another worker, or a waiting `result`, must finish
 * the count, exact, within the stall time. Without a queue key, a result forged in Redis must never reach the
 * answer. The counts are the slow fixture's (1…40 summed: 820) at 0 ms a number.
 */
const reachable = await testRedisReachable();
const STALL_MS = 3000;

describe.skipIf(!reachable)("the sum is re-driven when it is lost, and a forged result never reaches the answer", { timeout: 120_000 }, async () => {
  const require = createRequire(import.meta.url);
  const queenUrl = pathToFileURL(require.resolve('@bezzel/queen')).href;
  const slowUrl = pathToFileURL(resolve(root, 'test/fixtures/slow-count.ts')).href;
  const plugins = [
    { ...describePlugin('@bezzel/queen', queenUrl), url: queenUrl },
    { ...describePlugin(resolve(root, 'test/fixtures/slow-count.ts'), slowUrl), url: slowUrl },
  ];
  const needs = plugins.map(({ specifier, version }) => ({ specifier, version }));
  const bezzel = await createBezzel({ plugins: [queen, slowCount] });
  const task = { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'count', strategy: 'slow-count', options: { ms: 0 } } as const;
  const plan = planSplit(bezzel, task, 8);
  /** BullMQ, as @bezzel/queue has it: a consumer of our own that takes the sum job and does not sum. */
  interface BullJob {
    readonly id?: string;
    readonly name: string;
  }
  const { Queue, Worker } = createRequire(require.resolve('@bezzel/queue'))('bullmq') as {
    Queue: new (name: string, options: object) => { add(name: string, data: object, options: object): Promise<unknown>; close(): Promise<void> };
    Worker: new (name: string, process: (job: BullJob) => Promise<unknown>, options: object) => { close(force?: boolean): Promise<void>; on(event: 'error', listener: () => void): void };
  };

  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close().catch(() => {});
  });
  const start = (address: QueueAddress, stallMs = STALL_MS) => {
    const lines: string[] = [];
    const worker = CountWorker.start({ address, threads: 2, plugins, stallMs, log: (line) => lines.push(line) });
    closing.push(() => worker.close(true));
    return { worker, lines };
  };
  const raw = (address: QueueAddress) => {
    const connection = new WatchedConnection(address);
    closing.push(() => connection.close());
    return connection.redis;
  };
  /** The true count of sub-task `i`: the sum of its range. */
  const truth = (i: number) => {
    const [from, to] = String(plan.subTasks[i]!.sub.task.options!['prefix']).split('-').map(Number) as [number, number];
    let sum = 0;
    for (let n = from; n <= to; n++) sum += n;
    return sum;
  };
  /** Records sub-task `i`'s result as a worker does (the same script, entry and sums), without a key. */
  const record = (address: QueueAddress, id: string, i: number) =>
    recordResult(raw(address), address.prefix, id, i, JSON.stringify({ count: String(truth(i)), nodes: 1, worker: 'gone:1', rerun: false, mac: '' }), 1, limbsOf('c', BigInt(truth(i))));
  /** A count submitted without a key, its sub-task jobs taken off the queue but for `keep` (what a dead worker leaves). */
  const submitted = async (keep: readonly number[] = []) => {
    const address = parseQueueAddress(freshQueue());
    const id = await submitCount({ address, plan, plugins: needs });
    const redis = raw(address);
    const queue = `${address.prefix}:${countQueueOf(id)}`;
    for (let i = 0; i < plan.subTasks.length; i++) {
      if (keep.includes(i)) continue;
      await redis.lrem(`${queue}:wait`, 0, `${id}.${i}`);
      await redis.del(`${queue}:${id}.${i}`);
    }
    return { address, id, redis };
  };
  const answer = async (address: QueueAddress, id: string, options: { sumPatienceMs?: number } = {}) => {
    const client = await CountClient.open(address);
    closing.push(() => client.close());
    return client.await(id, { pollMs: 50, ...options });
  };

  it('the worker killed right after recording the last result, before asking for the sum: its job back on the queue (as the stall check puts it), the rerun asks again, another worker finishes the count', async () => {
    const { address, id } = await submitted([7]);
    for (let i = 0; i < 8; i++) await record(address, id, i);
    expect(await raw(address).hget(queueKeys.count(address.prefix, id), 'state')).toBe('summing');
    const since = Date.now();
    start(address);
    expect(await answer(address, id)).toMatchObject({ status: 'complete', count: 820n });
    // Within the stall time, give or take the worker's two threads starting: 4.4 s was seen at load average 22
    // on 2 cores. Without the rerun asking again the count never finishes and the await above times out.
    expect(Date.now() - since).toBeLessThan(STALL_MS + 2500);
  });

  it('killed there with its last job gone too (an append-only file that lost the write): a worker asks for the sum again within the stall time', async () => {
    const { address, id } = await submitted();
    for (let i = 0; i < 8; i++) await record(address, id, i);
    const since = Date.now();
    const { lines } = start(address);
    expect(await answer(address, id)).toMatchObject({ status: 'complete', count: 820n });
    // The stall time, and a heartbeat (2 s) to see it.
    expect(Date.now() - since).toBeLessThan(STALL_MS + 2500);
    expect(lines.join('\n')).toMatch(new RegExp(`${id}: every result is in but no sum came within the stall time; asked for it again`));
  });

  it('with no worker looking after it, a waiting `result` asks for the sum again itself', async () => {
    const { address, id } = await submitted();
    for (let i = 0; i < 8; i++) await record(address, id, i);
    // A worker that would wait a minute before asking: the client asks first.
    start(address, 60_000);
    const since = Date.now();
    expect(await answer(address, id, { sumPatienceMs: 500 })).toMatchObject({ status: 'complete', count: 820n });
    expect(Date.now() - since).toBeLessThan(5000);
  });

  it.each([
    ['takes the sum job and answers without summing', async () => undefined],
    ['takes the sum job and holds it for ever (its lock renewed)', () => new Promise(() => {})],
  ])('a consumer that %s: the count is still summed, exact, within the stall time', async (_what, swallow) => {
    const { address, id } = await submitted();
    for (let i = 0; i < 8; i++) await record(address, id, i);
    const swallowed: string[] = [];
    const consumer = new Worker(countQueueOf(id), async (job) => {
      swallowed.push(String(job.id));
      return swallow();
    }, { connection: address.connection, prefix: address.prefix, lockDuration: 1000 });
    // Once the count is summed its queue is removed under the held job: the consumer's lock renewals then fail.
    consumer.on('error', () => {});
    closing.push(() => consumer.close(true));
    // The sum asked for as the last worker asks for it (one job id a round), and taken by the consumer.
    const queue = new Queue(countQueueOf(id), { connection: address.connection, prefix: address.prefix });
    await queue.add('sum', { count: id, round: 0 }, { jobId: `${id}.sum.0`, removeOnComplete: true, removeOnFail: true });
    await queue.close();
    await waitFor('the consumer to take the sum job', () => swallowed.includes(`${id}.sum.0`), 10_000);
    const since = Date.now();
    const { lines } = start(address);
    expect(await answer(address, id)).toMatchObject({ status: 'complete', count: 820n });
    expect(Date.now() - since).toBeLessThan(STALL_MS + 2500);
    expect(lines.join('\n')).toMatch(/asked for it again/);
  });

  it('without a key, a result overwritten in Redis after it was recorded is refused and run again: the answer is exact', async () => {
    const { address, id, redis } = await submitted();
    for (let i = 0; i < 8; i++) await record(address, id, i);
    await redis.hset(queueKeys.results(address.prefix, id), '3', JSON.stringify({ count: '660119128', nodes: 1, worker: 'evil', rerun: false, mac: '' }));
    const { lines } = start(address);
    const result = await answer(address, id);
    expect(result).toMatchObject({ status: 'complete', count: 820n });
    expect(Number(result.stats.extra?.refused)).toBeGreaterThanOrEqual(1);
    expect(lines.join('\n')).toMatch(/refused the result of sub-task \S+ of count \S+: not written by a worker/);
  });

  it('without a key, a result forged together with its digest: the running sums disagree, every sub-task runs again, nothing wrong is published', async () => {
    const { address, id, redis } = await submitted();
    for (let i = 0; i < 8; i++) await record(address, id, i);
    const forged = JSON.stringify({ count: '660119128', nodes: 1, worker: 'evil', rerun: false, mac: '' });
    await redis.hset(queueKeys.results(address.prefix, id), '3', forged);
    await redis.hset(queueKeys.tally(address.prefix, id), '3', createHash('sha1').update(forged).digest('hex'));
    const { lines } = start(address);
    const result = await answer(address, id);
    expect(result).toMatchObject({ status: 'complete', count: 820n });
    expect(lines.join('\n')).toMatch(/disagree with its results .* every sub-task runs again, nothing is published/);
  });

  it('without a key, a result written into Redis before its sub-task ran is replaced by the run, counted once; `result` prints the exact count and says what was refused', async () => {
    const address = parseQueueAddress(freshQueue());
    const id = await submitCount({ address, plan, plugins: needs });
    await raw(address).hset(queueKeys.results(address.prefix, id), '2', JSON.stringify({ count: '999999', nodes: 1, worker: 'evil', rerun: false, mac: '' }));
    start(address);
    const run = await bezzelProcess('result', id, '--queue', freshQueueOf(address), '--plugin', 'test/fixtures/slow-count.ts', '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ count: '820', stats: { extra: { refused: 1 } } });
  });

  it('jobs and status verify with the key they are given; without it they say the count is signed, not forged; a split coarser than --parts says so', async () => {
    const address = parseQueueAddress(freshQueue());
    const queue = freshQueueOf(address);
    const keyFile = join(mkdtempSync(join(tmpdir(), 'bezzel-key-')), 'key');
    writeFileSync(keyFile, 'a-test-key-of-thirty-two-chars!!\n');
    const submitted = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=0', '--plugin', 'test/fixtures/slow-count.ts', '--queue', queue, '--parts', '1000', '--detach', '--queue-key-file', keyFile);
    expect(submitted.code, submitted.stderr).toBe(0);
    expect(submitted.stderr).toMatch(/^bezzel: slow-count cut the count into 40 sub-tasks, fewer than the 1,000 --parts asked: its split goes no finer$/m);
    const id = /Submitted count (\S+):/.exec(submitted.stdout)![1]!;
    const keyed = await bezzelProcess('jobs', '--queue', queue, '--queue-key-file', keyFile);
    expect(keyed.code, keyed.stderr).toBe(0);
    expect(keyed.stdout).toMatch(new RegExp(`^${id} .* (waiting for a capable worker|running) +0/40`, 'm'));
    const keyless = await bezzelProcess('status', id, '--queue', queue);
    expect(keyless.stdout).toMatch(/it was submitted with a queue key and none was given here: give the same key \(BEZZEL_QUEUE_KEY or --queue-key-file\) to read it/);
    expect(keyless.stdout).not.toMatch(/forged/);
    const fewer = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=0', '--plugin', 'test/fixtures/slow-count.ts', '--queue', queue, '--parts', '40', '--detach', '--queue-key-file', keyFile);
    expect(fewer.stderr).not.toMatch(/--parts asked/);
    for (const each of [id, /Submitted count (\S+):/.exec(fewer.stdout)![1]!]) await bezzelProcess('cancel', each, '--queue', queue, '--queue-key-file', keyFile);
  });
});

/** The address a command is given for a queue: its URL with its prefix. */
function freshQueueOf(address: QueueAddress): string {
  const url = new URL(process.env.BEZZEL_TEST_REDIS ?? 'redis://127.0.0.1:6390/0');
  url.searchParams.set('prefix', address.prefix);
  return url.href;
}
