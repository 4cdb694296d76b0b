import { main } from './program.js';

// `bezzel … --goal all | head`: once the reader has gone, nothing more can be said; stop quietly
// instead of dying on an unhandled EPIPE with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await main(process.argv);
