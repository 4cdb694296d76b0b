import type { ProgressEvent, Solution } from '@bezzel/core';
import { pageBezzel } from '../shared/plugins.js';
import { KEPT_SOLUTIONS, TRACE_CAP, type BatchRequest, type RunRequest, type WorkerMessage } from './protocol.js';
import { TraceBatcher } from './trace-batcher.js';

/** The worker's side of postMessage (the DOM typings describe a window's). */
const scope = self as unknown as { postMessage(message: WorkerMessage): void; onmessage: ((event: MessageEvent<RunRequest | BatchRequest>) => void) | null };
const send = (message: WorkerMessage) => scope.postMessage(message);

/** Progress messages at most this often: a genetic algorithm reports every generation. */
const PROGRESS_MS = 50;

/**
 * Runs one task per message. The search is synchronous, so this worker cannot hear a stop request while it
 * runs: the page stops a run by terminating the worker and starting a new one.
 */
scope.onmessage = async ({ data: request }) => {
  if ('batch' in request) return runBatch(request);
  try {
    const made = await pageBezzel(request.pieceName);
    if (!made.ok) throw made.error;
    const batcher = new TraceBatcher({
      cap: TRACE_CAP,
      batchSize: 4096,
      intervalMs: 100,
      now: () => performance.now(),
      post: (events) => send({ type: 'trace', events }),
      onCap: (kept) => send({ type: 'trace-capped', kept }),
    });
    const keep = request.keep ?? KEPT_SOLUTIONS;
    let kept: Solution[] = [];
    let solutionCount = 0;
    let progress: ProgressEvent[] = [];
    let progressAt = 0;
    const flushProgress = () => {
      if (progress.length) send({ type: 'progress', events: progress });
      progress = [];
      progressAt = performance.now();
    };
    const flushSolutions = () => {
      if (kept.length) send({ type: 'solutions', solutions: kept });
      kept = [];
    };
    const result = await made.value.bezzel.solve(request.task, {
      onSolution: (solution) => {
        if (solutionCount++ < keep) kept.push(solution);
        if (kept.length >= 256) flushSolutions();
      },
      onProgress: (event) => {
        // Metrics are a series the chart draws, so they are all kept; bare progress only the latest.
        if (!event.metrics && progress.length && !progress[progress.length - 1]!.metrics) progress.pop();
        progress.push(event);
        if (performance.now() - progressAt >= PROGRESS_MS) flushProgress();
      },
      ...(request.trace ? { onTrace: batcher.push } : {}),
    });
    batcher.flush();
    flushSolutions();
    flushProgress();
    send({ type: 'done', result, ...(request.trace ? { traced: batcher.total } : {}) });
  } catch (error) {
    // A user's mistake (an option value a strategy refuses) and a bug alike end the run with one line.
    const message = error instanceof Error ? error.message : String(error);
    send({ type: 'error', message: message.split('\n')[0] ?? message, usage: error instanceof Error && error.name === 'UsageError' });
  }
};

/** Compare mode: each task run as `bezzel experiment` runs it (no callbacks, no trace), its result sent back. */
async function runBatch(request: BatchRequest): Promise<void> {
  try {
    const made = await pageBezzel(request.pieceName);
    if (!made.ok) throw made.error;
    for (const { index, task } of request.batch) send({ type: 'batch-result', index, result: await made.value.bezzel.solve(task) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    send({ type: 'error', message: message.split('\n')[0] ?? message, usage: error instanceof Error && error.name === 'UsageError' });
  }
}
