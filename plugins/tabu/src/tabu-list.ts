import type { TraceEvent } from '@bezzel/core';

/** One entry of the tabu list: a square its column's piece may not move to, and for how many more steps. */
export interface TabuEntry {
  /** The square the piece left. */
  readonly square: number;
  /** The step that made it tabu. */
  readonly since: number;
  /** Steps left, the next one included, before the piece may go back: 1 means it is free again after the next step. */
  readonly left: number;
}

/**
 * The tabu list as a tabu trace has built it by `position` (the events before it played): for each move, the square
 * the piece left stays tabu for `tenure` steps, the latest move out of a square counting. Listed for the step to
 * come, the ones that expire soonest first: what the search holds in `tabuUntil`, read back from the trace.
 */
export function tabuListAt(events: readonly TraceEvent[], position: number): TabuEntry[] {
  const until = new Map<number, { since: number; until: number }>();
  let step = 0;
  for (let i = 0; i < Math.min(position, events.length); i++) {
    const e = events[i]!;
    if (e.type === 'place' && e.depth === 0) {
      until.clear();
      step = 0;
    }
    if (e.type !== 'local' || e.from === undefined || e.tenure === undefined) continue;
    step = e.step;
    if (e.from !== e.to) until.set(e.from, { since: e.step, until: e.step + e.tenure + 1 });
  }
  const next = step + 1;
  return [...until]
    .filter(([, t]) => t.until > next)
    .map(([square, t]) => ({ square, since: t.since, left: t.until - next }))
    .sort((a, b) => a.left - b.left || a.square - b.square);
}
