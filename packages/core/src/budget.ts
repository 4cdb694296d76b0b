import type { Budget } from './problem.js';

/** Why a run stopped early: its step limit, its time limit, or the user (Ctrl-C) or caller. */
export type StopReason = 'steps' | 'time' | 'aborted';

/**
 * The running budget. Hot loops compare their own step counter with `maxSteps` (a plain number, cheap every
 * node) and call `expired()` only every few thousand nodes, because reading the clock costs more than a node.
 */
export class BudgetClock {
  /** The step limit (Infinity when there is none): compare a step counter with it in hot loops. */
  readonly maxSteps: number;
  /** When time is up, as a `performance.now()` reading (Infinity when there is no time limit). */
  readonly deadline: number;
  /** When the run started, as a `performance.now()` reading. */
  readonly started: number;
  #stop: StopReason | undefined;

  constructor(
    budget: Budget,
    /** The run's abort signal: once it fires, `expired()` is true with reason `aborted`. */
    readonly signal: AbortSignal,
    /** A flag shared with another thread: non-zero means stop (see `SolveHooks.stop`). */
    private readonly stopFlag?: Int32Array,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.maxSteps = budget.maxSteps ?? Number.POSITIVE_INFINITY;
    this.started = now();
    this.deadline = this.started + (budget.maxTimeMs ?? Number.POSITIVE_INFINITY);
  }

  /** True once time is up or the run was aborted; remembers why. */
  expired(): boolean {
    if (this.#stop) return true;
    if (this.signal.aborted || (this.stopFlag !== undefined && Atomics.load(this.stopFlag, 0) !== 0)) this.#stop = 'aborted';
    else if (this.now() >= this.deadline) this.#stop = 'time';
    return this.#stop !== undefined;
  }

  /** True when `steps` reached the step limit, or time or the user ended the run. */
  exhausted(steps: number): boolean {
    if (steps >= this.maxSteps) {
      this.#stop ??= 'steps';
      return true;
    }
    return this.expired();
  }

  /** Why the run stopped, once it did. */
  get reason(): StopReason | undefined {
    return this.#stop;
  }

  /** Milliseconds since the run started: what a result's `stats.timeMs` usually says. */
  elapsedMs(): number {
    return this.now() - this.started;
  }
}

/** How often hot loops look at the clock: a power of two minus one, used as a mask on the node counter. */
export const CLOCK_MASK = 0xfff;

/**
 * The wall time a run's user has waited, in milliseconds: since the budget's `startedAt` (the command's start)
 * where it has one that this machine's clock can have seen, else since `runStarted` (a `performance.now()`).
 */
export function waitedMs(budget: { readonly startedAt?: number } | undefined, runStarted: number): number {
  const now = performance.now();
  const since = budget?.startedAt === undefined ? Number.NaN : performance.timeOrigin + now - budget.startedAt;
  return since >= now - runStarted && since < 86_400_000 ? since : now - runStarted;
}
