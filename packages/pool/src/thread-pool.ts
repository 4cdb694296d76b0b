import type { Result, Task } from '@bezzel/core';
import type { Piscina } from 'piscina';
import type { WorkerRequest } from './worker.js';

/** Sub-tasks run without their own time limit; whoever runs the count keeps its clock. */
const UNLIMITED = { maxTimeMs: Number.MAX_SAFE_INTEGER };

/**
 * The module each thread starts from. Compiled, it is `worker.js` beside this bundle: plain JavaScript, no
 * compiler. Run from the TypeScript sources (tests), it is a small entry that registers tsx in the thread first.
 */
function workerFile(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './worker-source.mjs' : './worker.js', import.meta.url).href;
}

/**
 * Worker threads that solve sub-tasks. Each thread builds a container once per list of plugin module URLs it is
 * given (the same files the caller loaded), so a plugin's piece or strategy works in every thread. Piscina is
 * loaded with the first sub-task, so a count that never splits does not pay for it.
 */
export class ThreadPool {
  #pool: Promise<Piscina<WorkerRequest, Result>> | undefined;

  constructor(
    readonly threads: number,
    /** Threads started at once (the rest on demand). */
    readonly minThreads = threads,
  ) {}

  #started(): Promise<Piscina<WorkerRequest, Result>> {
    this.#pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina<WorkerRequest, Result>({
          filename: workerFile(),
          minThreads: Math.max(1, Math.min(this.threads, this.minThreads)),
          maxThreads: this.threads,
        }),
    );
    return this.#pool;
  }

  /**
   * Solves a task in a thread whose container holds exactly `plugins` (module URLs), with the task's time
   * budget, or none when it names none (a sub-task's clock is its count's). `stop`, a shared flag, asks the run
   * to stop and return what it found; an abort ends the thread at once.
   */
  async solve(plugins: readonly string[], task: Task, signal?: AbortSignal, stop?: SharedArrayBuffer): Promise<Result> {
    const pool = await this.#started();
    const budget = task.budget?.maxTimeMs === undefined ? { ...task.budget, ...UNLIMITED } : task.budget;
    return pool.run({ plugins, task: { ...task, budget }, ...(stop ? { stop } : {}) }, signal ? { signal } : {});
  }

  async destroy(): Promise<void> {
    if (this.#pool) await (await this.#pool).destroy();
  }
}

export { UNLIMITED };
