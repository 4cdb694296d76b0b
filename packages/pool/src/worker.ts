/**
 * The worker thread's side of the pool: rebuild the container from the same plugin modules the caller loaded
 * (once per thread), then run one sub-task. Errors propagate to the pool, which names the sub-task.
 */
import type { Bezzel, Result, Task } from '@bezzel/core';
import { containerOf } from './container.js';

export interface WorkerRequest {
  /** Module URLs or specifiers, each default-exporting a plugin's ContainerModule. */
  readonly plugins: readonly string[];
  readonly task: Task;
  /** A flag the pool raises to ask the sub-task to stop and return what it found. */
  readonly stop?: SharedArrayBuffer;
}

const containers = new Map<string, Promise<Bezzel>>();

export default async function runSubTask(request: WorkerRequest): Promise<Result> {
  const key = request.plugins.join('\n');
  let bezzel = containers.get(key);
  if (!bezzel) containers.set(key, (bezzel = containerOf(request.plugins)));
  return (await bezzel).solve(request.task, request.stop ? { stop: new Int32Array(request.stop) } : {});
}
