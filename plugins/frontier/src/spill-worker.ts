/**
 * A thread of a spilled sweep (`spill.ts`): it builds the same plans from the graph it is given and works out
 * the groups the main thread sends it, one at a time, each read from and written to the run's directory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isWriteFailure } from '@bezzel/core';
import type { OrderedGraph } from './graph.js';
import { SpillSweep } from './spill.js';

interface Job {
  readonly step: number;
  readonly group: number;
  readonly groups: number;
  readonly nextGroups: number;
}

const { graph, dir } = workerData as { graph: OrderedGraph; dir: string };
const sweep = new SpillSweep(graph, dir);
parentPort!.on('message', (job: Job) => {
  try {
    parentPort!.postMessage({ done: sweep.runGroup(job.step, job.group, job.groups, job.nextGroups) });
  } catch (error) {
    // A full disk or a folder without permission crosses as itself: the command reports it as a failed write.
    const write = isWriteFailure(error) ? { where: error.where, reason: error.reason } : undefined;
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error), write });
  }
});
