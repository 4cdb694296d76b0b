import type { Result, SearchStrategy, Task } from '@bezzel/core';
import { KEPT_SOLUTIONS } from '../run/protocol.js';

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
