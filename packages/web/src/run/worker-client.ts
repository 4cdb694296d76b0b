import type { RunRequest, WorkerMessage } from './protocol.js';

/** A search running in its own Web Worker; `stop` ends it at once (a synchronous search hears nothing else). */
export interface WorkerJob {
  stop(): void;
}

/**
 * Starts a worker for one request and hands each message to `receive` until the run ends or is stopped. A
 * worker that fails to load or throws outside the search is reported as an error message, never left on
 * the console.
 */
export function startWorker(request: RunRequest, receive: (message: WorkerMessage) => void): WorkerJob {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  let open = true;
  const stop = () => {
    open = false;
    worker.terminate();
  };
  worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
    if (!open) return;
    if (data.type === 'done' || data.type === 'error') stop();
    receive(data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    if (!open) return;
    stop();
    receive({ type: 'error', message: `the search could not run: ${event.message || 'its worker failed to load'}`, usage: false });
  };
  worker.onmessageerror = () => {
    if (!open) return;
    stop();
    receive({ type: 'error', message: 'the search sent a message the page could not read', usage: false });
  };
  worker.postMessage(request);
  return { stop };
}
