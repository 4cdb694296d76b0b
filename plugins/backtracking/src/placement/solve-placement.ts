import { CanonicalTest, UsageError, validatePlacement, type Instance, type Outcome, type RunContext, type Solution, type Stats } from '@bezzel/core';
import { parsePlaced } from './placed.js';
import { stopped } from '../outcome.js';
import { PlacementSearch, type PlacementVisitor } from './placement-search.js';
import { placementSymmetries } from './symmetries.js';

type PlacementInstance = Extract<Instance, { kind: 'placement' }>;

/**
 * Runs the placement search for goal `one`, `all`, `count` or `count-fundamental`. With option `placed` it
 * completes a position: those pieces stay, and solutions (and counts) are the ways to add the rest.
 */
export function solvePlacement(instance: PlacementInstance, ctx: RunContext): Outcome {
  const { board, piece } = instance;
  const goal = instance.task.goal;
  const placed = parsePlaced(ctx.option('placed'), board);
  if (placed.length > 0) {
    if (goal === 'count-fundamental') throw new UsageError('ERR_OPTION', 'option placed fixes squares, so the board\'s symmetries no longer apply: count-fundamental does not take it');
    const why = placedProblem(instance, placed);
    if (why) return { status: 'impossible', proof: 'exhausted', reason: why, stats: { nodes: 0, timeMs: ctx.clock.elapsedMs() } };
  }
  const k = instance.k - placed.length;
  const search = new PlacementSearch(board, piece, k, placed);
  const canonical = goal === 'count-fundamental' ? new CanonicalTest(board, placementSymmetries(board, piece), k) : undefined;
  const placement = (squares: Int32Array): Solution => ({ kind: 'placement', squares: [...placed, ...squares.subarray(0, k)].sort((a, b) => a - b) });

  let first: Solution | undefined;
  let fundamental = 0;
  let visit: PlacementVisitor = () => false;
  if (goal === 'one') {
    visit = (squares) => {
      first = placement(squares);
      return true;
    };
  } else if (goal === 'all') {
    visit = (squares) => {
      ctx.onSolution(placement(squares));
      return false;
    };
  } else if (canonical) {
    // A solution is canonical when no symmetry maps it to a smaller one: exactly one per orbit.
    visit = (squares) => {
      if (canonical.isCanonical(squares, k)) fundamental++;
      return false;
    };
  }

  const end = search.run(ctx.clock, visit, (s) => ctx.progress({ nodes: s.nodes, solutions: BigInt(s.solutions) }), ctx.trace);
  const stats: Stats = {
    nodes: search.nodes,
    backtracks: search.backtracks,
    timeMs: ctx.clock.elapsedMs(),
    extra: { mode: search.rowByRow ? 'row by row' : 'increasing squares' },
  };
  const count = BigInt(search.solutions);

  if (end !== 'done' && end !== 'stopped') {
    const coverage = search.coverage();
    const partial = {
      ...(goal === 'one' ? { note: `no placement found in ${search.nodes} nodes` } : { count, note: `${count} found in ${search.nodes} nodes before stopping` }),
      ...(canonical ? { fundamental: BigInt(fundamental) } : {}),
      ...(coverage === undefined ? {} : { coverage }),
    };
    return stopped(end, stats, partial);
  }
  if (goal === 'one') {
    if (first) return { status: 'solved', solutions: [first], stats };
    return {
      status: 'impossible',
      proof: 'exhausted',
      reason:
        placed.length > 0
          ? `no ${k} more ${piece.name}${k === 1 ? '' : 's'} fit beside the ${placed.length} placed without attacking: the search tried every placement`
          : `no ${k} ${piece.name}s fit on ${board} without attacking each other: the search tried every placement`,
      stats,
    };
  }
  return { status: 'complete', count, ...(canonical ? { fundamental: BigInt(fundamental) } : {}), stats };
}

/** Why the placed pieces cannot be completed before any search (they attack each other, or are too many). */
function placedProblem(instance: PlacementInstance, placed: readonly number[]): string | undefined {
  const { board, piece, k } = instance;
  const report = validatePlacement(board, piece, placed);
  if (!report.valid) return `the placed pieces are not a legal start: ${[...report.errors, ...report.conflicts.map((c) => c.message)].join('; ')}`;
  if (placed.length > k) return `${placed.length} pieces are placed, more than the ${k} wanted`;
  return undefined;
}
