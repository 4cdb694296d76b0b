import type { Result, Task } from '@bezzel/core';
import { Worker } from 'node:worker_threads';
import type { SessionMessage, SessionRequest, SessionTask } from './search-protocol.js';
import { errorOf, searchThreadEntry, watchSearch } from './search-thread.js';

/** A session's thread, and the promise that it has loaded its plugins. */
interface SessionThread {
  readonly worker: Worker;
  readonly ready: Promise<void>;
}

/**
 * One search thread that runs tasks one after another, loading the plugins once: for many short runs (an
 * experiment's), where a thread a run would cost more than the runs. This thread stays free, so Ctrl-C is
 * answered at once: the run in hand stops where it reads its clock, and so does every later one (the stop flag
 * stays set). A run that ignores its budget or the stop is answered for a moment after it, its thread ended,
 * and the next run starts a new one. A run's budget is watched from when its thread is ready, so loading the
 * plugins is not counted against it.
 */
export class SearchSession {
  #thread: SessionThread | undefined;
  readonly #stop = new SharedArrayBuffer(4);

  constructor(
    /** Plugin module URLs, loaded in the thread as the caller loaded them. */
    private readonly plugins: readonly string[],
    private readonly graceMs = 800,
  ) {}

  /** Runs a task in the session's thread; the signal stops it (and the session). */
  async solve(task: Task, strategy: string, signal?: AbortSignal): Promise<Result> {
    const thread = this.#start();
    await thread.ready;
    const answer = watchSearch(thread.worker, new Int32Array(this.#stop), { plugins: this.plugins, task, strategy, graceMs: this.graceMs, ...(signal ? { signal } : {}) }, () => this.#end(thread));
    thread.worker.postMessage({ type: 'task', task } satisfies SessionTask);
    return answer;
  }

  /** Ends the thread: until then it keeps the process alive, waiting for the next task. */
  async close(): Promise<void> {
    const thread = this.#thread;
    this.#thread = undefined;
    await thread?.worker.terminate();
  }

  #start(): SessionThread {
    if (this.#thread) return this.#thread;
    const session: SessionRequest = { plugins: this.plugins, stop: this.#stop };
    const worker = new Worker(searchThreadEntry(), { workerData: { session } });
    const ready = new Promise<void>((resolve, reject) => {
      const done = (then: () => void) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        then();
      };
      const onMessage = (message: SessionMessage) => done(() => (message.type === 'ready' ? resolve() : message.type === 'error' ? reject(errorOf(message.error)) : reject(new Error(`the session thread said ${message.type} before it was ready`))));
      const onError = (error: Error) => done(() => reject(error));
      const onExit = (code: number) => done(() => reject(new Error(`the session thread ended (exit code ${code}) before it was ready`)));
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    const thread = { worker, ready };
    // A thread that could not load its plugins is not kept: the next run tries again and says why.
    ready.catch(() => this.#end(thread));
    this.#thread = thread;
    return thread;
  }

  #end(thread: SessionThread): void {
    if (this.#thread === thread) this.#thread = undefined;
    void thread.worker.terminate();
  }
}
