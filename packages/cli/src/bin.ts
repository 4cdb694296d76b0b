import { armStops } from './interrupt.js';

// Listen for Ctrl-C before anything else loads, so that even a stop in the first moments is answered (the
// command then stops as soon as its work would start, and says so) instead of killing it without a word.
armStops();

// `bezzel … --goal all | head`: once the reader has gone, nothing more can be said; stop quietly
// instead of dying on an unhandled EPIPE with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const { main } = await import('./program.js');
process.exitCode = await main(process.argv);
