import { type Task, UsageError } from '@bezzel/core';
import { renderStats, stringify } from '@bezzel/render';
import { InvalidArgumentError } from 'commander';
import { EXIT } from '../exit.js';
import type { CommonOptions } from '../options/common-options.js';
import { exitCode, out, printResult } from '../output/output.js';
import { solveWatched, type SolveSetup } from './watched-solve.js';

/** The strategy that counts every k in one run; `--k all` uses it unless told otherwise. */
export const TABLE_STRATEGY = 'transfer-matrix';

/** `-k 7` or `-k all`. */
export function pieceCount(text: string): number | 'all' {
  if (text.trim().toLowerCase() === 'all') return 'all';
  const value = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(value)) throw new InvalidArgumentError(`-k must be a whole number or "all", not "${text}"`);
  // No pieces is no puzzle: "found a solution" with an empty board would be no answer at all.
  if (value === 0) throw new InvalidArgumentError('-k must be at least 1 (or "all" for every k)');
  return value;
}

/**
 * `--k all`: one count run whose result carries the whole table (index k), printed as a row and, unless quiet, one
 * line per k. Only a strategy that returns a table can answer, so a named other strategy is a usage error.
 */
export async function solveEveryKAndPrint(setup: SolveSetup, task: Task, options: CommonOptions): Promise<number> {
  const { bezzel } = setup;
  if (task.goal !== 'count' && task.goal !== 'one') throw new UsageError('ERR_COUNT', '--k all counts every k: use it with --goal count');
  const strategy = task.strategy === undefined || task.strategy === 'auto' ? TABLE_STRATEGY : task.strategy;
  const full: Task = { ...task, goal: 'count', strategy, problem: { ...task.problem, k: 0 } as Task['problem'] };
  const instance = bezzel.instantiate(full);
  if (!instance.ok) throw instance.error;
  const result = await solveWatched(setup, full);
  const { board, piece } = instance.value;
  if (result.status !== 'complete') {
    await printResult(board, piece, result, options);
    return exitCode(result);
  }
  if (!result.table) throw new UsageError('ERR_STRATEGY', `strategy ${result.strategy} counts one k at a time; --k all needs ${TABLE_STRATEGY}`);
  const total = result.table.reduce((a, b) => a + b, 0n);
  if (options.format === 'json') {
    out(stringify({ status: result.status, strategy: result.strategy, piece: piece.id, board: board.spec, table: result.table, total, stats: result.stats }));
    return EXIT.answered;
  }
  out(`Non-attacking ${piece.name}s on ${board} for k = 0…${result.table.length - 1} (${total} placements in all):`);
  out(result.table.join(' '));
  if (!options.quiet) for (const [k, count] of result.table.entries()) out(`  k = ${String(k).padStart(3)}: ${count}`);
  out(renderStats(result));
  return EXIT.answered;
}
