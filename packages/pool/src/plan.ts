import { UsageError, type Bezzel, type Instance, type SearchStrategy, type SubTask, type Task } from '@bezzel/core';

/** Whether a strategy splits this instance: it has `split` and does not decline (one part is the cheapest ask). */
export function splits(strategy: SearchStrategy, instance: Instance): boolean {
  return strategy.split?.(instance, 1) !== undefined;
}

/** A sub-task with the key that names it in checkpoints and job queues: its pre-placed rows or prefix. */
export interface KeyedSubTask {
  readonly sub: SubTask;
  readonly key: string;
}

/** A counting task resolved and cut into weighted sub-tasks: what every executor runs. */
export interface SplitPlan {
  readonly task: Task;
  readonly instance: Instance;
  readonly strategy: SearchStrategy;
  readonly parts: number;
  readonly subTasks: readonly KeyedSubTask[];
}

const keyOf = (sub: SubTask, index: number) => String(sub.task.options?.prefix ?? `#${index}`);

/**
 * Resolves a count and splits it with its strategy's `split`. Throws a UsageError when the task is not a count
 * or its strategy does not split it: the caller then solves it in one piece.
 */
export function planSplit(bezzel: Bezzel, task: Task, parts: number): SplitPlan {
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const strategy = bezzel.choose(instance.value);
  if (!strategy.ok) throw strategy.error;
  const checked = bezzel.checkOptions(strategy.value, task);
  if (!checked.ok) throw checked.error;
  if (task.goal !== 'count' && task.goal !== 'count-fundamental') throw new UsageError('ERR_GOAL', `only counts are split into sub-tasks, not goal ${task.goal}`);
  const split = strategy.value.split?.(instance.value, parts);
  if (!split) throw new UsageError('ERR_STRATEGY', `strategy ${strategy.value.meta.id} does not split this count into sub-tasks`);
  const subTasks = split.map((sub, index) => ({ sub, key: keyOf(sub, index) }));
  const keys = new Set(subTasks.map((s) => s.key));
  // Keys name results in checkpoints and queues: two alike would count one sub-task twice and lose the other.
  if (keys.size !== subTasks.length) throw new Error(`strategy ${strategy.value.meta.id} split a task into sub-tasks with the same key`);
  return { task, instance: instance.value, strategy: strategy.value, parts, subTasks };
}
