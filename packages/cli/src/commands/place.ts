import { type Goal, MAX_SQUARE_SIDE, type Task, UsageError } from '@bezzel/core';
import { Command } from 'commander';
import { addBoardOptions, addGoalOption, addSolveOptions, boardSpec, budgetOf, type CommonOptions, placementGoals, wholeNumber } from '../options/common-options.js';
import { solveAndPrint } from '../output/output.js';
import { createCliBezzel } from '../plugins/load-plugins.js';
import type { SetExit } from '../exit.js';
import { parseRemoved, resolvePieceId } from '../options/problem-args.js';
import { betzaArgument } from '../options/betza-arg.js';
import { pieceCount, solveEveryKAndPrint } from '../solve/every-k.js';
import { addPoolOptions, type PoolOptions } from '../solve/pool-options.js';
import { countOnWorkers } from '../solve/pool-runner.js';
import { onlyChoosesRoute, registryFor } from '../solve/route-plugins.js';

interface PlaceOptions extends CommonOptions, PoolOptions {
  readonly k?: number | 'all';
  readonly goal: Goal;
}

/** `bezzel place <piece>`: k non-attacking pieces on a board. */
export function placeCommand(setExit: SetExit): Command {
  const command = new Command('place')
    .description('place k mutually non-attacking pieces (default: the natural number, e.g. n queens on n×n)')
    .argument('<piece>', 'a piece id, as `bezzel list` shows, or betza:<notation> such as betza:NC')
    .option('-k, --k <k>', 'number of pieces, or "all" for the count of every k at once', pieceCount);
  addBoardOptions(command, 8);
  addGoalOption(command, placementGoals, 'one');
  addSolveOptions(command);
  addPoolOptions(command);
  return command.action(async (piece: string, options: PlaceOptions) => runPlace(piece, options, setExit));
}

/** `bezzel queens <n>`: the classic, as a shortcut for `place queen -n <n>`. */
export function queensCommand(setExit: SetExit): Command {
  const command = new Command('queens')
    .description('n queens on n×n: a shortcut for `place queen -n <n>`')
    .argument('<n>', 'board size', wholeNumber('n', 1, MAX_SQUARE_SIDE, 'a square board\'s squares are numbered below 2⁵³'));
  addGoalOption(command, placementGoals, 'one');
  addSolveOptions(command);
  addPoolOptions(command);
  return command.action(async (n: number, options: PlaceOptions) => runPlace('queen', { ...options, size: n }, setExit));
}

async function runPlace(pieceArg: string, options: PlaceOptions, setExit: SetExit): Promise<void> {
  const adHoc = await betzaArgument(pieceArg);
  // Every k at once is a count by the strategy that tables them: all plugins, as it is rare.
  const choosesOnly = onlyChoosesRoute(options);
  const need = options.k === 'all' ? undefined : ({ piece: pieceArg, kind: 'placement', goal: options.goal, strategy: options.strategy, options: options.option, choosesOnly } as const);
  const setup = await createCliBezzel(options.plugin, adHoc ? [adHoc.plugin] : [], need);
  const board = boardSpec(options, 8);
  const piece = adHoc ? adHoc.id : resolvePieceId(setup.bezzel, pieceArg);
  const removed = parseRemoved(board, options.removed);
  const task: Task = {
    problem: { kind: 'placement', board: removed ? { ...board, removed } : board, piece, ...(typeof options.k === 'number' ? { k: options.k } : {}) },
    goal: options.goal,
    strategy: options.strategy,
    budget: budgetOf(options),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(Object.keys(options.option).length > 0 ? { options: options.option } : {}),
  };
  if (options.goal === 'maximum' && options.k !== undefined) throw new UsageError('ERR_COUNT', '--goal maximum finds k itself; leave out -k');
  const { bezzel, plugins } = await registryFor(setup, task);
  if (options.k === 'all') return setExit(await solveEveryKAndPrint({ bezzel, plugins, inProcessOnly: adHoc !== undefined }, task, options));
  // Long counts go to worker threads; an ad-hoc Betza piece exists only in this thread, so it counts here.
  const pooled = await countOnWorkers(bezzel, plugins, task, options, adHoc !== undefined);
  setExit(pooled ?? (await solveAndPrint({ bezzel, plugins, inProcessOnly: adHoc !== undefined }, task, options)));
}

