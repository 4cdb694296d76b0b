import bitboard from '@bezzel/bitboard';
import classic from '@bezzel/classic';
import { createBezzel, type Bezzel, type Result, type Task } from '@bezzel/core';
import fairy from '@bezzel/fairy';
import knight from '@bezzel/knight';
import { planSplit, runSplit } from '@bezzel/pool';
import queen from '@bezzel/queen';
import { CountClient, CountWorker, describePlugin, parseQueueAddress, submitCount, type CountStatus, type WorkerPlugin } from '@bezzel/queue';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import flamingo from './fixtures/flamingo.js';
import { bezzelBin, bezzelProcess, childEnv, root } from './support/cli.js';
import { waitFor } from './support/wait.js';
import { freshQueue, TEST_REDIS, testRedisReachable } from './support/redis.js';

const reachable = await testRedisReachable();
const require = createRequire(import.meta.url);
const packages = ['@bezzel/queen', '@bezzel/knight', '@bezzel/classic', '@bezzel/fairy', '@bezzel/bitboard'];
const offered: WorkerPlugin[] = packages.map((name) => {
  const url = pathToFileURL(require.resolve(name)).href;
  return { ...describePlugin(name, url), url };
});
const needs = offered.map(({ specifier, version }) => ({ specifier, version }));
const flamingoFile = resolve(root, 'test/fixtures/flamingo.ts');
const flamingoPlugin: WorkerPlugin = { ...describePlugin(flamingoFile, pathToFileURL(flamingoFile).href), url: pathToFileURL(flamingoFile).href };

const placement = (piece: string, n: number, goal: Task['goal'], k?: number): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece, ...(k !== undefined ? { k } : {}) },
  goal,
  strategy: 'bitboard',
  // Counted in this process too (the reference): no time budget, so a loaded machine is slower, never wrong.
  budget: { maxTimeMs: Number.MAX_SAFE_INTEGER },
});

const countsOf = (result: Result) => {
  expect(result.status).toBe('complete');
  return result.status === 'complete' ? { count: result.count, fundamental: result.fundamental } : undefined;
};


/** Time limits of tests that wait on queues: generous, since two cores shared with other work may crawl. */
const SLOW = { timeout: 300_000 };

describe.skipIf(!reachable)('counting on a queue (BullMQ on Redis)', SLOW, () => {
  let bezzel: Bezzel;
  let worker: CountWorker;
  let client: CountClient;
  const address = parseQueueAddress(freshQueue());

  beforeAll(async () => {
    bezzel = await createBezzel({ plugins: [queen, knight, classic, fairy, bitboard, flamingo] });
    worker = CountWorker.start({ address, threads: 2, plugins: offered, stallMs: 5000 });
    client = await CountClient.open(address);
  });
  afterAll(async () => {
    await client?.close();
    await worker?.close(true);
  });

  const submit = (task: Task, parts: number, options: { keepMs?: number; plugins?: typeof needs } = {}) =>
    submitCount({ address, plan: planSplit(bezzel, task, parts), plugins: options.plugins ?? needs, ...(options.keepMs !== undefined ? { keepMs: options.keepMs } : {}) });
  const onQueue = async (task: Task, parts: number) => client.await(await submit(task, parts), { pollMs: 50 });

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
      const plugins = offered.map((p) => p.url);
      const inProcess = countsOf(await runSplit({ plugins, task, bezzel, executor: 'in-process', parts: 24 }));
      const queued = countsOf(await onQueue(task, 24));
      expect(inProcess, JSON.stringify(task.problem)).toEqual(whole);
      expect(queued, JSON.stringify(task.problem)).toEqual(whole);
      // Worker threads cost a second each to start: two problems are enough to pin that executor down.
      if (i === 4 || i === 8) expect(countsOf(await runSplit({ plugins, task, bezzel, workers: 2, parts: 24 }))).toEqual(whole);
    }
  });

  it('sums to the published figures: 10 queens 724 and 92 fundamental, 12 queens 14200 and 1787, 10 amazons 4', async () => {
    expect(countsOf(await onQueue(placement('queen', 10, 'count-fundamental'), 64))).toEqual({ count: 724n, fundamental: 92n });
    expect(countsOf(await onQueue(placement('queen', 12, 'count-fundamental'), 300))).toEqual({ count: 14200n, fundamental: 1787n });
    expect(countsOf(await onQueue(placement('amazon', 10, 'count'), 64))).toEqual({ count: 4n, fundamental: undefined });
  });

  it('status read while counts complete is always whole: 60 counts, each read without pause until done (race at completion)', async () => {
    // Each count's job moves (waiting-children → waiting → active → completed) while status reads it; before the
    // reads were one script, a read that straddled the move returned a state without its sums (a null).
    const tasks = Array.from({ length: 60 }, (_, i) => placement('queen', 6 + (i % 4), 'count-fundamental'));
    const expected = new Map([[6, [4n, 1n]], [7, [40n, 6n]], [8, [92n, 12n]], [9, [352n, 46n]]]);
    const ids = await Promise.all(tasks.map((task) => submit(task, 4)));
    let reads = 0;
    const states = new Set<string>();
    await Promise.all(
      ids.map(async (id, i) => {
        for (;;) {
          const status = await client.status(id);
          reads++;
          states.add(status.state);
          expect(status.state, id).not.toBe('missing');
          const s = status as CountStatus;
          expect(s.done).toBeLessThanOrEqual(s.total);
          if (s.state === 'failed') throw new Error(`${id} failed: ${s.failure}`);
          if (s.state !== 'complete') {
            await new Promise((resolve) => setImmediate(resolve));
            continue;
          }
          expect(s.sums, `${id}: a complete count carries its sums`).toBeDefined();
          expect([BigInt(s.sums!.count), BigInt(s.sums!.fundamental!)]).toEqual(expected.get(6 + (i % 4)));
          expect(s.done).toBe(s.total);
          return;
        }
      }),
    );
    // And the result of each, read after completion, once more.
    const results = await Promise.all(ids.map((id) => client.await(id, { pollMs: 10 })));
    results.forEach((r, i) => expect(countsOf(r)).toEqual({ count: expected.get(6 + (i % 4))![0], fundamental: expected.get(6 + (i % 4))![1] }));
    expect(reads).toBeGreaterThan(500);
    expect(states).toContain('complete');
  });

  it('a count whose id is unknown is "missing", not a null; await says no count', async () => {
    expect(await client.status('no-such-count')).toEqual({ id: 'no-such-count', state: 'missing' });
    await expect(client.await('no-such-count')).rejects.toThrow(/no count "no-such-count"/);
  });

  it('a count submitted a moment ago is not "waiting for a capable worker" while the connected worker has not looked at it yet', async () => {
    const id = await submit(placement('queen', 9, 'count'), 8);
    const first = (await client.status(id)) as CountStatus;
    expect(first.workers).toBeGreaterThanOrEqual(1);
    expect(first.state).not.toBe('waiting-for-worker');
    expect(countsOf(await client.await(id, { pollMs: 20 }))).toMatchObject({ count: 352n });
  });

  it('a count no worker can serve waits (never fails) and finishes once a capable worker joins', async () => {
    const task: Task = { ...placement('flamingo', 6, 'count', 4), strategy: 'bitboard' };
    const whole = countsOf(await bezzel.solve(task));
    const id = await submit(task, 8, { plugins: [...needs, { specifier: flamingoPlugin.specifier, version: flamingoPlugin.version }] });
    // The running worker lacks the flamingo: a second and a half later the count still waits, nothing taken.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // (The worker says at once that it declines; under load that may take a moment longer.)
    let waiting = (await client.status(id)) as CountStatus;
    await waitFor('the count to wait for a worker', async () => (waiting = (await client.status(id)) as CountStatus).state === 'waiting-for-worker', 5_000);
    expect(waiting).toMatchObject({ state: 'waiting-for-worker', done: 0, failed: 0, active: 0, capableWorkers: 0 });
    expect(waiting.workers).toBeGreaterThanOrEqual(1);
    const capable = CountWorker.start({ address, threads: 1, plugins: [...offered, flamingoPlugin] });
    try {
      expect(countsOf(await client.await(id, { pollMs: 50 }))).toEqual(whole);
    } finally {
      await capable.close();
    }
  });

  it('lists counts with state and progress; a finished count is removed after its retention', async () => {
    const id = await submit(placement('queen', 8, 'count'), 8, { keepMs: 200 });
    await client.await(id, { pollMs: 20 });
    const listed = (await client.list()).find((c) => c.id === id);
    // Listed with its state unless the worker's sweep (every 300 ms) was quicker.
    if (listed) expect(listed).toMatchObject({ state: 'complete', done: listed.total });
    await waitFor('the sweep to remove the expired count', async () => (await client.status(id)).state === 'missing', 10_000);
    const kept = await submit(placement('queen', 7, 'count'), 4);
    await client.await(kept, { pollMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await client.status(kept)).state, 'a count kept a week is still there').toBe('complete');
    expect((await client.list()).map((c) => c.id)).toContain(kept);
  });
});

/** A `bezzel worker` process; its log is kept for messages. */
function startWorker(queue: string, ...args: string[]): { child: ChildProcess; log: () => string } {
  let log = '';
  const child = spawn(process.execPath, [bezzelBin, 'worker', '--queue', queue, '--workers', '1', '--stall', '1s', ...args], { cwd: root, env: childEnv() });
  child.stderr!.on('data', (chunk) => (log += String(chunk)));
  return { child, log: () => log };
}

describe.skipIf(!reachable)('bezzel worker, place --queue, status, result, jobs, cancel, dashboard: the CLI on a real queue', SLOW, () => {
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
    const client = await CountClient.open(parseQueueAddress(queue));
    try {
      await waitFor('a few sub-tasks done on both workers', async () => {
        const s = (await client.status(job)) as CountStatus;
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

  it('counts queens through the surviving worker and prints them like any count; jobs lists it', async () => {
    const run = await bezzelProcess('place', 'queen', '-n', '9', '--goal', 'count-fundamental', '--strategy', 'bitboard', '--queue', queue, '--parts', '16');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^352 solutions, 46 fundamental/);
    expect(run.stdout).toMatch(/executor queue/);
    const job = /job (\S+)/.exec(run.stdout)![1]!;
    const jobs = await bezzelProcess('jobs', '--queue', queue);
    expect(jobs.code, jobs.stderr).toBe(0);
    expect(jobs.stdout.split('\n')[0]).toMatch(/^id\s+task\s+state\s+progress\s+age$/);
    expect(jobs.stdout).toMatch(new RegExp(`^${job}\\s+queen on 9×9, placement, goal count-fundamental\\s+complete\\s+\\d+/\\d+\\s+\\d`, 'm'));
    const json = JSON.parse((await bezzelProcess('jobs', '--queue', queue, '--format', 'json')).stdout) as { id: string; state: string }[];
    expect(json.find((c) => c.id === job)?.state).toBe('complete');
  });

  it('cancel stops a count: its sub-tasks in flight stop within a second, nothing more of it runs, `result` says cancelled (exit 6)', async () => {
    // 40 sub-tasks of 250 ms: 10 s of work for the one worker left.
    const submitted = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=250', '--plugin', slow, '--queue', queue, '--parts', '40', '--detach', '--format', 'json');
    const { job } = JSON.parse(submitted.stdout) as { job: string };
    const client = await CountClient.open(parseQueueAddress(queue));
    try {
      await waitFor('a sub-task in flight', async () => ((await client.status(job)) as CountStatus).active > 0);
      const waiting = bezzelProcess('result', job, '--queue', queue);
      await waitFor('`result` to be waiting', async () => (await client.status(job)).state === 'running');
      const cancelled = await bezzelProcess('cancel', job, '--queue', queue);
      expect(cancelled.code, cancelled.stderr).toBe(0);
      expect(cancelled.stdout).toMatch(/Cancelled count/);
      const stoppedAt = Date.now();
      const result = await waiting;
      expect(result.code, result.stderr).toBe(6);
      expect(result.stderr).toMatch(new RegExp(`count ${job} was cancelled \\(\\d+ of 40 sub-tasks had finished\\): no count`));
      const status = await bezzelProcess('status', job, '--queue', queue);
      expect(status.code).toBe(0);
      expect(status.stdout).toMatch(new RegExp(`^count ${job}: cancelled`));
      // The queue holds nothing of it: no sub-task waits, none runs.
      const after = (await client.status(job)) as CountStatus;
      expect([after.waiting, after.active]).toEqual([0, 0]);
      const ran = () => workers[1]!.log().split('\n').filter((line) => line.includes(`${job}.`)).length;
      const atCancel = ran();
      expect(atCancel).toBeLessThan(30);
      // No sub-task of it finishes after the cancel reached the worker: wait until the worker has said nothing of it for a second.
      await waitFor('a quiet second', () => Date.now() - stoppedAt > 1000);
      expect(ran(), 'no sub-task of a cancelled count runs after it').toBe(atCancel);
      // A second cancel removes the record.
      expect((await bezzelProcess('cancel', job, '--queue', queue)).code).toBe(0);
      expect((await bezzelProcess('status', job, '--queue', queue)).code).toBe(2);
    } finally {
      await client.close();
    }
  });

  it('a worker without a plugin the count needs never takes it; the count waits and finishes when a worker with it joins', async () => {
    const args = ['place', 'flamingo', '-n', '5', '-k', '3', '--goal', 'count', '--strategy', 'bitboard', '--plugin', 'test/fixtures/flamingo.ts'];
    const local = await bezzelProcess(...args, '--format', 'json');
    const submitted = await bezzelProcess(...args, '--queue', queue, '--parts', '8', '--detach', '--format', 'json');
    expect(submitted.code, submitted.stderr).toBe(0);
    const { job } = JSON.parse(submitted.stdout) as { job: string };
    await waitFor('the worker to say why it does not take the count', () => new RegExp(`not taking count ${job}: it needs plugin \\S*flamingo\\.ts`).test(workers[1]!.log()), 10_000);
    // Once every connected worker has looked at it (each says so at once; the other worker may be a moment behind
    // this one), the count is waiting for a capable worker.
    let status = await bezzelProcess('status', job, '--queue', queue);
    await waitFor('status to say the count waits', async () => /: waiting for a capable worker\n/.test((status = await bezzelProcess('status', job, '--queue', queue)).stdout), 5_000);
    expect(status.stdout).toMatch(/sub-tasks: 0 of \d+ done, 0 in flight, 0 retrying, 0 failed; 0 capable worker\(s\) of [12] connected/);
    workers.push(startWorker(queue, '--plugin', 'test/fixtures/flamingo.ts'));
    const result = await bezzelProcess('result', job, '--queue', queue, '--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { count: string }).count).toBe((JSON.parse(local.stdout) as { count: string }).count);
  });

  it('dashboard: read-only on localhost by default, checks the Host header, says what it exposes; --read-write and a public --host need a credential', async () => {
    const submitted = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=200', '--plugin', slow, '--queue', queue, '--parts', '40', '--detach', '--format', 'json');
    const { job } = JSON.parse(submitted.stdout) as { job: string };
    const dashboard = spawn(process.execPath, [bezzelBin, 'dashboard', '--queue', queue, '--port', '0'], { cwd: root, env: childEnv() });
    let log = '';
    dashboard.stderr.on('data', (chunk) => (log += String(chunk)));
    try {
      await waitFor('the dashboard to listen', () => /http:\/\/127\.0\.0\.1:\d+\//.test(log) && /it shows/.test(log), 30_000);
      const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(log)![1]!;
      expect(log).toMatch(/it shows every count's task and each running count's sub-tasks to this machine, without a credential, read-only/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/<title>bezzel<\/title>|bull-board|<div id="root">/i);
      // The page's scripts come from the copy of bull-board's page that ships beside the bundle.
      const script = /src="([^"]*static\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script, 'the page names its script').toBeDefined();
      expect((await fetch(new URL(script!, url))).status).toBe(200);
      type Api = { queues: { name: string; readOnlyMode: boolean }[] };
      let api: Api = { queues: [] };
      await waitFor('the running count on the page', async () => (api = (await (await fetch(`${url}api/queues`)).json()) as Api).queues.some((q) => q.name === `count-${job}`), 20_000);
      expect(api.queues.find((q) => q.name === `count-${job}`)?.readOnlyMode).toBe(true);
      const clean = await fetch(`${url}api/queues/count-${job}/clean/completed`, { method: 'PUT' });
      expect(clean.status, 'read-only: no job can be removed from the page').toBe(405);
      // DNS rebinding: a name this server is not known by is refused.
      const { request } = await import('node:http');
      const rebound = await new Promise<number>((resolve, reject) => request(`${url}api/queues`, { headers: { host: `evil.example:${new URL(url).port}` } }, (r) => resolve(r.statusCode!)).on('error', reject).end());
      expect(rebound).toBe(421);
    } finally {
      dashboard.kill('SIGTERM');
    }
    await bezzelProcess('cancel', job, '--queue', queue);
    const readWrite = await bezzelProcess('dashboard', '--queue', queue, '--port', '0', '--read-write');
    expect(readWrite.code).toBe(2);
    expect(readWrite.stderr).toMatch(/^bezzel: --read-write lets the page change and remove jobs: it needs a credential \(BEZZEL_DASHBOARD_TOKEN or --token-file\)\n$/);
    const open = await bezzelProcess('dashboard', '--queue', queue, '--port', '0', '--host', '0.0.0.0');
    expect(open.code).toBe(2);
    expect(open.stderr).toMatch(/^bezzel: listening on 0\.0\.0\.0 shows every count to the network: it needs a credential/);
  });

  it('bad queue addresses are one line: malformed exit 2, unreachable exit 69; a password never shows', async () => {
    const malformed = await bezzelProcess('place', 'queen', '-n', '8', '--goal', 'count', '--queue', 'http://nowhere');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr.trim().split('\n')).toHaveLength(1);
    const nobody = await bezzelProcess('status', 'x', '--queue', 'redis://127.0.0.1:1/0');
    expect(nobody.code).toBe(69);
    expect(nobody.stderr).toMatch(/^bezzel: cannot reach the queue at redis:\/\/127\.0\.0\.1:1\/0: .*\n$/);
    const inAddress = await bezzelProcess('status', 'x', '--queue', 'redis://user:s3cret-pw@127.0.0.1:1/0');
    expect(inAddress.code).toBe(69);
    expect(inAddress.stderr).toMatch(/warning: a password in the queue address shows in `ps`/);
    expect(inAddress.stderr).not.toMatch(/s3cret-pw/);
    // A database the server does not have (16 by default): one line, not a count said to be there and put in 0.
    const noDb = await bezzelProcess('jobs', '--queue', `${TEST_REDIS.replace(/\/\d+(\?|$)/, '/99$1')}`);
    expect(noDb.code).toBe(2);
    expect(noDb.stderr).toMatch(/^bezzel: the Redis at .*\/99 has no database 99: .*\n$/);
    const noFile = await bezzelProcess('jobs', '--queue', queue, '--password-file', 'no/such/file');
    expect(noFile).toMatchObject({ code: 2, stderr: 'bezzel: --password-file: cannot read no/such/file: no such file\n' });
    // A bad percent escape in the address's user or password, or a / ? # typed into it: exit 2, one line, unechoed.
    for (const address of ['redis://:100%zz-secret@127.0.0.1:1/0', 'redis://us%er:pw@127.0.0.1:1/0', 'redis://u:pa/ss-secret@127.0.0.1:1/0', 'redis://u:12/b-secret@127.0.0.1/0']) {
      const bad = await bezzelProcess('jobs', '--queue', address);
      expect(bad.code, `${address}: ${bad.stderr}`).toBe(2);
      expect(bad.stderr.trim().split('\n'), address).toHaveLength(1);
      expect(bad.stderr).toMatch(/^bezzel: the (password|user name|user or password) in the queue address .*(bad percent escape|holds a \/ \? or #)/);
      expect(bad.stderr).not.toMatch(/secret|100%zz/);
    }
    const tlsOnPlain = await bezzelProcess('jobs', '--queue', queue, '--tls-ca', 'package.json');
    expect(tlsOnPlain.code).toBe(2);
    expect(tlsOnPlain.stderr).toMatch(/^bezzel: --tls-ca, --tls-cert and --tls-key go with a rediss:\/\/ address/);
  });

  it('Ctrl-C while place --queue waits: the partial count, named for what it measures (the share of sub-tasks finished), exit 130; the count goes on', async () => {
    // A worker of its own (stopped at the end, so later tests see the workers they expect).
    const own = startWorker(queue, '--plugin', slow);
    workers.push(own);
    await waitFor('its worker', () => own.log().includes('Ctrl-C to stop'));
    const place = spawn(process.execPath, [bezzelBin, 'place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=100', '--plugin', slow, '--queue', queue, '--parts', '40'], { cwd: root, env: childEnv() });
    let stdout = '';
    let stderr = '';
    place.stdout!.on('data', (chunk) => (stdout += String(chunk)));
    place.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    const code = new Promise<number | null>((resolve) => place.once('close', (c) => resolve(c)));
    await waitFor('the count on the queue', () => /count (\S+) is on the queue/.test(stderr));
    const job = /count (\S+) is on the queue/.exec(stderr)![1]!;
    const client = await CountClient.open(parseQueueAddress(queue));
    try {
      await waitFor('a few sub-tasks done', async () => ((await client.status(job)) as CountStatus).done >= 2);
      place.kill('SIGINT');
      expect(await code, stderr).toBe(130);
      expect(stdout).toMatch(new RegExp(`^Stopped: \\d+ found so far \\(\\d+\\.\\d% of its sub-tasks finished\\); stopped waiting; count ${job} goes on in the queue`, 'm'));
      expect(stdout).not.toMatch(/search space/);
      expect(['running', 'summing', 'complete']).toContain((await client.status(job)).state);
    } finally {
      await client.close();
      await bezzelProcess('cancel', job, '--queue', queue);
      own.child.kill('SIGKILL');
    }
  });

  it('--max-time with --queue is honoured: the count is cancelled when it runs out, with its partial count (exit 3)', async () => {
    const run = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=100', '--plugin', slow, '--queue', queue, '--parts', '40', '--max-time', '1500ms', '--format', 'json');
    expect(run.code, run.stderr).toBe(3);
    const json = JSON.parse(run.stdout) as { status: string; partial: { count: string; coverage: number; note: string }; stats: { extra: { job: string } } };
    expect(json.status).toBe('budget');
    expect(json.partial.coverage).toBeLessThan(1);
    expect(json.partial.note).toMatch(/was cancelled/);
    const gone = await bezzelProcess('status', json.stats.extra.job, '--queue', queue);
    expect(gone.stdout).toMatch(/: cancelled\n/);
    const detached = await bezzelProcess('place', 'queen', '-n', '8', '--goal', 'count', '--strategy', 'bitboard', '--queue', queue, '--detach', '--max-time', '10s');
    expect(detached.code).toBe(2);
    expect(detached.stderr).toMatch(/^bezzel: --max-time with --detach/);
  });
});
