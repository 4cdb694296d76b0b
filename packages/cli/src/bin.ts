import * as nodeModule from 'node:module';
import { EXIT } from './exit.js';
import { armStops } from './solve/interrupt.js';
import { reportStdoutFailure } from './output/output-failure.js';

/** How long a command that has answered may keep running for what is still open. */
const LINGER_MS = 300;

// Node 22 and later keep the code they compile for the modules loaded from here on (in the system's temporary
// folder, as TypeScript's tsc does): a command then starts 10–30 ms sooner the next time. bin/bezzel.mjs turns it
// on before this file loads; here again for a run that starts at this file. Node 20 has no such cache; the core,
// the largest module, keeps its own on every version (scripts/code-cache.mjs). NODE_DISABLE_COMPILE_CACHE=1
// turns both off.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// Listen for Ctrl-C before anything else loads, so that even a stop in the first moments is answered (the
// command then stops as soon as its work would start, and says so) instead of killing it without a word.
armStops();

// `bezzel … --goal all | head`: once the reader has gone, nothing more can be said; stop quietly (exit 0)
// instead of dying on an unhandled EPIPE with a stack trace. Any other failure to write the answer (a full disk,
// a device error) is one line and its own exit code, 74.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  reportStdoutFailure(error);
  process.exit(EXIT.output);
});
// Nothing can be said about a failing stderr; it must not turn into a stack trace on stdout either.
process.stderr.on('error', () => {});

const { main } = await import('./program.js');
// The budget of a run counts from the process's start (0 on performance.now()'s clock), as a user times it.
const code = await main(process.argv, 0);
process.exitCode = code;
// The command has answered: whatever is still open (a client reconnecting to a Redis that went away, a stray
// thread) gets a moment, then the process ends — once the answer has reached stdout's reader. A command with
// nothing left open ends before this (the timer holds nothing up).
setTimeout(() => {
  const leave = () => process.exit(code);
  if (process.stdout.writableLength > 0) process.stdout.once('drain', leave);
  else leave();
}, LINGER_MS).unref();
