import { AnswerCheck, DEFAULT_BUDGET, type Bezzel, type MinimumProof, type Result, type Solution, type Task } from '@bezzel/core';
import { availableParallelism } from 'node:os';
import type { CommonOptions } from '../options/common-options.js';
import type { LoadedPlugin } from '../plugins/load-plugins.js';
import type { PoolOptions } from './pool-options.js';
import { countOnThreads } from './pool-runner.js';
import { solveWatched } from './watched-solve.js';

/** How long a search for a smaller set may take in one thread before its size goes to the workers' count. */
const QUICK_TRY_MS = 2000;

/**
 * The fewest pieces (domination's `minimum`) using every worker: a set as small as a first search finds, then,
 * size by size below it, a short search for a smaller set in one thread (above the minimum such sets are
 * usually easy to find) and, where it finds none, a count of the sets of that size split over the workers — a
 * count of 0 is the proof, the same exhausted search the one-thread strategy makes, on every core.
 * The answer is composed of results the core checked: the set (a solved `one`) and the count (a complete sum).
 */
export async function minimumOnThreads(bezzel: Bezzel, plugins: readonly LoadedPlugin[], task: Task, options: CommonOptions & PoolOptions): Promise<Result> {
  const started = performance.now();
  const maxTimeMs = task.budget?.maxTimeMs ?? DEFAULT_BUDGET.maxTimeMs;
  const left = () => Math.max(1, maxTimeMs - (performance.now() - started));
  const sized = (k: number, goal: Task['goal'], ms: number): Task => ({ ...task, goal, problem: { ...task.problem, k } as Task['problem'], budget: { ...task.budget, maxTimeMs: ms } });
  const setup = { bezzel, plugins };
  let nodes = 0;
  const spent = (r: Result) => (nodes += r.stats.nodes);

  const first = await solveWatched(setup, { ...task, goal: 'one', budget: { ...task.budget, maxTimeMs: left() } }, { inThread: true });
  spent(first);
  if (first.status !== 'solved') return { ...first, task };
  let best: Solution = first.solutions[0]!;
  let lower = Number(first.stats.extra?.lowerBound ?? 1);
  const sizeOf = (s: Solution) => (s.kind === 'placement' ? s.squares.length : 0);
  const stats = () => ({ nodes, timeMs: performance.now() - started, workers: options.workers ?? availableParallelism(), extra: { lowerBound: lower } });
  const stopped = (r: Result): Result => {
    const partial = { best, bounds: { lower, upper: sizeOf(best) }, note: `at least ${lower}, at most ${sizeOf(best)}` };
    return r.status === 'aborted' ? { status: 'aborted', strategy: r.strategy, task, stats: stats(), partial } : { status: 'budget', exhausted: 'time', strategy: r.strategy, task, stats: stats(), partial };
  };

  // Down to the strategy's lower bound, each size that has no set is the proof; meeting the bound is one too.
  let proof: MinimumProof = 'bound';
  for (let k = sizeOf(best) - 1; k >= lower; k--) {
    const quick = await solveWatched(setup, sized(k, 'one', Math.min(QUICK_TRY_MS, left())), { inThread: true });
    spent(quick);
    if (quick.status === 'solved') {
      best = quick.solutions[0]!;
      continue;
    }
    if (quick.status === 'impossible') {
      proof = 'exhausted';
      break;
    }
    if (quick.status === 'aborted') return stopped(quick);
    // The bar says the bounds in force and what this count decides.
    const note = `sets of ${k}: none proves ${k + 1} the fewest · at least ${lower}, at most ${sizeOf(best)}`;
    const count = await countOnThreads(bezzel, plugins, sized(k, 'count', left()), options, note);
    spent(count);
    if (count.status !== 'complete') return stopped(count);
    if (count.count === 0n) {
      proof = 'exhausted';
      break;
    }
    // Sets of k exist, only hard to find: look for one without the short limit.
    const found = await solveWatched(setup, sized(k, 'one', left()), { inThread: true });
    spent(found);
    if (found.status !== 'solved') return stopped(found);
    best = found.solutions[0]!;
  }
  lower = sizeOf(best);
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  // The whole answer passes the core's check too: the set dominates and has the size the minimum claims.
  const answer = new AnswerCheck(instance.value, first.strategy).outcome({ status: 'solved', solutions: [best], minimum: { value: sizeOf(best), proof }, stats: stats() });
  return { ...answer, strategy: first.strategy, task } as Result;
}
