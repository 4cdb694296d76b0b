import { CountClient, parseQueueAddress, type CountStatus } from '@bezzel/queue';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bezzelBin, bezzelProcess, childEnv, root } from './support/cli.js';
import { waitFor } from './support/wait.js';
import { freshQueue, ownRedis, testRedisReachable, type OwnRedis } from './support/redis.js';

/**
 * The queue when things break: Redis killed and restarted mid-count, a worker killed mid-sub-task (and how soon
 * its sub-task is taken over), a Redis that wants a password. Each test that breaks Redis runs its own server.
 */
const reachable = await testRedisReachable();
const slow = 'test/fixtures/slow-count.ts';

interface Proc {
  readonly child: ChildProcess;
  log(): string;
  /** When each line of its stderr arrived. */
  readonly lines: { at: number; text: string }[];
}

function bezzelChild(args: string[], env: NodeJS.ProcessEnv = {}): Proc {
  const child = spawn(process.execPath, [bezzelBin, ...args], { cwd: root, env: { ...childEnv(), ...env } });
  const lines: Proc['lines'] = [];
  let log = '';
  let stdout = '';
  child.stderr!.on('data', (chunk) => {
    log += String(chunk);
    for (const text of String(chunk).split('\n').filter(Boolean)) lines.push({ at: Date.now(), text });
  });
  child.stdout!.on('data', (chunk) => (stdout += String(chunk)));
  return { child, log: () => log, lines, ...{ stdout: () => stdout } };
}

const exited = (child: ChildProcess) => new Promise<number>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code ?? 1))));


describe.skipIf(!reachable)('a count survives Redis killed (SIGKILL) and restarted on its append-only file', { timeout: 300_000 }, () => {
  let redis: OwnRedis | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await redis?.stop();
  });

  it('two workers and a waiting `result` carry on; each says the queue went and came back; the count is exact', async () => {
    redis = await ownRedis();
    const queue = `${redis.url}?prefix=restart`;
    const workers = [0, 1].map(() => bezzelChild(['worker', '--queue', queue, '--workers', '1', '--stall', '3s', '--plugin', slow]));
    children.push(...workers.map((w) => w.child));
    await waitFor('both workers', () => workers.every((w) => w.log().includes('Ctrl-C to stop')));
    // 40 sub-tasks of 100 ms: two seconds of work for each worker.
    const submitted = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=100', '--plugin', slow, '--queue', queue, '--parts', '40', '--detach', '--format', 'json');
    expect(submitted.code, submitted.stderr).toBe(0);
    const { job } = JSON.parse(submitted.stdout) as { job: string };
    const result = bezzelChild(['result', job, '--queue', queue, '--format', 'json']);
    children.push(result.child);

    const client = await CountClient.open(parseQueueAddress(queue), { patient: true });
    let doneAtKill = 0;
    try {
      await waitFor('some sub-tasks done', async () => ((await client.status(job)) as CountStatus).done >= 6);
      doneAtKill = ((await client.status(job)) as CountStatus).done;
      await client.close();
      const killedAt = Date.now();
      await redis.kill();
      // Every waiting process says so within 5 s, in one line each.
      await waitFor('every process to say the queue is gone', () => [...workers, result].every((p) => p.lines.some((l) => /lost the queue|cannot reach the queue/.test(l.text))), 5000);
      for (const p of [...workers, result]) {
        const said = p.lines.find((l) => /lost the queue|cannot reach the queue/.test(l.text))!;
        expect(said.at - killedAt).toBeLessThanOrEqual(5000);
        expect(p.lines.filter((l) => /lost the queue|cannot reach the queue/.test(l.text))).toHaveLength(1);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await redis.start();
    } finally {
      await client.close().catch(() => {});
    }
    expect(doneAtKill).toBeLessThan(40);
    expect(await exited(result.child), result.log()).toBe(0);
    const json = JSON.parse((result as unknown as { stdout: () => string }).stdout()) as { status: string; count: string };
    expect(json).toMatchObject({ status: 'complete', count: '820' });
    expect(result.log()).toMatch(/the queue at redis:\/\/127\.0\.0\.1:\d+\/0\?prefix=restart answers again/);
    for (const w of workers) expect(w.log()).toMatch(/answers again/);
  });
});

describe.skipIf(!reachable)('a worker killed with SIGKILL mid-sub-task', { timeout: 300_000 }, () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('has its sub-task taken over within the stall time (--stall 3s) + 5 s, and the count is exact', async () => {
    const queue = freshQueue();
    const stallMs = 3000;
    const first = bezzelChild(['worker', '--queue', queue, '--workers', '1', '--stall', '3s', '--plugin', slow]);
    children.push(first.child);
    await waitFor('the first worker', () => first.log().includes('Ctrl-C to stop'));
    // Two sub-tasks of 20 numbers × 150 ms: 3 s each.
    const submitted = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=150', '--plugin', slow, '--queue', queue, '--parts', '2', '--detach', '--format', 'json');
    const { job } = JSON.parse(submitted.stdout) as { job: string };
    const client = await CountClient.open(parseQueueAddress(queue));
    try {
      await waitFor('the first worker to hold a sub-task', async () => ((await client.status(job)) as CountStatus).active === 1);
      // The second worker, two threads: it takes the other sub-task and keeps a thread free for the orphan.
      const second = bezzelChild(['worker', '--queue', queue, '--workers', '2', '--stall', '3s', '--plugin', slow]);
      children.push(second.child);
      await waitFor('both sub-tasks in flight', async () => ((await client.status(job)) as CountStatus).active === 2);
      const killedAt = Date.now();
      first.child.kill('SIGKILL');
      await waitFor('the orphan to be taken over', () => second.lines.some((l) => /taken over \(run 2\)/.test(l.text)), stallMs + 10_000);
      const takenOver = second.lines.find((l) => /taken over \(run 2\)/.test(l.text))!.at;
      expect(takenOver - killedAt, `taken over ${takenOver - killedAt} ms after the kill`).toBeLessThanOrEqual(stallMs + 5000);
      const result = await client.await(job, { pollMs: 100 });
      expect(result).toMatchObject({ status: 'complete', count: 820n, stats: { extra: { reruns: 1 } } });
    } finally {
      await client.close();
    }
  });
});

describe.skipIf(!reachable)('a queue behind a password', { timeout: 300_000 }, () => {
  let redis: OwnRedis | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'bezzel-secret-'));
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the password from BEZZEL_QUEUE_PASSWORD or --password-file; it never shows in ps or in a message', async () => {
    redis = await ownRedis({ password });
    const file = join(dir, 'password');
    writeFileSync(file, `${password}\n`);
    const worker = bezzelChild(['worker', '--queue', redis.url, '--workers', '1'], { BEZZEL_QUEUE_PASSWORD: password });
    children.push(worker.child);
    await waitFor('the worker', () => worker.log().includes('Ctrl-C to stop'));
    const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
    expect(ps).toContain(`worker --queue ${redis.url}`);
    expect(ps).not.toContain(password);

    const run = await bezzelProcess('place', 'queen', '-n', '8', '--goal', 'count-fundamental', '--strategy', 'bitboard', '--queue', redis.url, '--password-file', file);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^92 solutions, 12 fundamental/);
    const wrong = await bezzelProcess('jobs', '--queue', redis.url);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^bezzel: the queue at redis:\/\/127\.0\.0\.1:\d+\/0 refused the credentials: .*BEZZEL_QUEUE_PASSWORD/);
    for (const text of [run.stdout, run.stderr, wrong.stderr, worker.log()]) expect(text).not.toContain(password);
  });
});

describe.skipIf(!reachable)('a password of any character is never echoed', { timeout: 300_000 }, () => {
  let redis: OwnRedis | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'bezzel-secret-'));
  afterAll(async () => {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('quotes, %, spaces, / @ : ? #, unicode, newlines: right or wrong, from the environment, a file or the address, no message shows it', async () => {
    redis = await ownRedis();
    const { WatchedConnection } = await import('@bezzel/queue');
    const admin = new WatchedConnection(parseQueueAddress(redis.url));
    const passwords = [
      `it's "qu0ted" and 'single' p4ss`,
      '100% sure %zz %41 %',
      'pa/ss@wo:rd?q=1#frag',
      'ünïcödé ☃ 密码 🎲 пароль',
      'two\nlines\r\nand\ttab \u00a0nbsp', // no NUL: an environment variable cannot hold one
      'back\\slash $HOME `tick` ;|& <>',
    ];
    try {
      for (const [i, password] of passwords.entries()) await admin.redis.call('ACL', 'SETUSER', `u${i}`, 'on', 'resetpass', `>${password}`, '~*', '&*', '+@all');
    } finally {
      await admin.close();
    }
    const host = `127.0.0.1:${redis.port}/0`;
    await Promise.all(
      passwords.map(async (password, i) => {
        const user = `u${i}`;
        const file = join(dir, `password-${i}`);
        writeFileSync(file, `${password}\n`);
        const runs = await Promise.all([
          bezzelWithin(60_000, ['jobs', '--queue', `redis://${user}@${host}`], { BEZZEL_QUEUE_PASSWORD: password }),
          bezzelWithin(60_000, ['jobs', '--queue', `redis://${user}@${host}`, '--password-file', file]),
          bezzelWithin(60_000, ['status', 'no-such', '--queue', `redis://${user}@${host}`], { BEZZEL_QUEUE_PASSWORD: `${password}-wrong` }),
          bezzelWithin(60_000, ['jobs', '--queue', `redis://${user}:${encodeURIComponent(password)}@${host}`]),
          bezzelWithin(60_000, ['jobs', '--queue', `redis://${user}:${password}@${host}`]),
          bezzelWithin(60_000, ['jobs', '--queue', `redis://${user}:${encodeURIComponent(password)}-wrong@${host}`]),
        ]);
        const [env, fromFile, wrong, encoded, raw, encodedWrong] = runs;
        expect(env.code, `${JSON.stringify(password)} from the environment: ${env.stderr}`).toBe(0);
        // A file holds one line: a password with a newline goes in the environment.
        if (!password.includes('\n')) expect(fromFile.code, `${JSON.stringify(password)} from a file: ${fromFile.stderr}`).toBe(0);
        expect(wrong.code).toBe(2);
        expect(wrong.stderr).toMatch(/^bezzel: the queue at redis:\/\/u\d@127\.0\.0\.1:\d+\/0 refused the credentials: /);
        expect(encoded.code, `${JSON.stringify(password)} percent-encoded in the address: ${encoded.stderr}`).toBe(0);
        expect(encoded.stderr).toMatch(/warning: a password in the queue address shows in `ps`/);
        expect(encodedWrong.code).toBe(2);
        // Typed into the address as it is: it works, or it is one line of usage error (a / ? # or a bad % escape).
        expect([0, 2], `${JSON.stringify(password)} raw in the address: ${raw.stderr}`).toContain(raw.code);
        if (raw.code === 2) expect(raw.stderr.split('\n').filter((line) => line.startsWith('bezzel: ') && !line.includes('warning'))).toHaveLength(1);
        let parsed: string | undefined;
        try {
          parsed = new URL(`redis://${user}:${password}@${host}`).password;
        } catch {
          parsed = undefined;
        }
        const forms = [password, encodeURIComponent(password), ...(parsed ? [parsed] : []), ...password.split(/\r?\n/).filter((line) => line.length >= 4)];
        for (const run of runs) for (const form of forms) for (const text of [run.stdout, run.stderr]) expect(text, `${JSON.stringify(form)} echoed`).not.toContain(form);
      }),
    );
  });
});

/** In-process workers and a submitter with a shared key, on the slow fixture (1…40 summed: 820). */
describe.skipIf(!reachable)('counts no one can forge, cancel that reaches running work, limits', { timeout: 300_000 }, async () => {
  const { createBezzel } = await import('@bezzel/core');
  const queen = (await import('@bezzel/queen')).default;
  const slowCount = (await import('./fixtures/slow-count.js')).default;
  const { planSplit } = await import('@bezzel/pool');
  const { CountWorker, QueueKey, QueueCountCancelled, WatchedConnection, countQueueOf, describePlugin, queueKeys, submitCount } = await import('@bezzel/queue');
  /** A plain Redis client of the queue's (the tests write into Redis as an intruder would). */
  const rawRedis = (address: ReturnType<typeof parseQueueAddress>) => new WatchedConnection(address);
  const { createRequire } = await import('node:module');
  const { pathToFileURL } = await import('node:url');
  const { resolve } = await import('node:path');
  const require = createRequire(import.meta.url);
  const queenUrl = pathToFileURL(require.resolve('@bezzel/queen')).href;
  const slowUrl = pathToFileURL(resolve(root, slow)).href;
  const plugins = [
    { ...describePlugin('@bezzel/queen', queenUrl), url: queenUrl },
    { ...describePlugin(resolve(root, slow), slowUrl), url: slowUrl },
  ];
  const needs = plugins.map(({ specifier, version }) => ({ specifier, version }));
  const bezzel = await createBezzel({ plugins: [queen, slowCount] });
  const key = QueueKey.of('a-test-key-of-thirty-two-chars!!');
  const task = (ms: number) => ({ problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'count', strategy: 'slow-count', options: { ms } }) as const;
  const started: { close(force: boolean): Promise<void> }[] = [];
  const start = (address: ReturnType<typeof parseQueueAddress>, options: { threads?: number; maxSubTaskMs?: number; withKey?: boolean } = {}) => {
    const lines: string[] = [];
    const worker = CountWorker.start({ address, threads: options.threads ?? 1, plugins, stallMs: 3000, log: (line) => lines.push(line), ...(options.withKey === false ? {} : { key }), ...(options.maxSubTaskMs ? { maxSubTaskMs: options.maxSubTaskMs } : {}) });
    started.push(worker);
    return { worker, lines };
  };
  afterAll(async () => {
    await Promise.all(started.map((w) => w.close(true).catch(() => {})));
  });

  it('a forged weight, key, job, result and running sum in Redis: each refused and logged (escaped), the count exact, the answer says so', async () => {
    const address = parseQueueAddress(freshQueue());
    const { prefix } = address;
    const id = await submitCount({ address, plan: planSplit(bezzel, task(10), 8), plugins: needs, key });
    const connection = rawRedis(address);
    const redis = connection.redis;
    const jobKey = (job: string) => `${prefix}:${countQueueOf(id)}:${job}`;
    try {
      const data = (job: string) => redis.hget(jobKey(job), 'data').then((t) => JSON.parse(t!) as Record<string, unknown>);
      await redis.hset(jobKey(`${id}.1`), 'data', JSON.stringify({ ...(await data(`${id}.1`)), weight: 1000 }));
      await redis.hset(jobKey(`${id}.2`), 'data', JSON.stringify({ ...(await data(`${id}.2`)), key: '11-15\n12:00:00 x complete: 42\u001b[2K' }));
      await redis.hset(queueKeys.results(prefix, id), '3', JSON.stringify({ count: '999999', nodes: 1, worker: 'evil', rerun: false, mac: 'forged' }));
      await redis.hset(queueKeys.count(prefix, id), 'c0', '4000000');
      // A job of its own, written by hand beside the count's: a copy of one, with another id and data.
      const forged = 'forged\u001b[31m';
      await redis.hset(jobKey(forged), { ...(await redis.hgetall(jobKey(`${id}.5`))), data: JSON.stringify({ count: id, index: 4, key: '21-25', weight: 9, mac: '' }) });
      await redis.lpush(`${prefix}:${countQueueOf(id)}:wait`, forged);
    } finally {
      await connection.close();
    }
    const { lines } = start(address, { threads: 2 });
    const client = await CountClient.open(address, { key });
    try {
      const result = await client.await(id, { pollMs: 50 });
      expect(result).toMatchObject({ status: 'complete', count: 820n });
      expect(Number(result.stats.extra?.refused)).toBeGreaterThanOrEqual(4);
      const log = lines.join('\n');
      expect(log).toMatch(new RegExp(`refused the data of job ${id}\\.1 \\(key 6-10, weight 1000\\): altered or forged`));
      expect(log).toMatch(/refused the data of job \S+\.2 \(key 11-15\\u000a12:00:00 x complete: 42\\u001b\[2K, weight 1\)/);
      expect(log).toMatch(/refused the result already (recorded|in Redis) for sub-task 16-20 .*forged/);
      expect(log).toMatch(/running sums in Redis were altered/);
      for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f]/);
    } finally {
      await client.close();
    }
  });

  it('a count written into Redis by hand is never run; a client with the key calls it forged', async () => {
    const address = parseQueueAddress(freshQueue());
    const { prefix } = address;
    const connection = rawRedis(address);
    const redis = connection.redis;
    const data = { task: { problem: { kind: 'placement', board: { width: 6, height: 6 }, piece: 'queen' }, goal: 'count' }, strategy: 'bitboard', parts: 1, subTasks: 1, bezzel: '0.1', capability: { bezzel: '0.1', plugins: [] }, keepMs: 1000 };
    await redis.multi().hset(queueKeys.count(prefix, 'fake'), { data: JSON.stringify(data), mac: 'x', state: 'running', total: 1, done: 0, submittedAt: Date.now(), c0: 4000000 }).sadd(queueKeys.running(prefix), 'fake').exec();
    await connection.close();
    const { lines } = start(address);
    await waitFor('the worker to refuse it', () => lines.some((l) => /^not taking count fake: its record is not signed with this worker's key/.test(l)));
    const client = await CountClient.open(address, { key });
    try {
      expect(await client.status('fake')).toMatchObject({ state: 'failed', failure: expect.stringMatching(/altered or forged/) });
    } finally {
      await client.close();
    }
  });

  it('cancel of a running count: every worker is idle within 2 s, and the waiting client says cancelled', async () => {
    const address = parseQueueAddress(freshQueue());
    const workers = [start(address), start(address)];
    // Four sub-tasks of ten numbers × 400 ms: 4 s each.
    const id = await submitCount({ address, plan: planSplit(bezzel, task(400), 4), plugins: needs, key });
    const client = await CountClient.open(address, { key });
    try {
      await waitFor('both workers busy', () => workers.every((w) => w.worker.inFlight === 1));
      const waiting = client.await(id, { pollMs: 50 }).catch((error: Error) => error);
      const at = Date.now();
      await client.cancel(id);
      await waitFor('every worker idle', () => workers.every((w) => w.worker.inFlight === 0), 2000);
      expect(Date.now() - at).toBeLessThan(2000);
      const outcome = await waiting;
      expect(outcome).toBeInstanceOf(QueueCountCancelled);
      expect(workers.map((w) => w.lines.some((l) => /stopped \(its count was cancelled or failed\)/.test(l)))).toEqual([true, true]);
    } finally {
      await client.close();
    }
  });

  it('a sub-task past the worker\'s maximum run time is stopped, and the count fails saying so', async () => {
    const address = parseQueueAddress(freshQueue());
    const { worker } = start(address, { maxSubTaskMs: 300 });
    // One sub-task of 40 numbers × 200 ms: 8 s, far past 0.3 s.
    const id = await submitCount({ address, plan: planSplit(bezzel, task(200), 1), plugins: needs, key });
    const client = await CountClient.open(address, { key });
    try {
      await expect(client.await(id, { pollMs: 50 })).rejects.toThrow(/ran longer than this worker's limit of 0\.3 s \(bezzel worker --max-sub-task-time\)/);
      expect(worker.inFlight).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('a count whose sub-tasks vanished from Redis fails with a line instead of waiting for ever (exit 4)', async () => {
    const queue = freshQueue();
    const address = parseQueueAddress(queue);
    const id = await submitCount({ address, plan: planSplit(bezzel, task(10), 4), plugins: needs });
    const connection = rawRedis(address);
    await connection.redis.del(`${address.prefix}:${countQueueOf(id)}:wait`);
    await connection.close();
    const result = await bezzelProcess('result', id, '--queue', queue);
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toMatch(new RegExp(`^bezzel: count ${id} failed: 4 of its 4 sub-tasks are gone from the queue \\(evicted by Redis or removed by hand\\)`, 'm'));
  });
});

describe.skipIf(!reachable)('a worker stopped with SIGTERM while it runs a sub-task', { timeout: 300_000 }, () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('stops within its grace time and puts the sub-task back on the queue; another worker finishes the count', async () => {
    const queue = freshQueue();
    const first = bezzelChild(['worker', '--queue', queue, '--workers', '1', '--grace', '1s', '--plugin', slow]);
    children.push(first.child);
    await waitFor('the worker', () => first.log().includes('Ctrl-C to stop'));
    // Two sub-tasks of 20 numbers × 200 ms: 4 s each.
    const submitted = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=200', '--plugin', slow, '--queue', queue, '--parts', '2', '--detach', '--format', 'json');
    const { job } = JSON.parse(submitted.stdout) as { job: string };
    const client = await CountClient.open(parseQueueAddress(queue));
    try {
      await waitFor('the worker to hold a sub-task', async () => ((await client.status(job)) as CountStatus).active === 1);
      const at = Date.now();
      first.child.kill('SIGTERM');
      expect(await exited(first.child), "a worker stopped by a signal exits 130 once its work is back on the queue").toBe(130);
      expect(Date.now() - at, 'stopped within the grace time (1 s) and a little').toBeLessThan(3000);
      expect(first.log()).toMatch(/put back on the queue \(worker stopping\)/);
      expect(await client.status(job)).toMatchObject({ done: 0, active: 0, waiting: 2 });
      const second = bezzelChild(['worker', '--queue', queue, '--workers', '2', '--plugin', slow]);
      children.push(second.child);
      expect(await client.await(job, { pollMs: 100 })).toMatchObject({ status: 'complete', count: 820n });
    } finally {
      await client.close();
    }
  });
});

describe.skipIf(!reachable)('Redis conditions are answers: an evicting policy, a full Redis', { timeout: 300_000 }, () => {
  let redis: OwnRedis | undefined;
  afterAll(async () => {
    await redis?.stop();
  });

  it('maxmemory-policy allkeys-lru is refused at connect in one line (exit 69); noeviction and full: one line, exit 69', async () => {
    redis = await ownRedis();
    const { WatchedConnection } = await import('@bezzel/queue');
    const connection = new WatchedConnection(parseQueueAddress(redis.url));
    const admin = connection.redis;
    try {
      await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
      const evicting = await bezzelProcess('jobs', '--queue', redis.url);
      expect(evicting.code).toBe(69);
      expect(evicting.stderr).toMatch(/^bezzel: the queue at redis:\/\/127\.0\.0\.1:\d+\/0 evicts keys under memory pressure \(maxmemory-policy allkeys-lru\), which would lose counts; fix: redis-cli CONFIG SET maxmemory-policy noeviction .*\n$/);
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      await admin.config('SET', 'maxmemory', '1');
      const full = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '--plugin', slow, '--queue', redis.url, '--parts', '40', '--detach');
      expect(full.code, full.stderr).toBe(69);
      expect(full.stderr).toMatch(/^bezzel: the queue's Redis at redis:\/\/127\.0\.0\.1:\d+\/0 is out of memory \(maxmemory reached\): OOM command not allowed .*\n$/m);
      expect(full.stderr.split('\n').filter((l) => l.includes('out of memory'))).toHaveLength(1);
    } finally {
      await admin.config('SET', 'maxmemory', '0').catch(() => {});
      await connection.close();
    }
  });
});

/** A `bezzel` child that is killed (and reported as hung) if it has not exited within `ms`. */
function bezzelWithin(ms: number, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bezzelBin, ...args], { cwd: root, env: { ...childEnv(), ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe.skipIf(!reachable)('a queue over TLS: redis-server with --tls-port only, certificates made with openssl', { timeout: 600_000 }, () => {
  let redis: OwnRedis | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await redis?.stop();
  });

  it('jobs, status, result and a count through a worker over rediss://: 20 of 20 clean exits each; --tls-cert alone is exit 2; a wrong CA or scheme is exit 2 naming the fix', async () => {
    redis = await ownRedis({ tls: true });
    const tls = redis.tls!;
    const queue = `${redis.url}?prefix=tls`;
    const withCa = ['--queue', queue, '--tls-ca', tls.ca];
    // The server asks for a client certificate and checks one when it comes: half the runs bring one.
    const mutual = [...withCa, '--tls-cert', tls.clientCert, '--tls-key', tls.clientKey];
    const worker = bezzelChild(['worker', ...mutual, '--workers', '1']);
    children.push(worker.child);
    await waitFor('the worker', () => worker.log().includes('Ctrl-C to stop'));
    const submitted = await bezzelWithin(60_000, ['place', 'queen', '-n', '8', '--goal', 'count-fundamental', '--strategy', 'bitboard', ...withCa, '--parts', '8', '--detach', '--format', 'json']);
    expect(submitted.code, submitted.stderr).toBe(0);
    const { job } = JSON.parse(submitted.stdout) as { job: string };

    const clean = (what: string, run: Awaited<ReturnType<typeof bezzelWithin>>) => {
      expect(run.signal, `${what}: hung (killed after 60 s); stderr: ${run.stderr}`).toBeNull();
      expect(run.stderr, what).not.toMatch(/Connection is closed|\n\s+at |Error:/);
      expect(run.code, `${what}: ${run.stderr}`).toBe(0);
    };
    const runs: Record<string, number> = { jobs: 0, status: 0, result: 0, place: 0 };
    for (let i = 0; i < 20; i++) {
      const options = i % 2 === 0 ? withCa : mutual;
      const [jobs, status, result, place] = await Promise.all([
        bezzelWithin(60_000, ['jobs', ...options]),
        bezzelWithin(60_000, ['status', job, ...options]),
        bezzelWithin(60_000, ['result', job, ...options, '--format', 'json']),
        bezzelWithin(60_000, ['place', 'queen', '-n', '7', '--goal', 'count', '--strategy', 'bitboard', ...options, '--parts', '4', '--quiet']),
      ]);
      clean(`jobs, run ${i + 1}`, jobs);
      expect(jobs.stdout).toMatch(new RegExp(`^${job}\\s+queen on 8×8`, 'm'));
      clean(`status, run ${i + 1}`, status);
      expect(status.stdout).toMatch(new RegExp(`^count ${job}: complete|^count ${job}: (running|summing)`));
      clean(`result, run ${i + 1}`, result);
      expect(JSON.parse(result.stdout)).toMatchObject({ status: 'complete', count: '92', fundamental: '12' });
      clean(`place --queue, run ${i + 1}`, place);
      expect(place.stdout).toMatch(/^40 solutions/);
      for (const name of Object.keys(runs)) runs[name]!++;
    }
    expect(runs).toEqual({ jobs: 20, status: 20, result: 20, place: 20 });

    const half = await bezzelWithin(60_000, ['jobs', ...withCa, '--tls-cert', tls.clientCert]);
    expect(half).toMatchObject({ code: 2, stderr: 'bezzel: --tls-cert needs --tls-key: a client certificate goes with its private key\n' });
    // A CA that did not sign the server's certificate is the flag to fix: exit 2, naming --tls-ca.
    for (const ca of [tls.otherCa, tls.serverCert]) {
      const wrong = await bezzelWithin(60_000, ['status', job, '--queue', queue, '--tls-ca', ca]);
      expect(wrong.code, wrong.stderr).toBe(2);
      expect(wrong.stderr).toMatch(/^bezzel: --tls-ca: the certificate of the server at rediss:\/\/127\.0\.0\.1:\d+\/0\?prefix=tls does not check against this CA \((self-signed certificate in certificate chain|unable to verify the first certificate|unable to get local issuer certificate)\); give the CA that signed it\n$/);
    }
    // A plain redis:// client at a TLS port: the scheme to use is named, exit 2.
    const plain = await bezzelWithin(60_000, ['jobs', '--queue', queue.replace('rediss:', 'redis:')]);
    expect(plain.code, plain.stderr).toBe(2);
    expect(plain.stderr).toMatch(/^bezzel: redis:\/\/127\.0\.0\.1:\d+\/0\?prefix=tls speaks TLS: use rediss:\/\/ for this port/);

    worker.child.kill('SIGTERM');
    expect(await exited(worker.child), worker.log()).toBe(130);
    expect(worker.log()).not.toMatch(/Connection is closed|\n\s+at /);
  });
});

describe.skipIf(!reachable)('a --read-write dashboard with its credential cannot change a count', { timeout: 300_000 }, () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it("bull-board's PATCH …/update-data: refused without the credential (401); with it the job's data changes in Redis, but the worker refuses it and the count is exact", async () => {
    const queue = freshQueue();
    const env = { BEZZEL_QUEUE_KEY: 'a-test-key-of-thirty-two-chars!!', BEZZEL_DASHBOARD_TOKEN: 'dashboard-credential-0123456789' };
    // No worker yet: every sub-task waits, so each forged one is surely run after its forgery.
    const submitted = await bezzelWithin(60_000, ['place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=5', '--plugin', slow, '--queue', queue, '--parts', '8', '--detach', '--format', 'json'], env);
    expect(submitted.code, submitted.stderr).toBe(0);
    const { job, subTasks } = JSON.parse(submitted.stdout) as { job: string; subTasks: number };
    expect(subTasks).toBe(8);
    const dashboard = bezzelChild(['dashboard', '--queue', queue, '--port', '0', '--read-write'], env);
    children.push(dashboard.child);
    await waitFor('the dashboard to listen', () => /it shows/.test(dashboard.log()), 30_000);
    expect(dashboard.log()).toMatch(/with the credential, and lets them retry, change, clean and remove jobs/);
    const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(dashboard.log())![1]!;
    const bearer = { authorization: `Bearer ${env.BEZZEL_DASHBOARD_TOKEN}` };
    await waitFor('the count on the page', async () => {
      const api = (await (await fetch(`${url}api/queues`, { headers: bearer })).json()) as { queues: { name: string; readOnlyMode: boolean }[] };
      return api.queues.some((q) => q.name === `count-${job}` && !q.readOnlyMode);
    }, 20_000);

    const { WatchedConnection, countQueueOf } = await import('@bezzel/queue');
    const address = parseQueueAddress(queue);
    const connection = new WatchedConnection(address);
    const dataOf = async (index: number) => JSON.parse((await connection.redis.hget(`${address.prefix}:${countQueueOf(job)}:${job}.${index}`, 'data'))!) as Record<string, unknown>;
    const patch = (index: number, jobData: Record<string, unknown>, headers: Record<string, string>) =>
      fetch(`${url}api/queues/count-${job}/${job}.${index}/update-data`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ jobData }) });
    try {
      const original = await dataOf(1);
      // Without the credential, or with a wrong one: refused, the job untouched.
      for (const headers of <Record<string, string>[]>[{}, { authorization: 'Bearer not-the-dashboard-credential' }, { authorization: `Basic ${Buffer.from('x:wrong').toString('base64')}` }]) {
        const refused = await patch(1, { ...original, weight: 2 }, headers);
        expect(refused.status).toBe(401);
      }
      expect(await dataOf(1)).toEqual(original);
      // With it, bull-board writes what it is given: a doubled weight, another sub-task's index, another key.
      const forgeries: [number, (d: Record<string, unknown>) => Record<string, unknown>][] = [
        [1, (d) => ({ ...d, weight: 2 })],
        [2, (d) => ({ ...d, index: 7 })],
        [3, (d) => ({ ...d, key: '31-40', weight: 1000 })],
      ];
      for (const [index, forge] of forgeries) {
        const forged = forge(await dataOf(index));
        const accepted = await patch(index, forged, bearer);
        expect(accepted.status, `PATCH of ${job}.${index}`).toBe(200);
        expect(await dataOf(index), 'the forged data is in Redis').toEqual(forged);
      }
    } finally {
      await connection.close();
    }

    const worker = bezzelChild(['worker', '--queue', queue, '--workers', '1', '--plugin', slow], env);
    children.push(worker.child);
    const result = await bezzelWithin(120_000, ['result', job, '--queue', queue, '--format', 'json'], env);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as { count: string; stats: { extra: { refused: number } } };
    expect(json.count, 'the count is exact: 1…40 summed').toBe('820');
    expect(json.stats.extra.refused).toBe(3);
    expect(result.stderr).toMatch(/3 forged or altered record\(s\) of count \S+ were found in Redis, refused and run again/);
    for (const index of [1, 2, 3]) expect(worker.log()).toMatch(new RegExp(`refused the data of job ${job}\\.${index} \\(.*\\): altered or forged`));
  });
});

describe.skipIf(!reachable)('a submitter killed part way through sending a count', { timeout: 300_000 }, () => {
  let redis: OwnRedis | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    redis?.resume();
    await redis?.stop();
  });

  it('said the id before sending; `status` says it was cut short; `bezzel result ID` sends the rest and the count is exact', async () => {
    redis = await ownRedis();
    const queue = `${redis.url}?prefix=resume`;
    const client = await CountClient.open(parseQueueAddress(queue));
    try {
      // 11 queens cut into 6,266 sub-tasks: seven chunks of sends. The submitter says the id before the first; at
      // that line Redis is frozen (SIGSTOP), so the submitter cannot get past the chunk it is sending, and is killed.
      let job = '';
      let total = 0;
      for (let attempt = 1; ; attempt++) {
        const submitter = bezzelChild(['place', 'queen', '-n', '11', '--goal', 'count', '--strategy', 'bitboard', '--queue', queue, '--parts', '4096']);
        children.push(submitter.child);
        await waitFor('the submitter to say the id', () => /count \S+: sending \d+ sub-tasks/.test(submitter.log()));
        redis.pause();
        submitter.child.kill('SIGKILL');
        await exited(submitter.child);
        redis.resume();
        [, job = '', total = 0] = /count (\S+): sending (\d+) sub-tasks to the queue \(if this stops part way, bezzel result \S+ sends the rest\)/.exec(submitter.log())!.map((v, i) => (i === 2 ? Number(v) : v)) as [string, string, number];
        const status = (await client.status(job)) as CountStatus;
        expect(status.state).toBe('submitting');
        if (status.sent! < total) break;
        // The submitter outran the freeze (all sent before it): try again; three such outruns would be a bug.
        expect(attempt, 'the submitter was never caught part way').toBeLessThan(3);
      }
      expect(total).toBe(6266);
      await waitFor('the submitter\'s lease to lapse', async () => ((await client.status(job)) as CountStatus).orphaned === true, 30_000);
      const status = await bezzelProcess('status', job, '--queue', queue);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toMatch(new RegExp(`^count ${job}: submitting \\(\\d+ of 6266 sub-tasks sent\\)\\nits submitter stopped part way: bezzel result ${job} sends the rest`));

      const worker = bezzelChild(['worker', '--queue', queue, '--workers', '2']);
      children.push(worker.child);
      const result = await bezzelWithin(240_000, ['result', job, '--queue', queue, '--format', 'json']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(new RegExp(`count ${job} was cut short while it was submitted \\(its submitter stopped after \\d+ of 6266 sub-tasks\\): sending the rest`));
      expect(JSON.parse(result.stdout)).toMatchObject({ status: 'complete', count: '2680', stats: { extra: { subTasks: 6266 } } });
    } finally {
      await client.close();
    }
  });
});
