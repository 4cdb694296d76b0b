import { EXIT } from './exit.js';

const STOPS = ['SIGINT', 'SIGTERM'] as const;
/** The command's one stop: the first Ctrl-C (or SIGTERM) aborts it. */
const stopping = new AbortController();
let armed = false;

/**
 * Listens for Ctrl-C and SIGTERM from the moment the command starts: the first asks the work in hand (or the
 * work about to start) to stop and say what it kept; a second exits at once. Before this, a signal would end the
 * process without a word.
 */
export function armStops(): void {
  if (armed) return;
  armed = true;
  const now = () => process.exit(EXIT.interrupted);
  const gently = () => {
    stopping.abort();
    for (const signal of STOPS) {
      process.removeListener(signal, gently);
      process.once(signal, now);
    }
  };
  for (const signal of STOPS) process.on(signal, gently);
}

/**
 * Aborts `controller` when the command is asked to stop (at once if it already was). Returns the function that
 * stops listening.
 */
export function onInterrupt(controller: AbortController): () => void {
  const abort = () => controller.abort();
  if (stopping.signal.aborted) abort();
  else stopping.signal.addEventListener('abort', abort, { once: true });
  return () => stopping.signal.removeEventListener('abort', abort);
}
