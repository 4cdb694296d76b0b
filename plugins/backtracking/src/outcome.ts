import type { Outcome, PartialResult, Stats, StopReason } from '@bezzel/core';

/** The outcome of a run the clock or the user stopped: `aborted`, or `budget` naming what ran out. */
export function stopped(reason: StopReason, stats: Stats, partial: PartialResult): Outcome {
  if (reason === 'aborted') return { status: 'aborted', stats, partial };
  return { status: 'budget', exhausted: reason, stats, partial };
}

