import { type DominationVariant, type Goal, type Result, type Task, UsageError } from '@bezzel/core';
import { Command } from 'commander';
import { betzaArgument } from '../options/betza-arg.js';
import type { SetExit } from '../exit.js';
import { addBoardOptions, addGoalOption, addSolveOptions, boardSpec, budgetOf, type CommonOptions, dominateGoals, wholeNumber } from '../options/common-options.js';
import { exitCode, printResult, solveAndPrint } from '../output/output.js';
import { createCliBezzel } from '../plugins/load-plugins.js';
import { addPoolOptions, type PoolOptions } from '../solve/pool-options.js';
import { countOnWorkers } from '../solve/pool-runner.js';
import { withOwnThreads } from '../solve/own-threads.js';
import { parseRemoved, resolvePieceId } from '../options/problem-args.js';
import { countNote } from '../output/progress.js';
import { solveWatched } from '../solve/watched-solve.js';

interface DominateOptions extends CommonOptions, PoolOptions {
  readonly k?: number;
  readonly goal: Goal;
  readonly independent?: boolean;
  readonly total?: boolean;
}

/** `bezzel dominate <piece>`: the fewest pieces that occupy or attack every square, or the sets of k pieces that do. */
export function dominateCommand(setExit: SetExit): Command {
  const command = new Command('dominate')
    .description('the fewest pieces that occupy or attack every square (domination), with proof; or the dominating sets of k pieces')
    .argument('<piece>', 'a piece id, as `bezzel list` shows, or betza:<notation> such as betza:NC')
    .option('-k, --k <k>', 'the number of pieces, for goals one, all, count and count-fundamental', wholeNumber('-k', 0))
    .option('--independent', 'independent domination: no piece attacks another')
    .option('--total', 'total domination: every square, occupied ones too, attacked by another piece');
  addBoardOptions(command, 8);
  addGoalOption(command, dominateGoals, 'minimum');
  addSolveOptions(command);
  addPoolOptions(command);
  return command.action(async (pieceArg: string, options: DominateOptions) => runDominate(pieceArg, options, setExit));
}

function variantOf(options: DominateOptions): DominationVariant {
  if (options.independent && options.total) throw new UsageError('ERR_GOAL', 'choose one of --independent and --total: a total dominating set has every piece attacked, an independent one none');
  return options.independent ? 'independent' : options.total ? 'total' : 'plain';
}

async function runDominate(pieceArg: string, options: DominateOptions, setExit: SetExit): Promise<void> {
  const adHoc = await betzaArgument(pieceArg);
  const { bezzel, plugins } = await createCliBezzel(options.plugin, adHoc ? [adHoc.plugin] : []);
  const board = boardSpec(options, 8);
  const removed = parseRemoved(board, options.removed);
  const variant = variantOf(options);
  const task: Task = {
    problem: { kind: 'dominate', board: removed ? { ...board, removed } : board, piece: adHoc ? adHoc.id : resolvePieceId(bezzel, pieceArg), ...(variant !== 'plain' ? { variant } : {}), ...(options.k !== undefined ? { k: options.k } : {}) },
    goal: options.goal,
    strategy: options.strategy,
    budget: budgetOf(options),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(Object.keys(options.option).length > 0 ? { options: options.option } : {}),
  };
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const pooled = options.workers !== undefined || options.checkpoint !== undefined || options.queue !== undefined || options.parts !== undefined;
  const minimumCount = task.goal === 'count-minimum' || task.goal === 'count-minimum-fundamental';
  if (pooled && minimumCount) {
    // The minimum first, here (seconds where the count takes minutes), then a split count of the sets of that
    // size, whose sub-tasks the pool and the queue already run, resume and add up.
    const first = await solveWatched({ bezzel, plugins, inProcessOnly: adHoc !== undefined }, { ...task, goal: 'minimum' });
    if (first.status !== 'solved' || first.minimum === undefined) {
      await printResult(instance.value.board, instance.value.piece, first, options);
      return setExit(exitCode(first));
    }
    const minimum = first.minimum;
    const countTask: Task = { ...task, goal: task.goal === 'count-minimum' ? 'count' : 'count-fundamental', problem: { ...task.problem, k: minimum.value } as Task['problem'] };
    const asMinimum = (result: Result): Result => (result.status === 'complete' ? { ...result, task, minimum, solutions: first.solutions } : { ...result, task });
    const note = countNote(countTask, { value: minimum.value, proven: true });
    const counted = await countOnWorkers(bezzel, plugins, countTask, options, adHoc !== undefined, asMinimum, note);
    return setExit(counted ?? (await solveAndPrint({ bezzel, plugins, inProcessOnly: adHoc !== undefined }, task, options)));
  }
  if (pooled && task.goal === 'minimum' && !options.queue && !options.checkpoint && adHoc === undefined) {
    // A strategy that runs its own threads (it declares option `threads`: cover-search climbs on one while a helper
    // comes down on another) takes --workers as that option, up to what it can use; its own way is faster than a
    // count of each size split over workers (knights 14×14: 1.2 s against 8.3 s).
    const chosen = bezzel.choose(instance.value);
    const own = chosen.ok ? withOwnThreads(chosen.value, task, options.workers) : undefined;
    if (own) return setExit(await solveAndPrint({ bezzel, plugins }, own, options));
    const { minimumOnThreads } = await import('../solve/minimum-on-threads.js');
    const result = await minimumOnThreads(bezzel, plugins, task, options);
    await printResult(instance.value.board, instance.value.piece, result, options);
    return setExit(exitCode(result));
  }
  const counted = await countOnWorkers(bezzel, plugins, task, options, adHoc !== undefined);
  setExit(counted ?? (await solveAndPrint({ bezzel, plugins, inProcessOnly: adHoc !== undefined }, task, options)));
}
