import { StrategyError, UsageError, type Result, type Task } from '@bezzel/core';
import { fromUserPlugin } from '../plugins/load-plugins.js';
import { solveWatched, type SolveSetup } from './watched-solve.js';

/** A plugin's count is recounted by a bundled strategy, unasked, when that is expected to take at most this long (ms). */
const AUTOMATIC_RECOUNT_MS = 1000;

export type CrossCheck = { readonly by: string; readonly agreed: true } | { readonly by: string; readonly agreed: false; readonly why: string; readonly stopped?: true };

/**
 * Counts again with a second strategy that supports the task and compares. Asked for with `--cross-check`;
 * done unasked for a count from a strategy of a user's plugin when a bundled strategy can recount it quickly,
 * since the core can check a solution but not a number. Counts that differ throw a {@link StrategyError}:
 * nothing is printed. Returns undefined when nothing was checked.
 */
export async function crossCheck(setup: SolveSetup, task: Task, result: Result, asked: boolean): Promise<CrossCheck | undefined> {
  const counting = task.goal === 'count' || task.goal === 'count-fundamental';
  if (asked && !counting) throw new UsageError('ERR_GOAL', '--cross-check applies to counts (--goal count or count-fundamental)');
  if (!counting || result.status !== 'complete') return undefined;
  const { bezzel } = setup;
  // Unasked, only a user's strategy is recounted: a bundled one's count is not (nor are the others asked about it).
  if (!asked && !fromUserPlugin(bezzel, result.strategy)) return undefined;
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const others = bezzel
    .support(instance.value)
    .filter(({ strategy, support }) => support.ok && strategy.meta.id !== result.strategy && (asked || !fromUserPlugin(bezzel, strategy.meta.id)))
    .sort((a, b) => (a.support as { cost: number }).cost - (b.support as { cost: number }).cost);
  const second = others[0];
  if (!second) {
    if (asked) throw new UsageError('ERR_STRATEGY', `--cross-check needs a second strategy that counts this, and only ${result.strategy} does`);
    return undefined;
  }
  if (!asked && (second.support as { cost: number }).cost > AUTOMATIC_RECOUNT_MS) return undefined;

  const by = second.strategy.meta.id;
  const recount = await solveWatched(setup, { ...task, strategy: by, options: optionsFor(task, Object.keys(second.strategy.meta.options ?? {})) });
  if (recount.status === 'aborted') return { by, agreed: false, why: `stopped (Ctrl-C) before ${by} finished: the count above is not cross-checked`, stopped: true };
  if (recount.status !== 'complete') return { by, agreed: false, why: `${by} did not finish (${recount.status})` };
  const differ = recount.count !== result.count || (result.fundamental !== undefined && recount.fundamental !== undefined && recount.fundamental !== result.fundamental);
  if (differ) {
    const say = (r: Result & { status: 'complete' }) => `${r.count}${r.fundamental !== undefined ? ` (${r.fundamental} fundamental)` : ''}`;
    throw new StrategyError(result.strategy, `counted ${say(result)}, but ${by} counts ${say(recount)}: the counts disagree`);
  }
  return { by, agreed: true };
}

/** The task's options that the second strategy also has (one strategy's knobs mean nothing to another). */
function optionsFor(task: Task, names: readonly string[]): Task['options'] {
  const kept = Object.entries(task.options ?? {}).filter(([name]) => names.includes(name));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
