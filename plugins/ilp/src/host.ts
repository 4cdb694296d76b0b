import { runHighs, type HighsAnswer, type HighsProgress, type HighsRequest } from './highs-run.js';

/** Where HiGHS runs: a solve is synchronous and blocks its thread for its whole length. */
export interface HighsHost {
  solve(request: HighsRequest, progress: (p: HighsProgress) => void, signal: AbortSignal): Promise<HighsAnswer>;
}

const inNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
let host: Promise<HighsHost> | undefined;

/**
 * In Node, a worker thread (so the progress bar and Ctrl-C stay alive during a solve); elsewhere, this thread
 * (the web page already runs strategies in a Web Worker). HiGHS loads on the first solve, never before.
 */
export function highsHost(): Promise<HighsHost> {
  host ??= inNode ? nodeHost() : Promise.resolve(threadHost());
  return host;
}

function threadHost(): HighsHost {
  let highs: Promise<unknown> | undefined;
  return {
    async solve(request, progress, signal) {
      highs ??= import('highs').then((m) => (m.default as () => Promise<unknown>)());
      return runHighs(await highs, request, progress, () => signal.aborted);
    },
  };
}

/** How long a solve asked to stop at its deadline may take to answer before its thread is ended. */
const OVERDUE_MS = 60;

/** Names built at run time, so a bundler for the web page neither follows nor rewrites them. */
const NODE = { threads: 'node:worker_threads', module: 'node:module' };

async function nodeHost(): Promise<HighsHost> {
  const { Worker } = (await import(/* @vite-ignore */ NODE.threads)) as typeof import('node:worker_threads');
  const { createRequire } = (await import(/* @vite-ignore */ NODE.module)) as typeof import('node:module');
  const highsPath = createRequire(import.meta.url).resolve('highs');
  // The thread runs the same runHighs, as source text; `__name` is a helper some compilers wrap functions in.
  const source = [
    "const { parentPort, workerData } = require('node:worker_threads');",
    'const __name = (f) => f;',
    `const runHighs = ${runHighs.toString()};`,
    'let highs;',
    'parentPort.on("message", async (request) => {',
    '  try {',
    '    highs ??= await require(workerData.highsPath)();',
    // Loading HiGHS takes a good part of a second the first time: the solver gets what is left of the budget then.
    '    if (Number.isFinite(request.deadline)) request.timeLimit = Math.max(0.001, (request.deadline - Date.now()) / 1000);',
    '    const flag = new Int32Array(request.stop);',
    '    const answer = runHighs(highs, request, (p) => parentPort.postMessage({ progress: p }), () => Atomics.load(flag, 0) === 1);',
    '    parentPort.postMessage({ answer });',
    '  } catch (error) {',
    '    parentPort.postMessage({ answer: { status: "error", message: String(error && error.message || error).split("\\n")[0], nodes: 0 } });',
    '  }',
    '});',
  ].join('\n');
  let worker: InstanceType<typeof Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const start = () => {
    const w = new Worker(source, { eval: true, workerData: { highsPath } });
    // An idle solver thread must not keep a finished command alive.
    w.unref();
    return w;
  };
  return {
    solve(request, progress, signal) {
      const run = queue.then(
        () =>
          new Promise<HighsAnswer>((resolve, reject) => {
            const w = (worker ??= start());
            const stop = new SharedArrayBuffer(4);
            const flag = new Int32Array(stop);
            const onAbort = () => Atomics.store(flag, 0, 1);
            if (signal.aborted) onAbort();
            signal.addEventListener('abort', onAbort);
            let done = () => {
              signal.removeEventListener('abort', onAbort);
              w.off('message', onMessage);
              w.off('error', onError);
              w.unref();
            };
            const onMessage = (m: { progress?: HighsProgress; answer?: HighsAnswer }) => {
              if (m.progress) progress(m.progress);
              if (m.answer) {
                done();
                resolve(m.answer);
              }
            };
            const onError = (error: Error) => {
              done();
              worker = undefined;
              reject(error);
            };
            w.on('message', onMessage);
            w.on('error', onError);
            // The budget holds whatever HiGHS does: at the deadline the solve is asked to stop; one that has not
            // answered a moment later (still loading, or deep in a step it does not interrupt) loses its thread,
            // and the answer is what the budget allows — none.
            const deadline = Number.isFinite(request.timeLimit) ? Date.now() + request.timeLimit * 1000 : Number.POSITIVE_INFINITY;
            let overdue: ReturnType<typeof setTimeout> | undefined;
            const atDeadline = Number.isFinite(deadline)
              ? setTimeout(() => {
                  Atomics.store(flag, 0, 1);
                  overdue = setTimeout(() => {
                    done();
                    worker = undefined;
                    void w.terminate();
                    resolve({ status: 'time-limit', nodes: 0 });
                  }, OVERDUE_MS);
                }, Math.max(0, deadline - Date.now()))
              : undefined;
            const settle = done;
            done = () => {
              clearTimeout(atDeadline);
              clearTimeout(overdue);
              settle();
            };
            // While a solve runs, the thread keeps the process alive (a command waits for its answer).
            w.ref();
            w.postMessage({ ...request, stop, deadline });
          }),
      );
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
