import bitboard from '@bezzel/bitboard';
import classic from '@bezzel/classic';
import { createBezzel, type Bezzel, type Result, type Task } from '@bezzel/core';
import fairy from '@bezzel/fairy';
import knight from '@bezzel/knight';
import { planSplit, runSplit } from '@bezzel/pool';
import queen from '@bezzel/queen';
import { CountClient, CountWorker, parseQueueAddress, submitCount } from '@bezzel/queue';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bezzelBin, bezzelProcess, root } from './support/cli.js';
import { freshQueue, testRedisReachable } from './support/redis.js';

const reachable = await testRedisReachable();
const require = createRequire(import.meta.url);
const packages = ['@bezzel/queen', '@bezzel/knight', '@bezzel/classic', '@bezzel/fairy', '@bezzel/bitboard'];
const urls = new Map(packages.map((name) => [name, pathToFileURL(require.resolve(name)).href]));

const placement = (piece: string, n: number, goal: Task['goal'], k?: number): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece, ...(k !== undefined ? { k } : {}) },
  goal,
  strategy: 'bitboard',
});

const countsOf = (result: Result) => {
  expect(result.status).toBe('complete');
  return result.status === 'complete' ? { count: result.count, fundamental: result.fundamental } : undefined;
};

describe.skipIf(!reachable)('counting on a queue (BullMQ on Redis)', () => {
  let bezzel: Bezzel;
  let worker: CountWorker;
  let client: CountClient;
  const address = parseQueueAddress(freshQueue());

  beforeAll(async () => {
    bezzel = await createBezzel({ plugins: [queen, knight, classic, fairy, bitboard] });
    worker = CountWorker.start({ address, threads: 2, resolvePlugin: (s) => urls.get(s), stallTimeoutMs: 5000 });
    client = await CountClient.open(address);
  });
  afterAll(async () => {
    await client?.close();
    await worker?.close(true);
  });

  const onQueue = async (task: Task, parts: number) => {
    const plan = planSplit(bezzel, task, parts);
    const id = await submitCount({ address, plan, plugins: packages });
    return client.await(id, { pollMs: 50 });
  };

  it('in-process, thread-pool and queue executors give the same counts as one unsplit run', async () => {
    const sweep: Task[] = [
      ...[6, 7, 8, 9, 10].map((n) => placement('queen', n, 'count-fundamental')),
      placement('queen', 11, 'count'),
      placement('rook', 6, 'count-fundamental'),
      placement('bishop', 5, 'count', 8),
      placement('amazon', 10, 'count-fundamental'),
      placement('knight', 5, 'count', 5),
    ];
    for (const [i, task] of sweep.entries()) {
      const whole = countsOf(await bezzel.solve(task));
      const plugins = [...urls.values()];
      const inProcess = countsOf(await runSplit({ plugins, task, bezzel, executor: 'in-process', parts: 24 }));
      const queued = countsOf(await onQueue(task, 24));
      expect(inProcess, JSON.stringify(task.problem)).toEqual(whole);
      expect(queued, JSON.stringify(task.problem)).toEqual(whole);
      // Worker threads cost a second each to start: two problems are enough to pin that executor down.
      if (i === 4 || i === 8) expect(countsOf(await runSplit({ plugins, task, bezzel, workers: 2, parts: 24 }))).toEqual(whole);
    }
  });

  it('sums to the published figures: 10 queens 724 and 92 fundamental, 10 amazons 4', async () => {
    expect(countsOf(await onQueue(placement('queen', 10, 'count-fundamental'), 64))).toEqual({ count: 724n, fundamental: 92n });
    expect(countsOf(await onQueue(placement('amazon', 10, 'count'), 64))).toEqual({ count: 4n, fundamental: undefined });
  });

  it('a count whose id is unknown is a usage error naming it', async () => {
    await expect(client.status('no-such-count')).rejects.toThrow(/no count "no-such-count"/);
  });
});

/** A `bezzel worker` process; its log is kept for messages. */
function startWorker(queue: string, ...args: string[]): { child: ChildProcess; log: () => string } {
  let log = '';
  const child = spawn(process.execPath, [bezzelBin, 'worker', '--queue', queue, '--workers', '1', '--stall-timeout', '1s', ...args], { cwd: root });
  child.stderr!.on('data', (chunk) => (log += String(chunk)));
  return { child, log: () => log };
}

const waitFor = async (what: string, test: () => Promise<boolean> | boolean, ms = 60_000) => {
  const until = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.skipIf(!reachable)('bezzel worker, place --queue, status and result: the CLI on a real queue', () => {
  const queue = freshQueue();
  const slow = 'test/fixtures/slow-count.ts';
  let workers: ReturnType<typeof startWorker>[] = [];

  afterAll(() => {
    for (const w of workers) w.child.kill('SIGKILL');
  });

  it('two workers; one killed with SIGKILL mid-run: its sub-task runs again elsewhere and the count is whole', async () => {
    workers = [startWorker(queue, '--plugin', slow), startWorker(queue, '--plugin', slow)];
    await waitFor('both workers', () => workers.every((w) => w.log().includes('Ctrl-C to stop')));
    const submitted = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '--plugin', slow, '--queue', queue, '--parts', '20', '--detach', '--format', 'json');
    expect(submitted.code, submitted.stderr).toBe(0);
    const { job, subTasks } = JSON.parse(submitted.stdout) as { job: string; subTasks: number };
    expect(subTasks).toBe(20);

    // Each sub-task takes 80 ms and both workers pull without pause, so once a few are done each holds one.
    const address = parseQueueAddress(queue);
    const client = await CountClient.open(address);
    try {
      await waitFor('a few sub-tasks done on both workers', async () => {
        const s = await client.status(job);
        return s.done >= 4 && s.active === 2;
      });
      workers[0]!.child.kill('SIGKILL');
      const status = await bezzelProcess('status', job, '--queue', queue);
      expect(status.stdout).toMatch(/sub-tasks: \d+ of 20 done/);
    } finally {
      await client.close();
    }

    // The submitting terminal is gone; `result` picks the count up.
    const result = await bezzelProcess('result', job, '--queue', queue, '--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as { status: string; count: string; stats: { extra: { reruns: number; executor: string } } };
    expect(json).toMatchObject({ status: 'complete', count: '820', stats: { extra: { executor: 'queue' } } });
    expect(json.stats.extra.reruns, 'the killed worker held a sub-task, and it ran again').toBeGreaterThanOrEqual(1);
  });

  it('counts queens through the surviving worker and prints them like any count', async () => {
    const run = await bezzelProcess('place', 'queen', '-n', '9', '--goal', 'count-fundamental', '--queue', queue, '--parts', '16');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^352 solutions, 46 fundamental/);
    expect(run.stdout).toMatch(/executor queue/);
  });

  it('cancel removes a count and its sub-tasks; its workers stop working on it', async () => {
    // 40 sub-tasks of 250 ms: 10 s of work for the one worker left.
    const submitted = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=250', '--plugin', slow, '--queue', queue, '--parts', '40', '--detach', '--format', 'json');
    const { job } = JSON.parse(submitted.stdout) as { job: string };
    const cancelled = await bezzelProcess('cancel', job, '--queue', queue);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toMatch(/Cancelled count/);
    const gone = await bezzelProcess('status', job, '--queue', queue);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/no count/);
    const ran = () => workers[1]!.log().split('\n').filter((line) => line.includes(`${job}.`)).length;
    const atCancel = ran();
    expect(atCancel).toBeLessThan(30);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(ran(), 'no sub-task of a cancelled count runs after it').toBe(atCancel);
  });

  it('a worker without a plugin the count needs fails the count, naming the plugin; no number is printed', async () => {
    const run = await bezzelProcess('place', 'flamingo', '-n', '5', '-k', '3', '--goal', 'count', '--strategy', 'bitboard', '--plugin', 'test/fixtures/flamingo.ts', '--queue', queue, '--parts', '8');
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/failed: sub-task .* plugin .*flamingo\.ts is not loaded on worker/);
    expect(run.stdout).toBe('');
  });

  it('bad queue addresses are one line and exit code 2', async () => {
    const malformed = await bezzelProcess('place', 'queen', '-n', '8', '--goal', 'count', '--queue', 'http://nowhere');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr.trim().split('\n')).toHaveLength(1);
    const nobody = await bezzelProcess('status', 'x', '--queue', 'redis://127.0.0.1:1/0');
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toMatch(/^bezzel: cannot reach the queue at redis:\/\/127\.0\.0\.1:1\/0/);
  });
});
