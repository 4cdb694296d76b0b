import { alwaysChangesColour, tourDirection, UsageError, type Instance, type Outcome, type RunContext, type Solution, type Stats, type Task } from '@bezzel/core';
import { stopped } from '../outcome.js';
import { TOUR_ORDERING, type TourOrdering } from './ordering.js';
import { parsePrefix } from './prefix.js';
import { graphSymmetries, squareOrbits, startOrbits, type WeightedStart } from '@bezzel/tour-graph';
import { TourSearch, type TourVisitor } from './tour-search.js';

export type TourInstance = Extract<Instance, { kind: 'tour' }>;

export const DEFAULT_ORDERING = 'warnsdorff-roth';

/**
 * Runs the tour search for goal `one`, `all` or `count`.
 *
 * What is counted: open tours are directed paths from the given start, or from every start summed when none
 * is given (so 1728 on 5×5; that sum is counted from one start per orbit of squares under the symmetries of
 * the move graph, times the orbit's size, and each tour walked once with its reversal counted by symmetry: see
 * `countPlan`). Closed tours are undirected cycles: a cycle
 * passes every square, so the start does not change the number; from a fixed start each cycle is two paths,
 * one each way round, and only the one whose second square is smaller than its last is kept (so 9862 on 6×6).
 * With one-way moves a cycle can be run only one way, so there closed tours are directed cycles. Goal `all`
 * streams exactly what `count` counts (searching from every start).
 *
 * Option `prefix` (a split sub-task, see `prefix.ts`) keeps only the tours the search reaches through that path:
 * its first square must be one the search starts from, and the counts of the prefixes `splitTour` makes add up
 * to the whole count.
 */
export function solveTour(instance: TourInstance, ctx: RunContext): Outcome {
  // A count walks the whole tree, whose nodes are the same in any order of the moves (each node's pruning looks
  // at its own path only): ordering them only costs time (6×6 open: 5–10%), so a count does not, unless asked to.
  const counting = instance.task.goal === 'count' && instance.task.options?.['ordering'] === undefined;
  const orderingId = counting ? 'none' : String(ctx.option('ordering') ?? DEFAULT_ORDERING);
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
  const plan = goal === 'count' ? countPlan(instance, search) : undefined;
  // A prefix is counted alone (its sub-task carries the weight); a whole count searches one start per orbit.
  const starts: WeightedStart[] =
    prefix ? (searchedFrom(instance, search, prefix) ? [{ square: prefix[0]!, weight: 1 }] : [])
    : plan ? plan.starts
    : startSquares(instance, search, goal === 'one').map((square) => ({ square, weight: 1 }));
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
    extra: { ordering: ordering.id, longest: search.longest, ...(plan ? { counted: plan.direction } : {}), ...(plan && !closed && instance.start === undefined ? { reversal: plan.reversal ? 'each tour walked once' : 'each tour walked both ways' } : {}) },
  });

  // Tours of the starts finished so far, each start's weighted by the start squares it stands for.
  let count = 0n;
  for (const [done, { square: start, weight }] of starts.entries()) {
    const before = search.units;
    const counted = (s: TourSearch) => count + BigInt(weight) * BigInt(s.units - before);
    const progress = (s: TourSearch) =>
      ctx.progress({ nodes: s.nodes, solutions: counted(s), done, total: starts.length, metrics: { longest: s.longest } });
    const ends = plan?.ends(start);
    const run = { start, closed, oncePerCycle: closed && goal !== 'one' && search.graph.symmetric, ...(after ? { prefix: after } : {}), ...(ends ? { ends } : {}) };
    const end = search.search(run, ctx.clock, visit, progress, ctx.trace);
    if (end === 'stopped') break;
    if (end !== 'done') {
      const note = `the longest path reached ${search.longest} of ${search.playable} squares`;
      const partial = goal === 'one' ? { score: search.longest, note } : { count: counted(search), score: search.longest, note };
      return stopped(end, stats(), partial);
    }
    count = counted(search);
  }
  if (goal !== 'one') return { status: 'complete', count, stats: stats() };
  if (first) return { status: 'solved', solutions: [first], stats: stats() };
  const kind = `${closed ? 'closed ' : ''}${piece.name}'s tour`;
  const reason =
    prefix ? `no ${kind} of ${board} begins ${prefix.map((sq) => board.name(sq)).join(' ')}: the search tried every path that does`
    : instance.start !== undefined ? `no ${kind} of ${board} starts on ${board.name(instance.start)}: the search tried every path from it`
    : closed ? `no ${kind} of ${board} exists: the search tried every path from ${board.name(starts[0]!.square)}, and a closed tour passes every square`
    : `no ${kind} of ${board} exists: the search tried every path from every square that could start one`;
  return { status: 'impossible', proof: 'exhausted', reason, stats: stats() };
}

/** How a count walks: the squares it searches from, each weighted, and the ends each search may stop on. */
export interface CountPlan {
  /** The squares searched from, each with the weight its tours are counted with. */
  readonly starts: WeightedStart[];
  /** What the count counts (see `tourDirection` in core). */
  readonly direction: 'directed' | 'undirected';
  /** True when each tour is walked once and its reversal counted by symmetry. */
  readonly reversal: boolean;
  /** The units a tour from `start` counts for by its end square (`TourRun.ends`); undefined: every end, 1 unit. */
  ends(start: number): Uint8Array | undefined;
}

/**
 * The plan of a count: the squares it searches from, their weights, and the ends allowed from each.
 *
 * An open count without a start sums the tours from every square; a symmetry of the board that maps the move
 * graph onto itself maps the tours from one square one to one onto those from its image, so one square per orbit
 * (the smallest) is searched and weighted by the orbit's size. With moves that go both ways (option `reversal`,
 * the default) each tour is walked once, not once from each end: numbering the orbits, a tour whose ends lie in
 * orbits O < O' is walked only from O (its reversal, from O', is the same tour), and one with both ends in O
 * from either end. So from O the path may end only in O or a later orbit — a restriction the search prunes by
 * (no allowed end left unvisited, or a square stranded where it may not end) — and a tour ending in a later
 * orbit counts 2 directed tours, one ending in O counts 1 (its reversal is met from the other end, in the same
 * orbit). Summed with the orbit sizes as weights: Σ |O| (2·later + same) = every directed tour. Undirected, each
 * tour once: the same units with weight |O|/2 (every orbit of a symmetry group of the square has even size but
 * a fixed point, and no tour has both ends on one square). Every other count (a given start, closed tours)
 * searches the squares `startSquares` gives, with weight 1 (2 for closed tours counted directed, each cycle
 * both ways round), as does a piece with its own `attacks` rule.
 */
export function countPlan(instance: TourInstance, search: TourSearch): CountPlan {
  const symmetric = search.graph.symmetric && !instance.magic;
  // One-way moves: a cycle runs one way only, so closed tours are directed cycles, each once.
  const direction = symmetric ? (tourDirection(instance.task) ?? 'directed') : 'directed';
  if (instance.task.options?.direction === 'undirected' && !symmetric) {
    throw new UsageError('ERR_OPTION', `option direction=undirected needs moves that can be walked back; the ${instance.piece.name}'s cannot, so its tours are counted directed`);
  }
  const squares = startSquares(instance, search, false);
  const none = () => undefined;
  if (instance.closed || instance.start !== undefined) {
    // Closed tours are counted once per cycle; directed, each cycle both ways round.
    const weight = instance.closed && direction === 'directed' && symmetric ? 2 : 1;
    return { starts: squares.map((square) => ({ square, weight })), direction, reversal: false, ends: none };
  }
  const perms = graphSymmetries(instance.board, instance.piece, search.graph);
  const orbits = startOrbits(squares, perms);
  if (!symmetric || !reversalOption(instance.task) || search.playable < 2 || orbits.some((o) => o.weight > 1 && o.weight % 2 === 1)) {
    return { starts: orbits, direction: 'directed', reversal: false, ends: none };
  }
  const orbitOf = squareOrbits(instance.board.size, squares, perms);
  const endColour = pathEndColour(instance);
  const undirected = direction === 'undirected';
  const starts = orbits.map(({ square, weight }) => ({ square, weight: undirected && weight > 1 ? weight / 2 : weight }));
  const cache = new Map<number, Uint8Array>();
  const ends = (start: number): Uint8Array => {
    const own = orbitOf[start]!;
    let units = cache.get(own);
    if (!units) {
      const single = orbits[own]!.weight === 1;
      units = new Uint8Array(instance.board.size);
      for (const sq of squares) {
        const o = orbitOf[sq]!;
        if (endColour && endColour(start) !== instance.board.colour(sq)) continue;
        // A singleton orbit counted undirected: each tour from it once (no tour ends where it starts).
        units[sq] = o > own ? (undirected && single ? 1 : 2) : o === own ? 1 : 0;
      }
      cache.set(own, units);
    }
    return units;
  };
  return { starts, direction, reversal: true, ends };
}

/**
 * The colour a tour from each square must end on, when colours decide it: a piece that always changes colour
 * alternates them, so a path of an even number of squares ends on the other colour, an odd one on its own. A
 * search restricted to allowed ends (see `countPlan`) then prunes as soon as no end of that colour is left.
 */
function pathEndColour(instance: TourInstance): ((start: number) => number) | undefined {
  const { board, piece } = instance;
  const coloursHold = !board.torus || (board.width % 2 === 0 && board.height % 2 === 0);
  if (piece.attacks || !coloursHold || !alwaysChangesColour(piece.movement)) return undefined;
  const flip = (board.playable - 1) % 2;
  return (start) => board.colour(start) ^ flip;
}

/** The squares a count searches from, each with its weight (see `countPlan`). */
export function countStarts(instance: TourInstance, search: TourSearch): WeightedStart[] {
  return countPlan(instance, search).starts;
}

/** Option `reversal` as the task gives it (the checked value in a run, the raw one where a count is split). */
function reversalOption(task: Task): boolean {
  const value = task.options?.reversal;
  return !(value === false || value === 0 || (typeof value === 'string' && /^(false|no|0)$/i.test(value.trim())));
}

/**
 * Whether a prefix begins on a square the search starts from: only then does it count any tours, as the whole
 * search (and so the sum of its split) never reaches a path from another square.
 */
export function searchedFrom(instance: TourInstance, search: TourSearch, prefix: readonly number[]): boolean {
  return startSquares(instance, search, false).includes(prefix[0]!);
}

/**
 * The squares to search from. A given start is the only one. A closed tour passes every square, so any one
 * start will do: the one with fewest moves. Open tours without a start: for counting every square; for one
 * tour, the squares with fewest moves first (corners, where Warnsdorff would begin), skipping squares that
 * colour parity rules out when every move changes colour (and colours hold: not across the seam of a torus
 * with an odd side).
 */
function startSquares(instance: TourInstance, search: TourSearch, oneTour: boolean): number[] {
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
