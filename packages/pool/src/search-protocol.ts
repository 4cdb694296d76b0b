import type { ProgressEvent, Result, Task, UsageError } from '@bezzel/core';
import type { MessagePort } from 'node:worker_threads';
import type { WireSolution } from './wire.js';

/** What a search thread is given and what it says back (see `search-thread.ts` and `search-worker.ts`). */

export interface SearchRequest {
  /** The plugins the task needs, loaded at once. */
  readonly plugins: readonly string[];
  /** Every plugin the caller has, for the members a portfolio or pipeline starts in threads of their own. */
  readonly available?: readonly string[];
  readonly task: Task;
  /**
   * When the request was sent (`Date.now()`): the task's time budget runs from then, so the thread's start and
   * its plugins' loading are inside the budget, not on top of it.
   */
  readonly sentAt?: number;
  /** One Int32 the waiting thread sets to ask the search to stop. */
  readonly stop: SharedArrayBuffer;
  /**
   * Where the search thread sends what it says: a port of its own, which the waiting thread can also read at once
   * while it is busy itself (`receiveMessageOnPort`: see ElsewhereRun.poll).
   */
  readonly port: MessagePort;
}

/**
 * A thread that runs tasks one after another (see `search-session.ts`): it loads the plugins once, then answers
 * each `SessionTask` it is sent as a search thread answers its one task.
 */
export interface SessionRequest {
  readonly plugins: readonly string[];
  readonly available?: readonly string[];
  /** Set once to stop the search in hand and every one after it. */
  readonly stop: SharedArrayBuffer;
}

export interface SessionTask {
  readonly type: 'task';
  readonly task: Task;
}

/** A session's thread says it has loaded its plugins (or why it could not), then answers tasks as a search does. */
export type SessionMessage = { readonly type: 'ready' } | SearchMessage;

/**
 * What the search thread says, in order: progress and solutions while it runs, then a result or an error.
 * Solutions, and those inside a result, may be packed (`wire.ts`): the receiver unpacks them.
 */
export type SearchMessage =
  | { readonly type: 'progress'; readonly event: ProgressEvent }
  | { readonly type: 'solution'; readonly solution: WireSolution }
  | { readonly type: 'result'; readonly result: Result }
  | { readonly type: 'error'; readonly error: SearchFailure };

/** An error as data, so the waiting thread can throw the same kind of error. */
export type SearchFailure =
  | { readonly kind: 'usage'; readonly code: UsageError['code']; readonly message: string }
  | { readonly kind: 'write'; readonly where: string; readonly reason: string; readonly advice?: string }
  | { readonly kind: 'answer'; readonly strategy: string; readonly problem: string }
  | { readonly kind: 'crash'; readonly strategy: string; readonly cause: string; readonly stack?: string }
  | { readonly kind: 'other'; readonly message: string; readonly stack?: string };
