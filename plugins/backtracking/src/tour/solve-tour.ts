import { alwaysChangesColour, UsageError, type Instance, type Outcome, type RunContext, type Solution, type Stats } from '@bezzel/core';
import { stopped } from '../outcome';
import { TOUR_ORDERING, type TourOrdering } from './ordering';
import { parsePrefix } from './prefix';
import { TourSearch, type TourVisitor } from './tour-search';

export type TourInstance = Extract<Instance, { kind: 'tour' }>;

export const DEFAULT_ORDERING = 'warnsdorff-roth';

/**
 * Runs the tour search for goal `one`, `all` or `count`.
 *
 * What is counted: open tours are directed paths from the given start, or from every start summed when none
 * is given (so 1728 on 5×5). Closed tours are undirected cycles: a cycle passes every square, so the start
 * does not change the number; from a fixed start each cycle is two paths, one each way round, and only the
 * one whose second square is smaller than its last is kept (so 9862 on 6×6). With one-way moves a cycle can be
 * run only one way, so there closed tours are directed cycles. Goal `all` streams exactly what `count` counts.
 *
 * Option `prefix` (a split sub-task, see `prefix.ts`) keeps only the tours the search reaches through that path:
 * its first square must be one the search starts from, and the counts of the prefixes `splitTour` makes add up
 * to the whole count.
 */
export function solveTour(instance: TourInstance, ctx: RunContext): Outcome {
  const orderingId = String(ctx.option('ordering') ?? DEFAULT_ORDERING);
  const ordering = ctx.part<TourOrdering>(TOUR_ORDERING, orderingId);
  if (!ordering) throw new UsageError('ERR_OPTION', `unknown tour ordering "${orderingId}"`);
  const outcome = searchTours(instance, ctx, ordering);
  // The seed reproduces the run only where the ordering draws on it; the result says so then.
  return ordering.stochastic ? { ...outcome, seed: ctx.rng.seed } : outcome;
}

function searchTours(instance: TourInstance, ctx: RunContext, ordering: TourOrdering): Outcome {
  const { board, piece, closed } = instance;
  const goal = instance.task.goal;
  const prefix = parsePrefix(ctx.option('prefix'), board);
  const search = new TourSearch(board, piece, ordering, ctx.rng);
  let starts = startSquares(instance, search, goal === 'one');
  if (prefix) starts = starts.includes(prefix[0]!) ? [prefix[0]!] : [];
  const after = prefix?.slice(1);

  let first: Solution | undefined;
  let visit: TourVisitor = () => false;
  if (goal === 'one') {
    visit = (path) => {
      first = { kind: 'tour', path: path.slice(), closed };
      return true;
    };
  } else if (goal === 'all') {
    visit = (path) => {
      ctx.onSolution({ kind: 'tour', path: path.slice(), closed });
      return false;
    };
  }
  const stats = (): Stats => ({
    nodes: search.nodes,
    backtracks: search.backtracks,
    timeMs: ctx.clock.elapsedMs(),
    extra: { ordering: ordering.id, longest: search.longest },
  });

  for (const [done, start] of starts.entries()) {
    const progress = (s: TourSearch) =>
      ctx.progress({ nodes: s.nodes, solutions: BigInt(s.solutions), done, total: starts.length, metrics: { longest: s.longest } });
    const run = { start, closed, oncePerCycle: closed && goal !== 'one' && search.graph.symmetric, ...(after ? { prefix: after } : {}) };
    const end = search.search(run, ctx.clock, visit, progress, ctx.trace);
    if (end === 'stopped') break;
    if (end !== 'done') {
      const note = `the longest path reached ${search.longest} of ${search.playable} squares`;
      const partial = goal === 'one' ? { score: search.longest, note } : { count: BigInt(search.solutions), score: search.longest, note };
      return stopped(end, stats(), partial);
    }
  }
  if (goal !== 'one') return { status: 'complete', count: BigInt(search.solutions), stats: stats() };
  if (first) return { status: 'solved', solutions: [first], stats: stats() };
  const kind = `${closed ? 'closed ' : ''}${piece.name}'s tour`;
  const reason =
    prefix ? `no ${kind} of ${board} begins ${prefix.map((sq) => board.name(sq)).join(' ')}: the search tried every path that does`
    : instance.start !== undefined ? `no ${kind} of ${board} starts on ${board.name(instance.start)}: the search tried every path from it`
    : closed ? `no ${kind} of ${board} exists: the search tried every path from ${board.name(starts[0]!)}, and a closed tour passes every square`
    : `no ${kind} of ${board} exists: the search tried every path from every square that could start one`;
  return { status: 'impossible', proof: 'exhausted', reason, stats: stats() };
}

/**
 * The squares to search from. A given start is the only one. A closed tour passes every square, so any one
 * start will do: the one with fewest moves. Open tours without a start: for counting every square; for one
 * tour, the squares with fewest moves first (corners, where Warnsdorff would begin), skipping squares that
 * colour parity rules out when every move changes colour (and colours hold: not across the seam of a torus
 * with an odd side).
 */
export function startSquares(instance: TourInstance, search: TourSearch, oneTour: boolean): number[] {
  const { board, piece, closed } = instance;
  if (instance.start !== undefined) return [instance.start];
  const squares: number[] = [];
  for (let sq = 0; sq < board.size; sq++) if (!board.isRemoved(sq)) squares.push(sq);
  if (!closed && !oneTour) return squares;
  const byDegree = squares.sort((a, b) => search.degree(a) - search.degree(b) || a - b);
  if (closed) return byDegree.slice(0, 1);
  const coloursHold = !board.torus || (board.width % 2 === 0 && board.height % 2 === 0);
  if (piece.attacks || !coloursHold || !alwaysChangesColour(piece.movement)) return byDegree;
  let light = 0;
  for (const sq of squares) if (board.colour(sq) === 0) light++;
  const dark = squares.length - light;
  if (light === dark) return byDegree;
  // A path alternates colours, so with one colour larger it starts and ends on that colour.
  const larger = light > dark ? 0 : 1;
  return byDegree.filter((sq) => board.colour(sq) === larger);
}
