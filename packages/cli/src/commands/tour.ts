import { MAGIC_KINDS, TOUR_DIRECTIONS, type Goal, type MagicKind, type Task, type TourDirection, UsageError } from '@bezzel/core';
import { Command, Option } from 'commander';
import { addBoardOptions, addGoalOption, addSolveOptions, boardSpec, budgetOf, type CommonOptions, tourGoals } from '../options/common-options.js';
import { solveAndPrint } from '../output/output.js';
import { createCliBezzel } from '../plugins/load-plugins.js';
import type { SetExit } from '../exit.js';
import { addPoolOptions, type PoolOptions } from '../solve/pool-options.js';
import { countOnWorkers } from '../solve/pool-runner.js';
import { parseRemoved, parseStart, resolvePieceId } from '../options/problem-args.js';

interface TourOptions extends CommonOptions, PoolOptions {
  readonly start?: string;
  readonly closed?: boolean;
  readonly ordering?: string;
  readonly magic?: MagicKind;
  readonly direction?: TourDirection;
  readonly goal: Goal;
}

/** `bezzel tour <piece>`: visit every square once. */
export function tourCommand(setExit: SetExit): Command {
  const command = new Command('tour')
    .description("a tour visiting every square once with the piece's moves (a knight's tour)")
    .argument('<piece>', 'a piece id, as `bezzel list` shows')
    .option('--start <square>', 'start square, e.g. a1 or (0,0)')
    .option('--closed', 'the last square must be one move from the first')
    .option('--ordering <id>', 'move ordering for depth-first search: none, warnsdorff, warnsdorff-roth, random')
    .addOption(
      new Option('--direction <how>', 'for counts: directed (a tour and its reversal are two; the default for open tours, as OEIS A165134) or undirected (one; the default for closed tours)').choices(
        TOUR_DIRECTIONS,
      ),
    )
    .addOption(new Option('--magic <kind>', 'numbered 1, 2, … along the tour, every rank and file sums alike (semi), and the long diagonals too (full)').choices(MAGIC_KINDS));
  addBoardOptions(command, 8);
  addGoalOption(command, tourGoals, 'one');
  addSolveOptions(command);
  addPoolOptions(command);
  return command.action(async (pieceArg: string, options: TourOptions) => {
    // A direction says how tours are counted: on any other goal it would be dropped unseen.
    if (options.direction && options.goal !== 'count') throw new UsageError('ERR_OPTION', `--direction says how tours are counted: it goes with --goal count, not ${options.goal}`);
    const { bezzel, plugins } = await createCliBezzel(options.plugin);
    const board = boardSpec(options, 8);
    const removed = parseRemoved(board, options.removed);
    const spec = removed ? { ...board, removed } : board;
    const start = parseStart(spec, options.start);
    const strategyOptions = { ...options.option, ...(options.ordering ? { ordering: options.ordering } : {}), ...(options.direction ? { direction: options.direction } : {}) };
    const task: Task = {
      problem: {
        kind: 'tour',
        board: spec,
        piece: resolvePieceId(bezzel, pieceArg),
        ...(start !== undefined ? { start } : {}),
        closed: options.closed ?? false,
        ...(options.magic ? { magic: options.magic } : {}),
      },
      goal: options.goal,
      strategy: options.strategy,
      budget: budgetOf(options),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(Object.keys(strategyOptions).length > 0 ? { options: strategyOptions } : {}),
    };
    // Tour counts from 6×6 up split across worker threads (or a queue); everything else solves here.
    const pooled = await countOnWorkers(bezzel, plugins, task, options, false);
    setExit(pooled ?? (await solveAndPrint({ bezzel, plugins }, task, options)));
  });
}
