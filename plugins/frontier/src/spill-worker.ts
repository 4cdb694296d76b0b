/**
 * A thread of a spilled sweep (`spill.ts`): it builds the same plans from the graph it is given and works out
 * the groups the main thread sends it, one at a time, each read from and written to the run's directory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isWriteFailure } from '@bezzel/core';
import { SpillSweep } from './spill-sweep.js';
import type { SpillWorkerData } from './spill-threads.js';

interface Job {
  /** True: close the files this thread reads (it is about to end; descriptors outlive a thread). */
  readonly close?: boolean;
  readonly step: number;
  readonly group: number;
  readonly groups: number;
  readonly nextGroups: number;
}

const { graph, dir, walk, halted } = workerData as SpillWorkerData;
const sweep = new SpillSweep(graph, dir, walk);
const stop = () => Atomics.load(halted, 0) !== 0;
parentPort!.on('message', (job: Job) => {
  try {
    if (job.close) {
      sweep.closeFiles();
      parentPort!.postMessage({ closed: true });
      return;
    }
    const done = sweep.runGroup(job.step, job.group, job.groups, job.nextGroups, stop);
    parentPort!.postMessage(done ? { done } : { halted: true });
  } catch (error) {
    // A full disk or a folder without permission crosses as itself: the command reports it as a failed write.
    const write = isWriteFailure(error) ? { where: error.where, reason: error.reason } : undefined;
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error), write });
  }
});
