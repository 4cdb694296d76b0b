import type { Bezzel, Result, SearchStrategy, Task } from '@bezzel/core';
import { KEPT_SOLUTIONS } from '../run/protocol.js';
import { pageWords } from '../shared/page-words.js';

/**
 * Minimum dominating sets a gallery lists and groups at most: 8×8 queens have 4,860. Above KEPT_SOLUTIONS a class
 * is drawn once, not member by member, so the page holds the sets as numbers and a few hundred pictures.
 */
export const MAX_LISTED_SETS = 20_000;

/** The run that lists every solution of a finished run for the gallery, or why there is none to make. */
export type Enumeration =
  | {
      readonly ok: true;
      readonly task: Task;
      /** Solutions the worker sends at most; past this they are only counted. */
      readonly keep: number;
      /** What the solutions are called: "solutions", "minimum sets", "sets of 6". */
      readonly noun: string;
    }
  | { readonly ok: false; readonly message: string };

/**
 * The same puzzle with goal `all`: placements at the size the answer found (a maximum's ways are the placements
 * of that many pieces), domination at the proven minimum or the size asked for. A domination run with neither
 * (a greedy set, a stopped search) has no sets of a known size to list.
 */
export function enumerationOf(task: Task, result: Result | undefined, strategy: SearchStrategy): Enumeration {
  const problem = task.problem;
  const using = strategy.meta.goals.includes('all') ? strategy.meta.id : 'auto';
  const options = using === 'auto' ? {} : (task.options ?? {});
  const all = (p: Task['problem']): Task => ({ ...task, problem: p, goal: 'all', strategy: using, options });
  if (problem.kind !== 'dominate') {
    const maximum = result && 'maximum' in result ? result.maximum : undefined;
    const listed = maximum !== undefined && problem.kind === 'placement' ? { ...problem, k: maximum } : problem;
    return { ok: true, task: all(listed), keep: KEPT_SOLUTIONS, noun: 'solutions' };
  }
  const minimum = result && (result.status === 'solved' || result.status === 'complete') ? result.minimum?.value : undefined;
  const k = minimum ?? problem.k;
  if (k === undefined) {
    return { ok: false, message: 'This run proved no fewest number of pieces, so there are no minimum sets to list: run goal minimum or count-minimum (cover-search), or give a size k with goal all.' };
  }
  return { ok: true, task: all({ ...problem, k }), keep: MAX_LISTED_SETS, noun: minimum !== undefined ? 'minimum sets' : `sets of ${k}` };
}

/** The longest a listing may be estimated to take for the page to offer it: a minute on the reference machine. */
export const LISTING_REACH_MS = 60_000;

/**
 * Why listing is out of reach, in one sentence, or undefined when it can be tried: no strategy can list the
 * solutions, or the chosen one estimates the run (its `supports` cost, milliseconds on the reference machine) at
 * more than LISTING_REACH_MS — 16 queens about four minutes, 1000 queens far longer than anyone waits.
 */
export function listingReach(bezzel: Bezzel, plan: Enumeration): string | undefined {
  if (!plan.ok) return undefined;
  const instance = bezzel.instantiate(plan.task);
  // A piece this registry does not know (a Betza piece made in the worker): let the worker answer.
  if (!instance.ok) return undefined;
  const chosen = bezzel.choose(instance.value);
  if (!chosen.ok) return `Listing every one of these ${plan.noun} is out of reach: ${pageWords(chosen.error.message.split('\n')[0]!)}.`;
  const support = bezzel.support(instance.value).find((s) => s.strategy === chosen.value)?.support;
  if (!support?.ok || support.cost <= LISTING_REACH_MS) return undefined;
  return `Listing every one of these ${plan.noun} is out of reach: ${chosen.value.meta.id} would take ${durationWords(support.cost)} (estimated), and the page lists only what takes under a minute.`;
}

/** An estimated time in words: "about 4 minutes", "about 6 days", "more than a thousand years". */
export function durationWords(ms: number): string {
  const units: readonly [number, string][] = [[3_600_000 * 24 * 365, 'year'], [3_600_000 * 24, 'day'], [3_600_000, 'hour'], [60_000, 'minute'], [1000, 'second']];
  if (ms > 3_600_000 * 24 * 365 * 1000) return 'more than a thousand years';
  for (const [size, unit] of units) {
    if (ms >= size) {
      const n = Math.round(ms / size);
      return `about ${n} ${unit}${n === 1 ? '' : 's'}`;
    }
  }
  return 'under a second';
}
