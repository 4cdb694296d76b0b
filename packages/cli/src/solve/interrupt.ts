import { EXIT } from '../exit.js';

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
  for (const signal of STOPS) process.on(signal, gently);
}

const now = () => process.exit(EXIT.interrupted);
function gently(): void {
  stopping.abort();
  for (const signal of STOPS) {
    process.removeListener(signal, gently);
    process.once(signal, now);
  }
}

/**
 * Runs work that stays in this thread (short by its estimate, or with a piece that exists only here) with the
 * signals' default action. A search that holds this thread never lets a listener run, so an estimate that was
 * wrong would leave Ctrl-C unanswered; by default Ctrl-C ends the process at once (exit 130, without a word),
 * which is what a short run needs. Our listeners come back when the work is done.
 */
export async function withDefaultStops<T>(work: () => Promise<T>): Promise<T> {
  const ours = STOPS.map((signal) => [signal, process.listeners(signal).filter((l) => l === gently || l === now)] as const);
  for (const [signal, listeners] of ours) for (const listener of listeners) process.removeListener(signal, listener as () => void);
  // A Ctrl-C that came while the command was starting would be lost: the work would start and never look at it.
  // Nothing has been done yet, so it ends the command as the default action would (exit 130).
  if (stopping.signal.aborted) return process.exit(EXIT.interrupted);
  try {
    return await work();
  } finally {
    for (const [signal, listeners] of ours) for (const listener of listeners) process.on(signal, listener as () => void);
  }
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

/**
 * For commands that only wait (on a queue's answer, or for Redis to come back): the first Ctrl-C ends the
 * command at once with exit 130 and one line saying what was left waiting; there is nothing to keep. Returns the
 * function that stops listening.
 */
export function interruptEndsWaiting(what: string): () => void {
  const end = () => {
    process.stderr.write(`\nbezzel: stopped waiting for ${what}\n`);
    process.exit(EXIT.interrupted);
  };
  if (stopping.signal.aborted) end();
  stopping.signal.addEventListener('abort', end, { once: true });
  return () => stopping.signal.removeEventListener('abort', end);
}
