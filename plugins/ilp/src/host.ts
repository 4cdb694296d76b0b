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
            const done = () => {
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
            // While a solve runs, the thread keeps the process alive (a command waits for its answer).
            w.ref();
            w.postMessage({ ...request, stop });
          }),
      );
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
