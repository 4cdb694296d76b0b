import type { Bezzel, Result, Task } from '@bezzel/core';
import type { Plan } from '@bezzel/experiment';
import { fromUserPlugin, type LoadedPlugin } from '../plugins/load-plugins.js';
import { LONG_RUN_MS } from '../solve/watched-solve.js';

/** Where `bezzel experiment` runs its tasks, and how to let go of it at the end. */
export interface ExperimentSolver {
  /** Undefined: here, in this thread. */
  readonly solve?: (task: Task, signal?: AbortSignal) => Promise<Result>;
  close(): Promise<void>;
}

/**
 * The command line's rule for any run (see watched-solve.ts), for a whole experiment: when a strategy comes from
 * a user's plugin, or a run is expected to take LONG_RUN_MS or more, the runs go to one search thread, one after
 * another (the plugins load once), so that Ctrl-C stops the run in hand at once and a strategy that ignores its
 * budget is ended. Otherwise they run here, where each starts at once and ends before Ctrl-C is kept waiting.
 */
export async function experimentSolver(bezzel: Bezzel, plugins: readonly LoadedPlugin[], plan: Plan): Promise<ExperimentSolver> {
  const threaded = plan.cells.some((cell) => {
    if (fromUserPlugin(bezzel, cell.strategy)) return true;
    const instance = bezzel.instantiate(cell.task(plan.spec.seed));
    const support = instance.ok ? bezzel.strategy(cell.strategy)?.supports(instance.value) : undefined;
    return support?.ok === true && support.cost >= LONG_RUN_MS;
  });
  if (!threaded) return { close: async () => {} };
  const { SearchSession } = await import('@bezzel/pool');
  const session = new SearchSession(plugins.map((p) => p.url));
  return { solve: (task, signal) => session.solve(task, task.strategy ?? 'auto', signal), close: () => session.close() };
}
