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

    const run = await bezzelProcess('place', 'queen', '-n', '8', '--goal', 'count-fundamental', '--queue', redis.url, '--password-file', file);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^92 solutions, 12 fundamental/);
    const wrong = await bezzelProcess('jobs', '--queue', redis.url);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^bezzel: the queue at redis:\/\/127\.0\.0\.1:\d+\/0 refused the credentials: .*BEZZEL_QUEUE_PASSWORD/);
    for (const text of [run.stdout, run.stderr, wrong.stderr, worker.log()]) expect(text).not.toContain(password);
  });
});
