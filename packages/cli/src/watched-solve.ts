import type { Bezzel, Elsewhere, ProgressEvent, Result, Solution, Task } from '@bezzel/core';
import { onInterrupt } from './interrupt.js';
import { fromUserPlugin, pluginsFor, type LoadedPlugin } from './plugins.js';

/**
 * A run the strategy expects to take this long (its `supports()` cost is an estimate in milliseconds) goes to a
 * search thread: this thread then stays free to answer Ctrl-C while it runs. Shorter runs stay here, where they
 * start sooner; Ctrl-C ends them at once.
 */
const LONG_RUN_MS = 250;
/** Counting and listing on boards beyond this many squares go to a search thread whatever the estimate says. */
const SMALL_BOARD = 64;

export interface SolveSetup {
  readonly bezzel: Bezzel;
  readonly plugins: readonly LoadedPlugin[];
  /** A piece defined on the command line (`betza:…`) exists only in this thread: its runs stay here. */
  readonly inProcessOnly?: boolean;
}

export interface SolveWatch {
  readonly onSolution?: (solution: Solution) => void;
  readonly onProgress?: (event: ProgressEvent) => void;
}

/**
 * Solves a task where a user can stop it. A long run, or any run of a strategy from a plugin the user named (so
 * that one which ignores its budget is ended, not waited for), runs in a search thread: Ctrl-C or SIGTERM stops
 * it within a second and it returns what it has; past its budget it is ended by force and reported.
 */
export async function solveWatched(setup: SolveSetup, task: Task, watch: SolveWatch = {}): Promise<Result> {
  const { bezzel } = setup;
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const strategy = bezzel.choose(instance.value);
  // Whatever cannot be chosen here (a tour a theorem rules out needs no strategy) the core's solve sorts out.
  if (!strategy.ok || setup.inProcessOnly) return bezzel.solve(task, watch);
  const here = () => bezzel.solve(task, { ...watch, elsewhere: threadsFor(setup.plugins.map((p) => p.url)) });
  const support = strategy.value.supports(instance.value);
  const cost = support.ok ? support.cost : 0;
  const counting = ['count', 'count-fundamental', 'all', 'maximum'].includes(task.goal) && instance.value.board.playable > SMALL_BOARD;
  const id = strategy.value.meta.id;
  if (!fromUserPlugin(bezzel, id) && cost < LONG_RUN_MS && !counting) return here();
  // A theorem answers at once, however long the search it spares would have been.
  if (bezzel.theory(instance.value) !== undefined) return here();

  const controller = new AbortController();
  const stopListening = onInterrupt(controller);
  try {
    const { solveInThread } = await import('@bezzel/pool');
    const plugins = pluginsFor(bezzel, setup.plugins, instance.value.piece.id, strategy.value).map((p) => p.url);
    const available = setup.plugins.map((p) => p.url);
    return await solveInThread({ plugins, available, task, strategy: id, signal: controller.signal, ...watch });
  } finally {
    stopListening();
  }
}

/**
 * Members of a portfolio or pipeline run in search threads, side by side, with the plugins this command loaded.
 * The pool is imported with the first member only: most runs have none.
 */
function threadsFor(plugins: readonly string[]): Elsewhere {
  return {
    parallel: true,
    solve(task) {
      const controller = new AbortController();
      const result = import('@bezzel/pool').then(({ solveInThread }) => solveInThread({ plugins, task, strategy: task.strategy ?? 'auto', signal: controller.signal }));
      return { result, stop: () => controller.abort() };
    },
  };
}
