import type { ProgressEvent, Result, Solution, Task, TraceEvent } from '@bezzel/core';

/** The page asks the worker to run one task. */
export interface RunRequest {
  readonly task: Task;
  /** The page's piece name (`betza:…` registers that piece in the worker too). */
  readonly pieceName: string;
  readonly trace: boolean;
  /** Solutions to send at most (KEPT_SOLUTIONS when absent); later ones are only counted. */
  readonly keep?: number;
}

/**
 * Compare mode asks a worker to run tasks one after another, untraced, as `bezzel experiment` does; it answers
 * each with its result and stays up for more, so a pool of workers can share an experiment's runs.
 */
export interface BatchRequest {
  readonly batch: readonly { readonly index: number; readonly task: Task }[];
  readonly pieceName: string;
}

/** Solutions kept for the page; later ones are only counted. */
export const KEPT_SOLUTIONS = 2000;
/** Trace events kept; a run beyond this goes on untraced. */
export const TRACE_CAP = 200_000;

export type WorkerMessage =
  | { readonly type: 'trace'; readonly events: TraceEvent[] }
  | { readonly type: 'trace-capped'; readonly kept: number }
  | { readonly type: 'progress'; readonly events: ProgressEvent[] }
  | { readonly type: 'solutions'; readonly solutions: Solution[] }
  /** The run has ended; `traced`: the steps it made in all when recorded (more than were kept past the cap). */
  | { readonly type: 'done'; readonly result: Result; readonly traced?: number }
  /** One task of a batch has run. */
  | { readonly type: 'batch-result'; readonly index: number; readonly result: Result }
  /** The run failed: `usage` when the task was refused as a user's mistake, otherwise a fault. */
  | { readonly type: 'error'; readonly message: string; readonly usage: boolean };
