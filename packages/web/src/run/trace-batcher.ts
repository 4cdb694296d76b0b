import type { TraceEvent } from '@bezzel/core';

export interface BatcherOptions {
  /** Events kept in all; past this the run goes on untraced and the page is told so. */
  readonly cap: number;
  /** Events per message at most. */
  readonly batchSize: number;
  /** A partial batch is sent once it is this old, so a slow search still streams. */
  readonly intervalMs: number;
  readonly now: () => number;
  readonly post: (events: TraceEvent[]) => void;
  /** Called once, when the cap is reached. */
  readonly onCap: (kept: number) => void;
}

/** How many events pass between two looks at the clock: reading it per event would cost more than the search. */
const CLOCK_EVERY = 256;

/**
 * Collects a search's trace events in the worker and posts them in batches, so a search that makes millions of
 * steps sends a few messages a second instead of one per step, and stops collecting at a cap.
 */
export class TraceBatcher {
  kept = 0;
  /** Events offered in all, kept or not (past the cap they are only counted). */
  total = 0;
  capped = false;
  #buffer: TraceEvent[] = [];
  #sentAt: number;

  constructor(private readonly options: BatcherOptions) {
    this.#sentAt = options.now();
  }

  /** Takes one event; the strategy's `trace` hook calls this directly. */
  readonly push = (event: TraceEvent): void => {
    this.total++;
    if (this.capped) return;
    if (this.kept === this.options.cap) {
      this.capped = true;
      this.flush();
      this.options.onCap(this.kept);
      return;
    }
    this.kept++;
    this.#buffer.push(event);
    if (this.#buffer.length >= this.options.batchSize) this.flush();
    else if ((this.kept & (CLOCK_EVERY - 1)) === 0 && this.options.now() - this.#sentAt >= this.options.intervalMs) this.flush();
  };

  /** Sends what is buffered (at the end of a run, or when the worker yields). */
  flush(): void {
    this.#sentAt = this.options.now();
    if (this.#buffer.length === 0) return;
    const events = this.#buffer;
    this.#buffer = [];
    this.options.post(events);
  }
}
