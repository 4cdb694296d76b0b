import { EXIT } from './exit.js';

/**
 * The first Ctrl-C aborts `controller` (the work stops cleanly and says what it kept); a second exits at once.
 * Returns the function that stops listening.
 */
export function onInterrupt(controller: AbortController): () => void {
  const onSigint = () => {
    controller.abort();
    process.once('SIGINT', () => process.exit(EXIT.interrupted));
  };
  process.once('SIGINT', onSigint);
  return () => process.removeListener('SIGINT', onSigint);
}
