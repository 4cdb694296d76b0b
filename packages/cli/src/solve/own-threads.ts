import type { SearchStrategy, Task } from '@bezzel/core';

/**
 * `--workers N` for a strategy that runs its own threads rather than splitting into sub-tasks (it declares an
 * integer option `threads`: the frontier count's groups on disk, cover-search's helper coming down from above):
 * the task with that option at N, up to what the strategy takes — or undefined when the user set `-o threads`
 * or gave no --workers, or the strategy has no such option.
 */
export function withOwnThreads(strategy: SearchStrategy, task: Task, workers: number | undefined): Task | undefined {
  const threads = strategy.meta.options?.['threads']?.info;
  if (workers === undefined || threads?.type !== 'integer' || task.options?.['threads'] !== undefined) return undefined;
  return { ...task, strategy: strategy.meta.id, options: { ...task.options, threads: Math.min(workers, threads.max ?? workers) } };
}
