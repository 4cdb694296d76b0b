import { impossibleTour, Rng, type SubTask, type Task } from '@bezzel/core';
import { noOrdering } from './orderings/none.js';
import { formatPrefix, parsePrefix } from './prefix.js';
import { countPlan, searchedFrom, type TourInstance } from './solve-tour.js';
import { TourSearch } from './tour-search.js';

/**
 * Prefixes are deepened at most this many moves below where they start: far more than enough for any number
 * of parts a pool asks for on a board worth splitting (each move multiplies them by up to the piece's degree).
 */
const MAX_PREFIX_MOVES = 24;

/**
 * Splits a tour count into sub-tasks whose weighted counts add up to the whole: the same task with option
 * `prefix`, one path the search takes from its start squares, and a weight. The paths start one per start
 * square the unsplit count searches (`countPlan`: for open tours without a start, one square per orbit under
 * the symmetries of the move graph, weighted by the orbit's size; otherwise the given start, or for closed
 * tours the fixed start the search uses, weight 1). All of them are deepened by one move, the moves the search
 * itself would try (so pruned and `oncePerCycle`-cut branches are left out, their count being 0), each keeping
 * its start's weight, until there are at least `parts`, the paths are whole tours, or the cap is reached. A
 * task that already has a prefix is split below it, with weight 1.
 *
 * Every tour the search counts from a searched start passes exactly one of the paths, so the weighted
 * sub-counts add up; each path is a distinct string (distinct starts, distinct moves below), which the pool
 * uses as the sub-task's checkpoint key. A tour that a theorem rules out gives no sub-tasks at all (a count of
 * 0), as the solver would answer it by theorem without searching.
 */
export function splitTour(instance: TourInstance, parts: number): SubTask[] {
  const { board, piece, closed, task } = instance;
  if (impossibleTour(board, piece, closed, instance.start)) return [];
  const search = new TourSearch(board, piece, noOrdering, new Rng(0));
  const given = parsePrefix(task.options?.prefix, board);
  // A given prefix is split below it, each piece with weight 1 (the prefix's own task carries its weight).
  const plan = countPlan(instance, search);
  let paths: WeightedPath[] =
    given ? (searchedFrom(instance, search, given) ? [{ path: given, weight: 1 }] : [])
    : plan.starts.map(({ square, weight }) => ({ path: [square], weight }));
  // The same rule the search runs a count with.
  const oncePerCycle = closed && search.graph.symmetric;
  const last = board.playable - 1;
  for (let moves = paths[0] ? paths[0].path.length - 1 : 0, deepened = 0; paths.length > 0 && paths.length < parts && moves < last && deepened < MAX_PREFIX_MOVES; moves++, deepened++) {
    const deeper: WeightedPath[] = [];
    for (const { path, weight } of paths) {
      const ends = plan.ends(path[0]!);
      const run = { start: path[0]!, closed, oncePerCycle, prefix: path.slice(1), ...(ends ? { ends } : {}) };
      for (const sq of search.nextSquares(run)) deeper.push({ path: [...path, sq], weight });
    }
    paths = deeper;
  }
  return paths.map(({ path, weight }) => ({ task: subTask(task, formatPrefix(path)), weight }));
}

/** A prefix and the number of start squares its start stands for. */
interface WeightedPath {
  readonly path: number[];
  readonly weight: number;
}

function subTask(task: Task, prefix: string): Task {
  return { ...task, strategy: 'backtracking', options: { ...task.options, prefix } };
}
