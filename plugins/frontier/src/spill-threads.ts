import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { WriteFailure } from '@bezzel/core';
import type { GroupRunner } from './spill.js';
import type { GroupDone, SpillSweep } from './spill-sweep.js';

/** What a spilled run's worker thread is given: the sweep it rebuilds. */
export interface SpillWorkerData {
  readonly graph: SpillSweep['graph'];
  readonly dir: string;
  readonly walk: SpillSweep['walk'];
  /** Set (to 1) when the run stops: a group being worked out is then left. */
  readonly halted: Int32Array;
}

/**
 * Runs groups on `threads` worker threads (one group each at a time), or in this thread (asking `stop` as it
 * goes) when there is one; `close` ends them. The worker is the built `spill-worker.js` beside this module (from
 * the TypeScript sources, groups run in this thread). A halt is a flag in shared memory each worker reads every
 * few thousand states.
 */
export function threadRunner(sweep: SpillSweep, threads: number, stop: () => boolean): GroupRunner & { close: () => Promise<void> } {
  const entry = new URL('./spill-worker.js', import.meta.url);
  if (threads <= 1 || import.meta.url.endsWith('.ts') || !existsSync(entry)) {
    return { run: async (s, g, G, NG) => sweep.runGroup(s, g, G, NG, stop), parallel: 1, halt: () => {}, close: async () => sweep.closeFiles() };
  }
  const halted = new Int32Array(new SharedArrayBuffer(4));
  const idle: Worker[] = [];
  const waiting: ((w: Worker) => void)[] = [];
  const workerData: SpillWorkerData = { graph: sweep.graph, dir: sweep.dir, walk: sweep.walk, halted };
  const all = Array.from({ length: threads }, () => new Worker(entry, { workerData }));
  idle.push(...all);
  const take = () => new Promise<Worker>((resolve) => (idle.length > 0 ? resolve(idle.pop()!) : waiting.push(resolve)));
  const give = (w: Worker) => (waiting.length > 0 ? waiting.shift()!(w) : idle.push(w));
  const run = async (step: number, group: number, groups: number, nextGroups: number) => {
    if (Atomics.load(halted, 0) !== 0) return undefined;
    const w = await take();
    try {
      return await new Promise<GroupDone | undefined>((resolve, reject) => {
        const onError = (e: Error) => reject(e);
        w.once('error', onError);
        w.once('message', (m: { done?: GroupDone; halted?: boolean; error?: string; write?: { where: string; reason: string } }) => {
          w.off('error', onError);
          if (m.done) resolve(m.done);
          else if (m.halted) resolve(undefined);
          else reject(m.write ? new WriteFailure(m.write.where, m.write.reason) : new Error(m.error));
        });
        w.postMessage({ step, group, groups, nextGroups });
      });
    } finally {
      give(w);
    }
  };
  // A worker's open files are the process's: each closes its own before it is ended.
  const close = async (w: Worker) => {
    await new Promise<void>((resolve) => {
      w.once('message', () => resolve());
      w.once('error', () => resolve());
      w.postMessage({ close: true });
    });
    await w.terminate();
  };
  return { run, parallel: threads, halt: () => void Atomics.store(halted, 0, 1), close: async () => void (await Promise.all(all.map(close))) };
}
