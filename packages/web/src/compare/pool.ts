import type { Result } from '@bezzel/core';
import type { BatchRequest, WorkerMessage } from '../run/protocol.js';
import type { CompareJob } from './experiment-runs.js';

/** Workers a compare starts unless told: one core left for the page, at most four. */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2) - 1));
}

export interface PoolHooks {
  readonly onResult: (index: number, result: Result) => void;
  readonly onError: (message: string) => void;
  /** Every job has its result (not called after stop or an error). */
  readonly onDone: () => void;
}

/**
 * Runs a compare's jobs on a few Web Workers (the page's search worker, asked for batches): each worker is
 * handed the next job as it finishes one, so a slow run holds up only its own worker. Stopping terminates them
 * all: a synchronous search hears nothing else.
 */
export class WorkerPool {
  readonly #workers: Worker[] = [];
  #next = 0;
  #left: number;
  #open = true;

  constructor(private readonly jobs: readonly CompareJob[], pieceName: string, workers: number, private readonly hooks: PoolHooks) {
    this.#left = jobs.length;
    if (jobs.length === 0) {
      queueMicrotask(() => hooks.onDone());
      return;
    }
    for (let i = 0; i < Math.min(workers, jobs.length); i++) {
      const worker = new Worker(new URL('../run/worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => this.#receive(worker, pieceName, data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.#fail(`a compare worker failed: ${event.message || 'it could not load'}`);
      };
      worker.onmessageerror = () => this.#fail('a compare worker sent a message the page could not read');
      this.#workers.push(worker);
      this.#feed(worker, pieceName);
    }
  }

  get running(): boolean {
    return this.#open;
  }

  stop(): void {
    this.#open = false;
    for (const worker of this.#workers) worker.terminate();
  }

  #feed(worker: Worker, pieceName: string): void {
    if (this.#next >= this.jobs.length) return;
    const index = this.#next++;
    const request: BatchRequest = { pieceName, batch: [{ index, task: this.jobs[index]!.task }] };
    worker.postMessage(request);
  }

  #receive(worker: Worker, pieceName: string, message: WorkerMessage): void {
    if (!this.#open) return;
    if (message.type === 'error') return this.#fail(message.message);
    if (message.type !== 'batch-result') return;
    this.hooks.onResult(message.index, message.result);
    this.#left--;
    if (this.#left === 0) {
      this.stop();
      this.hooks.onDone();
    } else this.#feed(worker, pieceName);
  }

  #fail(message: string): void {
    if (!this.#open) return;
    this.stop();
    this.hooks.onError(message);
  }
}
