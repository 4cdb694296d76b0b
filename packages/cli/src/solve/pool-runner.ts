import { type Bezzel, inert, type Instance, type ProgressEvent, type Result, type SearchStrategy, type Task, UsageError } from '@bezzel/core';
import { availableParallelism } from 'node:os';
import { EXIT } from '../exit.js';
import type { CommonOptions } from '../options/common-options.js';
import type { PoolOptions } from './pool-options.js';
import { onInterrupt } from './interrupt.js';
import { exitCode, printResult, solveAndPrint, withCrossCheck } from '../output/output.js';
import { withOwnThreads } from './own-threads.js';
import { pluginsFor, type LoadedPlugin } from '../plugins/load-plugins.js';
import { countNote, progressBar } from '../output/progress.js';
import { routeMs, solveWatched } from './watched-solve.js';
import { coarserThanAsked, writeNote } from '../output/notes.js';

/** Below 17×17 a count takes a few seconds in-process, less than starting worker threads costs (bench: n = 16 1.97 s in one thread, 2.80 s on two workers). */
const WORTH_SPLITTING_SQUARES = 17 * 17;
/** Tour counts explode much sooner: from 6×6 they take seconds to hours. */
const WORTH_SPLITTING_TOUR_SQUARES = 6 * 6;
function worthSplitting(instance: Instance): boolean {
  return instance.board.playable >= (instance.kind === 'tour' ? WORTH_SPLITTING_TOUR_SQUARES : WORTH_SPLITTING_SQUARES);
}

/** The summed result as it is (what most counts print). */
const asIs = (result: Result): Result => result;

/**
 * Counts a task split into sub-tasks when its strategy can split it and it is big enough (or --workers,
 * --checkpoint or --queue ask for it): on worker threads, or on a queue's workers. A progress bar, Ctrl-C
 * printing the partial count, a checkpoint file. Returns the exit code, or undefined to let the caller solve as
 * usual.
 */
export async function countOnWorkers(
  bezzel: Bezzel,
  plugins: readonly LoadedPlugin[],
  task: Task,
  options: CommonOptions & PoolOptions,
  inProcessOnly: boolean,
  /** Turns the summed result into the one to print (a count of minimum sets adds the minimum it counted at). */
  present: (result: Result) => Result = asIs,
  /** What the progress bar says is counted; by default the size in force (see countNote). */
  note: string | undefined = countNote(task),
): Promise<number | undefined> {
  const counting = task.goal === 'count' || task.goal === 'count-fundamental';
  if (!counting) {
    if (options.checkpoint) throw new UsageError('ERR_GOAL', '--checkpoint applies to counts (--goal count or count-fundamental)');
    if (options.queue) throw new UsageError('ERR_GOAL', '--queue applies to counts (--goal count or count-fundamental)');
    return undefined;
  }
  if (options.checkpoint && options.queue) throw new UsageError('ERR_OPTION', 'a count on a queue keeps its progress in Redis: leave out --checkpoint');
  if (options.detach && !options.queue) throw new UsageError('ERR_OPTION', '--detach goes with --queue');
  if (options.keep !== undefined && !options.queue) throw new UsageError('ERR_OPTION', '--keep goes with --queue');
  let instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  bezzel.checkNamedOptions(task);
  const asked = options.workers !== undefined || options.checkpoint !== undefined || options.queue !== undefined || options.parts !== undefined;
  // Unasked, a count of a small board is never split: answered without loading the pool (a 16-queens count takes
  // a tenth of a second; loading the pool to learn that would add a twentieth).
  if (!asked && !worthSplitting(instance.value)) return undefined;
  // One worker, and nothing kept or shared (no checkpoint, queue or parts): there are no sub-tasks, so neither the
  // pool nor the question which strategy splits (every strategy's estimate: 16 ms of a 16-queens count). The
  // count runs as an unasked one does, on this thread or one search thread; a strategy with threads of its own
  // gets one.
  if (options.workers === 1 && options.checkpoint === undefined && options.queue === undefined && options.parts === undefined && present === asIs) {
    const chosen = bezzel.choose(instance.value);
    const own = chosen.ok && !inProcessOnly ? withOwnThreads(chosen.value, task, 1) : undefined;
    return own ? solveAndPrint({ bezzel, plugins }, own, options) : undefined;
  }
  // The pool (and with it checkpoints and worker threads) loads only for counts that may be split.
  const { splits, SubTaskError } = await import('@bezzel/pool');
  // Asked to split (workers, a checkpoint, a queue), `auto` means the cheapest strategy that can — unless one
  // that does not split is faster than it would be on every worker (the frontier DP on 7×8 runs its own threads;
  // backtracking split over two workers would take days).
  if (asked && (task.strategy === undefined || task.strategy === 'auto')) {
    const splitter = cheapestSplitter(bezzel, instance.value, splits, options.workers ?? availableParallelism());
    if (splitter) {
      task = { ...task, strategy: splitter };
      instance = bezzel.instantiate(task);
      if (!instance.ok) throw instance.error;
    }
  }
  const strategy = bezzel.choose(instance.value);
  if (!strategy.ok) throw strategy.error;
  const stepBudget = task.budget?.maxSteps !== undefined;
  if (!splits(strategy.value, instance.value) || stepBudget || inProcessOnly) {
    if (!asked) return undefined;
    const flag = options.queue ? '--queue' : options.checkpoint ? '--checkpoint' : undefined;
    const why =
      inProcessOnly ? 'a betza: piece defined on the command line exists only in this process; put it in a plugin'
      : stepBudget ? 'a step budget cannot be shared between sub-tasks'
      : `strategy ${strategy.value.meta.id} does not split a count into sub-tasks${splittersHint(bezzel, instance.value, splits)}`;
    if (flag) throw new UsageError('ERR_OPTION', `${flag} needs a count that splits into sub-tasks: ${why}`);
    // A strategy that runs its own threads takes --workers as their number (open 7×7 tours with --workers 1: one).
    const own = inProcessOnly ? undefined : withOwnThreads(strategy.value, task, options.workers);
    return own ? solveAndPrint({ bezzel, plugins }, own, options) : undefined;
  }
  const needed = pluginsFor(bezzel, plugins, instance.value.piece.id, strategy.value, task.options);
  // The queue's client (BullMQ, ioredis) loads only for a count that goes to a queue.
  const queue = options.queue ? await import('../queue/runner.js') : undefined;
  let result: Result | undefined;
  try {
    result = queue
      ? await queue.countOnQueue(bezzel, needed, task, { ...options, queue: options.queue! }, note)
      : await countOnThreads(bezzel, needed, task, options, note);
  } catch (error) {
    if (!(error instanceof SubTaskError) && !(queue && error instanceof queue.QueueCountError)) throw error;
    // A failed sub-task means no count at all, never a smaller one: say which and why, in one line.
    process.stderr.write(`bezzel: ${inert((error as Error).message)}\n`);
    return queue && error instanceof queue.QueueCountCancelled ? EXIT.cancelled : EXIT.failed;
  }
  if (!result) return EXIT.answered;
  if (!queue && typeof result.stats.extra?.subTasks === 'number') coarserThanAsked(result.strategy, result.stats.extra.subTasks, options.parts);
  result = await withCrossCheck({ bezzel, plugins }, task, result, options);
  if (options.checkpoint && (result.status === 'aborted' || result.status === 'budget')) {
    const finished = result.stats.extra?.finished;
    writeNote(`bezzel: ${inert(options.checkpoint)} keeps ${finished ?? 'the'} finished sub-tasks${finished !== undefined ? ` of ${result.stats.extra?.subTasks}` : ''}: the same command resumes the count`);
  }
  const { board, piece } = instance.value;
  const shown = present(result);
  await printResult(board, piece, shown, options, instance.value.kind === 'tour' || shown.task.goal.includes('minimum') ? undefined : instance.value.k);
  return exitCode(shown);
}

/** A count split over worker threads (or, with one worker and no checkpoint, one search thread), with a progress bar and Ctrl-C. */
export async function countOnThreads(bezzel: Bezzel, plugins: readonly LoadedPlugin[], task: Task, options: CommonOptions & PoolOptions, note: string | undefined = countNote(task)): Promise<Result> {
  const workers = options.workers ?? availableParallelism();
  const bar = await progressBar(options.format, note);
  try {
    if (workers === 1 && !options.checkpoint && options.parts === undefined) {
      // One worker: the same search in one search thread, without the cost of splitting.
      const onProgress = (e: ProgressEvent) => {
        if (e.done !== undefined && e.total !== undefined) bar?.update({ done: e.done, total: e.total, count: e.solutions ?? 0n });
      };
      const result = await solveWatched({ bezzel, plugins }, task, { onProgress });
      return { ...result, stats: { ...result.stats, workers: 1 } };
    }
    const { runSplit } = await import('@bezzel/pool');
    const controller = new AbortController();
    const stopListening = onInterrupt(controller);
    try {
      return await runSplit({
        plugins: plugins.map((p) => p.url),
        task,
        bezzel,
        workers,
        ...(options.parts !== undefined ? { parts: options.parts } : {}),
        ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
        onCheckpointRejected: (lines) =>
          writeNote(`bezzel: ${inert(options.checkpoint!)}: ${lines} line${lines === 1 ? '' : 's'} failed ${lines === 1 ? 'its' : 'their'} check (edited or damaged, or a count above what the board allows); ${lines === 1 ? 'that sub-task is' : 'those sub-tasks are'} counted again`),
        signal: controller.signal,
        onProgress: (p) => bar?.update(p),
      });
    } finally {
      stopListening();
    }
  } finally {
    bar?.stop();
  }
}

/**
 * The cheapest strategy that supports this count and splits it, if any — and none when a strategy that does
 * not split is estimated faster than that one's time shared by `workers`.
 */
function cheapestSplitter(bezzel: Bezzel, instance: Instance, splits: (strategy: SearchStrategy, instance: Instance) => boolean, workers: number): string | undefined {
  let best: { id: string; cost: number } | undefined;
  let whole = Infinity;
  for (const { strategy, support } of bezzel.support(instance)) {
    if (!support.ok) continue;
    // On one worker the count runs as any other (solveWatched): what each costs then includes a search thread's
    // start where it would run in one. On more, every sub-task runs in a thread of the pool.
    const cost = workers === 1 ? routeMs(bezzel, instance, strategy, support) : support.cost;
    if (!splits(strategy, instance)) whole = Math.min(whole, cost);
    else if (!best || cost < best.cost) best = { id: strategy.meta.id, cost };
  }
  return best && best.cost / workers <= whole ? best.id : undefined;
}

/** Names the strategies that could split this count instead, for the message that refuses it. */
function splittersHint(bezzel: Bezzel, instance: Instance, splits: (strategy: SearchStrategy, instance: Instance) => boolean): string {
  const able = bezzel.support(instance).filter(({ strategy, support }) => support.ok && splits(strategy, instance)).map(({ strategy }) => strategy.meta.id);
  return able.length > 0 ? ` (--strategy ${able.join(' or ')} does)` : '';
}
