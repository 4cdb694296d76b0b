import { EXIT } from './exit.js';

const STOPS = ['SIGINT', 'SIGTERM'] as const;

/**
 * The first Ctrl-C (or SIGTERM) aborts `controller`: the work stops cleanly and says what it kept. A second exits
 * at once. Returns the function that stops listening.
 */
export function onInterrupt(controller: AbortController): () => void {
  const now = () => process.exit(EXIT.interrupted);
  const gently = () => {
    controller.abort();
    for (const signal of STOPS) {
      process.removeListener(signal, gently);
      process.once(signal, now);
    }
  };
  for (const signal of STOPS) process.on(signal, gently);
  return () => {
    for (const signal of STOPS) {
      process.removeListener(signal, gently);
      process.removeListener(signal, now);
    }
  };
}
