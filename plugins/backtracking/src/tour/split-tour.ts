import { impossibleTour, Rng, type SubTask, type Task } from '@bezzel/core';
import { noOrdering } from './orderings/none';
import { formatPrefix, parsePrefix } from './prefix';
import { startSquares, type TourInstance } from './solve-tour';
import { TourSearch } from './tour-search';

/**
 * Prefixes are deepened at most this many moves below where they start: far more than enough for any number
 * of parts a pool asks for on a board worth splitting (each move multiplies them by up to the piece's degree).
 */
const MAX_PREFIX_MOVES = 24;

/**
 * Splits a tour count into sub-tasks whose counts add up to the whole: the same task with option `prefix`, one
 * path the search takes from its start squares, weight 1. The paths start one per start square (every square
 * for open tours without a start; the given start, or for closed tours the fixed start the search uses), and
 * all of them are deepened by one move, the moves the search itself would try (so pruned and
 * `oncePerCycle`-cut branches are left out, their count being 0) until there are at least `parts`, the paths
 * are whole tours, or the cap is reached. A task that already has a prefix is split below it.
 *
 * Every tour the search counts passes exactly one of the paths, so the sub-counts add up; each path is a
 * distinct string, which the pool uses as the sub-task's checkpoint key. A tour that a theorem rules out gives
 * no sub-tasks at all (a count of 0), as the solver would answer it by theorem without searching.
 */
export function splitTour(instance: TourInstance, parts: number): SubTask[] {
  const { board, piece, closed, task } = instance;
  if (impossibleTour(board, piece, closed, instance.start)) return [];
  const search = new TourSearch(board, piece, noOrdering, new Rng(0));
  const starts = startSquares(instance, search, false);
  const given = parsePrefix(task.options?.prefix, board);
  let paths: number[][] = given ? (starts.includes(given[0]!) ? [given] : []) : starts.map((sq) => [sq]);
  // The same rule the search runs a count with.
  const oncePerCycle = closed && search.graph.symmetric;
  const last = board.playable - 1;
  for (let moves = paths[0] ? paths[0].length - 1 : 0, deepened = 0; paths.length > 0 && paths.length < parts && moves < last && deepened < MAX_PREFIX_MOVES; moves++, deepened++) {
    const deeper: number[][] = [];
    for (const path of paths) {
      const run = { start: path[0]!, closed, oncePerCycle, prefix: path.slice(1) };
      for (const sq of search.nextSquares(run)) deeper.push([...path, sq]);
    }
    paths = deeper;
  }
  return paths.map((path) => ({ task: subTask(task, formatPrefix(path)), weight: 1 }));
}

function subTask(task: Task, prefix: string): Task {
  return { ...task, strategy: 'backtracking', options: { ...task.options, prefix } };
}
