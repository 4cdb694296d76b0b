import { createBezzel } from '@bezzel/core';
import { planSplit } from '@bezzel/pool';
import { CountClient, CountWorker, describePlugin, parseQueueAddress, submitCount, WatchedConnection } from '@bezzel/queue';
import queen from '@bezzel/queen';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import slowCount from '../fixtures/slow-count.js';
import { bezzelProcess, root } from '../support/cli.js';
import { ownRedis, testRedisReachable, type OwnRedis } from '../support/redis.js';
import { waitFor } from '../support/wait.js';

/**
 * A Redis at maxmemory with noeviction, as an operator's fills up (issue 37): a finished count's answer is read
 * without a write (status, result, jobs: exit 0); a worker that cannot record what it runs stops taking
 * sub-tasks, says why, and takes them again once Redis has room — the count exact.
 */
const reachable = await testRedisReachable();

describe.skipIf(!reachable)('a full Redis: answers read, no sub-task run that cannot be recorded', { timeout: 180_000 }, async () => {
  const require = createRequire(import.meta.url);
  const queenUrl = pathToFileURL(require.resolve('@bezzel/queen')).href;
  const slowFile = resolve(root, 'test/fixtures/slow-count.ts');
  const slowUrl = pathToFileURL(slowFile).href;
  const plugins = [
    { ...describePlugin('@bezzel/queen', queenUrl), url: queenUrl },
    { ...describePlugin(slowFile, slowUrl), url: slowUrl },
  ];
  const needs = plugins.map(({ specifier, version }) => ({ specifier, version }));
  const bezzel = await createBezzel({ plugins: [queen, slowCount] });
  const task = (ms: number) => ({ problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'count', strategy: 'slow-count', options: { ms } }) as const;
  let redis: OwnRedis | undefined;
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close().catch(() => {});
    await redis?.stop();
  });

  it('a finished count is read on a full Redis; a worker holds while it cannot record, then finishes the count exact', async () => {
    redis = await ownRedis();
    const address = parseQueueAddress(redis.url);
    const admin = new WatchedConnection(address);
    closing.push(() => admin.close());
    const lines: string[] = [];
    const worker = CountWorker.start({ address, threads: 1, plugins, stallMs: 3000, log: (line) => lines.push(line) });
    closing.push(() => worker.close(true));
    const client = await CountClient.open(address);
    closing.push(() => client.close());

    const done = await submitCount({ address, plan: planSplit(bezzel, task(0), 4), plugins: needs });
    expect(await client.await(done, { pollMs: 50 })).toMatchObject({ status: 'complete', count: 820n });
    // 40 sub-tasks of 50 ms a number: a count that is running when Redis fills.
    const running = await submitCount({ address, plan: planSplit(bezzel, task(40), 20), plugins: needs });
    await waitFor('a few sub-tasks done', async () => Number(await admin.redis.hget(`bezzel:bezzel:count:${running}`, 'done')) >= 2, 30_000);
    await admin.redis.config('SET', 'maxmemory', '1');
    try {
      // Reads need no write: the finished count's answer, on a full Redis.
      for (const args of [['status', done], ['result', done, '--format', 'json'], ['jobs']]) {
        const run = await bezzelProcess(...args, '--queue', redis.url, ...(args[0] === 'jobs' ? [] : ['--plugin', 'test/fixtures/slow-count.ts']));
        expect(run.code, `${args[0]}: ${run.stderr}`).toBe(0);
        if (args[0] === 'result') expect(JSON.parse(run.stdout)).toMatchObject({ count: '820' });
      }
      await waitFor('the worker to hold', () => lines.some((line) => /out of memory .*takes no sub-tasks until it can record them/.test(line)), 20_000);
      // Held: nothing runs, nothing more is taken.
      await waitFor('its sub-tasks in flight to end', () => worker.inFlight === 0, 10_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(worker.inFlight).toBe(0);
    } finally {
      await admin.redis.config('SET', 'maxmemory', '0');
    }
    await waitFor('the worker to take sub-tasks again', () => lines.some((line) => /takes writes again: taking sub-tasks/.test(line)), 20_000);
    expect(await client.await(running, { pollMs: 100 })).toMatchObject({ status: 'complete', count: 820n });
  });
});
