/**
 * A search thread's side (see `search-thread.ts`): build the container from the plugin URLs, run the one task,
 * and send its progress, its streamed solutions and its result (or what went wrong) to the thread that waits.
 */
import { StrategyCrash, StrategyError, UsageError, type ProgressEvent, type Result, type Solution, type Task } from '@bezzel/core';
import { parentPort, workerData } from 'node:worker_threads';
import { containerOf } from './container.js';
import { importModule } from './import-module.js';

export interface SearchRequest {
  readonly plugins: readonly string[];
  readonly task: Task;
  /** One Int32 the waiting thread sets to ask the search to stop. */
  readonly stop: SharedArrayBuffer;
}

/** What the search thread says, in order: progress and solutions while it runs, then a result or an error. */
export type SearchMessage =
  | { readonly type: 'progress'; readonly event: ProgressEvent }
  | { readonly type: 'solution'; readonly solution: Solution }
  | { readonly type: 'result'; readonly result: Result }
  | { readonly type: 'error'; readonly error: SearchFailure };

/** An error as data, so the waiting thread can throw the same kind of error. */
export type SearchFailure =
  | { readonly kind: 'usage'; readonly code: UsageError['code']; readonly message: string }
  | { readonly kind: 'answer'; readonly strategy: string; readonly problem: string }
  | { readonly kind: 'crash'; readonly strategy: string; readonly cause: string; readonly stack?: string }
  | { readonly kind: 'other'; readonly message: string; readonly stack?: string };

/** Progress is sent at most this often: a search may report every few microseconds. */
const PROGRESS_EVERY_MS = 100;

function failureOf(error: unknown): SearchFailure {
  if (error instanceof UsageError) return { kind: 'usage', code: error.code, message: error.message };
  if (error instanceof StrategyError) return { kind: 'answer', strategy: error.strategy, problem: error.problem };
  if (error instanceof StrategyCrash) {
    const cause = error.cause as Error | undefined;
    return { kind: 'crash', strategy: error.strategy, cause: cause?.message ?? String(error.cause), ...(cause?.stack ? { stack: cause.stack } : {}) };
  }
  return { kind: 'other', message: (error as Error)?.message ?? String(error), ...((error as Error)?.stack ? { stack: (error as Error).stack } : {}) };
}

async function search(request: SearchRequest): Promise<void> {
  const post = (message: SearchMessage) => parentPort!.postMessage(message);
  let sentAt = 0;
  let pending: ProgressEvent | undefined;
  const onProgress = (event: ProgressEvent) => {
    const now = performance.now();
    if (now - sentAt < PROGRESS_EVERY_MS) {
      pending = event;
      return;
    }
    sentAt = now;
    pending = undefined;
    post({ type: 'progress', event });
  };
  try {
    const bezzel = await containerOf(request.plugins);
    const result = await bezzel.solve(request.task, { stop: new Int32Array(request.stop), onProgress, onSolution: (solution) => post({ type: 'solution', solution }) });
    if (pending) post({ type: 'progress', event: pending });
    post({ type: 'result', result });
  } catch (error) {
    post({ type: 'error', error: failureOf(error) });
  }
}

/** Imports a plugin and says whether it loaded: the CLI tries a user's plugin here first, where a hang can be ended. */
async function probe(url: string): Promise<void> {
  try {
    await importModule(url);
    parentPort!.postMessage({ type: 'loaded' });
  } catch (error) {
    parentPort!.postMessage({ type: 'error', error: failureOf(error) });
  }
}

const request = workerData as { search?: SearchRequest; probe?: string } | undefined;
if (parentPort && request?.search) await search(request.search);
else if (parentPort && request?.probe) await probe(request.probe);
