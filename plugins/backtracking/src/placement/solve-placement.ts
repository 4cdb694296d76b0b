import { CanonicalTest, type Instance, type Outcome, type RunContext, type Solution, type Stats } from '@bezzel/core';
import { stopped } from '../outcome.js';
import { PlacementSearch, type PlacementVisitor } from './placement-search.js';
import { placementSymmetries } from './symmetries.js';

type PlacementInstance = Extract<Instance, { kind: 'placement' }>;

/** Runs the placement search for goal `one`, `all`, `count` or `count-fundamental`. */
export function solvePlacement(instance: PlacementInstance, ctx: RunContext): Outcome {
  const { board, piece, k } = instance;
  const goal = instance.task.goal;
  const search = new PlacementSearch(board, piece, k);
  const canonical = goal === 'count-fundamental' ? new CanonicalTest(board, placementSymmetries(board, piece), k) : undefined;

  let first: Solution | undefined;
  let fundamental = 0;
  let visit: PlacementVisitor = () => false;
  if (goal === 'one') {
    visit = (squares) => {
      first = placement(squares, k);
      return true;
    };
  } else if (goal === 'all') {
    visit = (squares) => {
      ctx.onSolution(placement(squares, k));
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
      reason: `no ${k} ${piece.name}s fit on ${board} without attacking each other: the search tried every placement`,
      stats,
    };
  }
  return { status: 'complete', count, ...(canonical ? { fundamental: BigInt(fundamental) } : {}), stats };
}

function placement(squares: Int32Array, k: number): Solution {
  return { kind: 'placement', squares: Array.from(squares.subarray(0, k)) };
}
