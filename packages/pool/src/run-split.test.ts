import bitboard from '@bezzel/bitboard';
import { createBezzel, type Task } from '@bezzel/core';
import queen from '@bezzel/queen';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSplit, SubTaskError } from './index.js';

const here = createRequire(import.meta.url);
const pluginUrls = [pathToFileURL(here.resolve('@bezzel/queen')).href, pathToFileURL(here.resolve('@bezzel/bitboard')).href];
const exploding = new URL('./testing/exploding-plugin.ts', import.meta.url).href;
const queens = (n: number, goal: Task['goal']): Task => ({ problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' }, goal });

describe('runSplit on real worker threads', () => {
  it('two workers give the same count and fundamental count as one process', async () => {
    const bezzel = await createBezzel({ plugins: [queen, bitboard] });
    const task = queens(11, 'count-fundamental');
    const local = await bezzel.solve(task);
    const seen: number[] = [];
    const pooled = await runSplit({ plugins: pluginUrls, task, workers: 2, parts: 24, onProgress: (p) => seen.push(p.done) });
    expect(pooled).toMatchObject({ status: 'complete', count: 2680n, fundamental: 341n, strategy: 'bitboard' });
    expect(local).toMatchObject({ status: 'complete', count: 2680n, fundamental: 341n });
    expect(pooled.stats.workers).toBe(2);
    expect(seen.at(-1)).toBe(pooled.stats.extra?.subTasks);
    // Pre-placed rows are not search nodes, so a deeper split counts a few fewer; the search itself is the same.
    expect(pooled.stats.nodes).toBeGreaterThan(local.stats.nodes * 0.9);
  });

  it('a sub-task that throws fails the run loudly, naming the sub-task', async () => {
    const task: Task = { ...queens(6, 'count'), strategy: 'exploding' };
    const run = runSplit({ plugins: [pluginUrls[0]!, exploding], task, workers: 2, parts: 4 });
    await expect(run).rejects.toBeInstanceOf(SubTaskError);
    await expect(runSplit({ plugins: [pluginUrls[0]!, exploding], task, workers: 2, parts: 4 })).rejects.toThrow(/sub-task #2 .*"part":2.*exploded on purpose/);
  });

  it('every sub-task may use the memory the task names (--memory), not the default', async () => {
    const task: Task = { ...queens(6, 'count'), strategy: 'memory-echo', budget: { maxMemoryBytes: 3 * 2 ** 30 } };
    const run = await runSplit({ plugins: [pluginUrls[0]!, exploding], task, workers: 2, parts: 4 });
    expect(run).toMatchObject({ status: 'complete', count: 4n * 3n });
    const plain = await runSplit({ plugins: [pluginUrls[0]!, exploding], task: { ...task, budget: {} }, workers: 2, parts: 4 });
    expect(plain).toMatchObject({ status: 'complete', count: 4n * 1n });
  });

  it('a checkpoint records finished sub-tasks and a second run skips them', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bezzel-pool-')), 'count.jsonl');
    const task = queens(10, 'count');
    const first = await runSplit({ plugins: pluginUrls, task, workers: 2, parts: 16, checkpoint: file });
    expect(first).toMatchObject({ status: 'complete', count: 724n });
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const total = first.stats.extra?.subTasks as number;
    expect(lines).toHaveLength(total + 1);
    // Keep the header and half the finished sub-tasks plus a torn line, as if the run had been killed.
    const kept = Math.floor(total / 2);
    writeFileSync(file, lines.slice(0, 1 + kept).join('\n') + '\n{"key":"0/2/5","wei');
    const again = await runSplit({ plugins: pluginUrls, task, workers: 2, checkpoint: file });
    expect(again).toMatchObject({ status: 'complete', count: 724n });
    expect(again.stats.extra?.resumed).toBe(kept);
    await expect(runSplit({ plugins: pluginUrls, task: queens(9, 'count'), workers: 1, checkpoint: file })).rejects.toThrow(/holds another count — queen on 10×10, goal count; this run is queen on 9×9, goal count: resume it with the command that wrote it, or start afresh/);
    // The same count split another way (a newer strategy) must not mix its sub-tasks with these.
    const [header, ...entries] = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, [JSON.stringify({ ...JSON.parse(header!), split: 'an older split' }), ...entries].join('\n'));
    await expect(runSplit({ plugins: pluginUrls, task, workers: 1, checkpoint: file })).rejects.toThrow(/splits them differently: it cannot be resumed by this version; start afresh/);
  });

  it('an abort ends with the partial count and the share of sub-tasks finished', async () => {
    const controller = new AbortController();
    const result = await runSplit({
      plugins: pluginUrls,
      task: queens(16, 'count'),
      workers: 2,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.done >= 3) controller.abort();
      },
    });
    expect(result.status).toBe('aborted');
    if (result.status !== 'aborted') return;
    expect(result.partial?.coverage).toBeGreaterThan(0);
    expect(result.partial?.coverage).toBeLessThan(1);
    expect(result.partial?.count).toBeLessThan(14772512n);
  });

  it('a count out of time keeps the nodes its stopped sub-tasks searched', async () => {
    // 19 queens: no sub-task finishes in 2.5 s (threads of the sources start in about one), so every node
    // counted is one a stopped sub-task reported.
    const result = await runSplit({ plugins: pluginUrls, task: { ...queens(19, 'count'), budget: { maxTimeMs: 2500 } }, workers: 2 });
    expect(result.status).toBe('budget');
    expect(result.stats.nodes).toBeGreaterThan(1_000_000);
  });
});
