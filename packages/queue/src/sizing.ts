import type { Bezzel, Task } from '@bezzel/core';
import { planSplit, type SplitPlan } from '@bezzel/pool';

/**
 * What one sub-task on a queue should cost: long enough that a job's round trips through Redis (a few
 * milliseconds) vanish beside it — with 10 ms sub-tasks they doubled a count's time — and short enough that the
 * last ones finish close together and progress moves every few seconds.
 */
export const SUB_TASK_TARGET_MS = 2000;

/** Part counts tried: the strategy cuts at the shallowest depth that gives at least that many. */
const LADDER = [1, 4, 16, 64, 256, 1024, 4096, 16_384];

/**
 * The split of a count for a queue, sized by measurement: the strategy's cost estimate of the whole count (for
 * the search strategies, Knuth's random probes of the search tree: a sample, a few milliseconds) divided among
 * the sub-tasks of each cut the strategy offers, and the cut whose sub-tasks come nearest the target wins. An
 * explicit `parts` is used as it is.
 */
export function planForQueue(bezzel: Bezzel, task: Task, parts?: number, targetMs = SUB_TASK_TARGET_MS): SplitPlan {
  if (parts !== undefined) return planSplit(bezzel, task, parts);
  const first = planSplit(bezzel, task, 1);
  const support = first.strategy.supports(first.instance);
  const cost = support.ok ? support.cost : undefined;
  // A strategy with no estimate (or an absurd one) gets a fine split: many sub-tasks cost little each.
  if (cost === undefined || !Number.isFinite(cost) || cost >= Number.MAX_VALUE / 2) return planSplit(bezzel, task, 256);
  const wanted = Math.max(1, Math.ceil(cost / targetMs));
  let best = first;
  let bestDistance = distance(cost / first.subTasks.length, targetMs);
  for (const rung of LADDER.filter((p) => p > 1 && p <= 4 * wanted)) {
    const plan = planSplit(bezzel, task, rung);
    const d = distance(cost / plan.subTasks.length, targetMs);
    if (d < bestDistance || (d === bestDistance && plan.subTasks.length > best.subTasks.length)) [best, bestDistance] = [plan, d];
  }
  return best;
}

/** How far a sub-task's cost is from the target, as a ratio either way (2 s vs 4 s is as far as 2 s vs 1 s). */
function distance(ms: number, targetMs: number): number {
  return Math.abs(Math.log(Math.max(ms, 1e-6) / targetMs));
}
