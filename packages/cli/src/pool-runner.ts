import { createBezzel, UsageError, type Bezzel, type ProgressEvent, type Result, type SearchStrategy, type Task } from '@bezzel/core';
import { runSplit } from '@bezzel/pool';
import type { Command } from 'commander';
import { availableParallelism } from 'node:os';
import { EXIT } from './exit';
import { type CommonOptions, wholeNumber } from './options';
import { exitCode, printResult } from './output';
import type { LoadedPlugin } from './plugins';
import { progressBar } from './progress';

export interface PoolOptions {
  readonly workers?: number;
  readonly checkpoint?: string;
}

export function addPoolOptions(command: Command): Command {
  return command
    .option('--workers <n>', 'worker threads for counts that split (default: every core)', wholeNumber('--workers', 1))
    .option('--checkpoint <file>', 'for counts: append finished sub-tasks to this file and skip them when run again');
}

/** Below 17×17 a count takes a few seconds in-process, about what starting worker threads costs (bench: n = 16 3.0 s in one thread, 3.3 s on two workers). */
const WORTH_SPLITTING_SQUARES = 17 * 17;
/** A long count runs until it is done or stopped, unless --max-time says otherwise. */
const NO_TIME_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * Counts a task on worker threads when its strategy can split it and it is big enough (or --workers or
 * --checkpoint ask for it), with a progress bar, Ctrl-C printing the partial count and a checkpoint file.
 * Returns the exit code, or undefined to let the caller solve as usual.
 */
export async function countOnWorkers(
  bezzel: Bezzel,
  plugins: readonly LoadedPlugin[],
  task: Task,
  options: CommonOptions & PoolOptions,
  inProcessOnly: boolean,
): Promise<number | undefined> {
  const counting = task.goal === 'count' || task.goal === 'count-fundamental';
  if (!counting) {
    if (options.checkpoint) throw new UsageError('ERR_GOAL', '--checkpoint applies to counts (--goal count or count-fundamental)');
    return undefined;
  }
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const strategy = bezzel.choose(instance.value);
  if (!strategy.ok) throw strategy.error;
  const asked = options.workers !== undefined || options.checkpoint !== undefined;
  if (!strategy.value.split || task.budget?.maxSteps !== undefined || inProcessOnly) {
    if (options.checkpoint) throw new UsageError('ERR_OPTION', `--checkpoint needs a count that splits into sub-tasks (strategy ${strategy.value.meta.id}${task.budget?.maxSteps !== undefined ? ' with a step budget' : ''} does not)`);
    return undefined;
  }
  if (!asked && instance.value.board.size < WORTH_SPLITTING_SQUARES) return undefined;

  const workers = options.workers ?? availableParallelism();
  const long: Task = { ...task, budget: { ...task.budget, maxTimeMs: task.budget?.maxTimeMs ?? NO_TIME_LIMIT } };
  const controller = new AbortController();
  const onSigint = () => {
    controller.abort();
    process.once('SIGINT', () => process.exit(EXIT.interrupted));
  };
  process.once('SIGINT', onSigint);
  const bar = progressBar(options.format);
  let result: Result;
  try {
    if (workers === 1 && !options.checkpoint) {
      // One worker: the same search in this thread, without the cost of starting one.
      const onProgress = (e: ProgressEvent) => {
        if (e.done !== undefined && e.total !== undefined) bar?.update({ done: e.done, total: e.total, count: e.solutions ?? 0n });
      };
      result = await bezzel.solve(long, { signal: controller.signal, onProgress });
      result = { ...result, stats: { ...result.stats, workers: 1 } };
    } else {
      result = await runSplit({
        plugins: await pluginsFor(plugins, instance.value.piece.id, strategy.value),
        task: long,
        bezzel,
        workers,
        ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
        signal: controller.signal,
        onProgress: (p) => bar?.update(p),
      });
    }
  } finally {
    bar?.stop();
    process.removeListener('SIGINT', onSigint);
  }
  const { board, piece } = instance.value;
  printResult(board, piece, result, options, instance.value.kind === 'placement' ? instance.value.k : undefined);
  return exitCode(result);
}

/**
 * The plugins a worker needs for this count: those contributing the piece, the strategy or a part it can use.
 * Each worker thread compiles and loads what it is given, so leaving out the rest starts it seconds sooner.
 */
async function pluginsFor(plugins: readonly LoadedPlugin[], piece: string, strategy: SearchStrategy): Promise<string[]> {
  const kinds = new Set((strategy.meta.options ?? []).flatMap((o) => (o.partKind ? [o.partKind] : [])));
  const needed: string[] = [];
  for (const plugin of plugins) {
    const alone = await createBezzel({ plugins: [plugin] });
    if (alone.piece(piece) || alone.strategy(strategy.meta.id) || alone.parts.some((p) => kinds.has(p.kind))) needed.push(plugin.url);
  }
  return needed;
}
