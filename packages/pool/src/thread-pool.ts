import type { Result, Task } from '@bezzel/core';
import { Piscina } from 'piscina';
import type { WorkerRequest } from './worker';

/** Sub-tasks run without their own time limit; whoever runs the count keeps its clock. */
const UNLIMITED = { maxTimeMs: Number.MAX_SAFE_INTEGER };

/**
 * Worker threads that solve sub-tasks. Each thread builds a container once per list of plugin module URLs it is
 * given (the same files the caller loaded), so a plugin's piece or strategy works in every thread.
 */
export class ThreadPool {
  readonly #pool: Piscina<WorkerRequest, Result>;

  constructor(
    readonly threads: number,
    /** Threads started at once (the rest on demand). */
    minThreads = threads,
  ) {
    this.#pool = new Piscina<WorkerRequest, Result>({
      filename: new URL('./worker-entry.mjs', import.meta.url).href,
      minThreads: Math.max(1, Math.min(threads, minThreads)),
      maxThreads: threads,
    });
  }

  /** Solves a task in a thread whose container holds exactly `plugins` (module URLs). */
  solve(plugins: readonly string[], task: Task, signal?: AbortSignal): Promise<Result> {
    return this.#pool.run({ plugins, task: { ...task, budget: UNLIMITED } }, signal ? { signal } : {});
  }

  destroy(): Promise<void> {
    return this.#pool.destroy();
  }
}

export { UNLIMITED };
