import { no, yes, type CountFloor, type Instance, type Outcome, type Piece, type RunContext, type SearchStrategy, type Solution, type Stats, type Support } from '@bezzel/core';
import { estimateTree, type TreeEstimate } from './estimate.js';
import { formulate, type ExactCover } from './formulation.js';
import { DancingLinks } from './links.js';
import { AlgorithmX } from './search.js';

type Placement = Extract<Instance, { kind: 'placement' }>;

/**
 * The time model, calibrated on the reference machine (2 cores) from n queens, n rooks and boards with holes
 * (see the README's table): a fixed cost, building the links (per link), and the search: per node (an option
 * chosen) and per update (a node taken out of its column, and put back), the tree's nodes and updates estimated by
 * Knuth's probes of the search itself; goal `all` streams each solution.
 */
const MS_PER_RUN = 2;
const MS_PER_LINK = 1e-4;
const MS_PER_NODE = 7e-5;
const MS_PER_UPDATE = 2.6e-5;
const MS_PER_STREAMED = 2.5e-3;
/**
 * A count or a listing visits each solution at least once, a leaf of the tree: the core's estimate of their number
 * (the probe backtracking and bitboard share, made once a board) gives a floor, taken at half for the two
 * estimates' noise. `auto` then leaves out building the matrix and probing the tree (12 ms for 16 queens) where
 * another strategy is cheaper anyway, and a command counting 16 queens does not load this plugin at all.
 */
const COUNT_FLOOR: CountFloor = { perSolution: MS_PER_NODE / 2 };

/** Estimates kept (a page or an experiment asks about many boards). */
const CACHED = 64;
const estimates = new WeakMap<Piece, Map<string, TreeEstimate>>();

function treeOf(instance: Placement, cover: ExactCover): TreeEstimate {
  const { board, piece, k } = instance;
  const key = `${board.width}x${board.height}:${board.removed.join(',')}:${board.torus}:${k}`;
  let perPiece = estimates.get(piece);
  if (!perPiece) estimates.set(piece, (perPiece = new Map()));
  let tree = perPiece.get(key);
  if (!tree) {
    tree = estimateTree(new DancingLinks(cover));
    if (perPiece.size >= CACHED) perPiece.delete(perPiece.keys().next().value!);
    perPiece.set(key, tree);
  }
  return tree;
}

/** Estimated milliseconds: the links, then the tree (to its first solution for goal `one`), then streaming. */
function estimatedMs(instance: Placement, cover: ExactCover): number {
  const tree = treeOf(instance, cover);
  const links = cover.squares.length * cover.families.length;
  const goal = instance.task.goal;
  let nodes = tree.nodes;
  let updates = tree.updates;
  if (goal === 'one') {
    // Depth-first order meets dead ends random probes do not (100 queens: no solution in 8 million nodes, 40
    // queens: one after 1,226), so, as bitboard does, the geometric middle of a restarting random search (a path
    // per try, 1/reached tries) and the whole tree.
    const tries = 1 / tree.reached;
    nodes = Math.sqrt(nodes * Math.min(nodes, instance.k * tries));
    updates = Math.sqrt(updates * Math.min(updates, tree.pathUpdates * tries));
  }
  const streamed = goal === 'all' ? MS_PER_STREAMED * tree.solutions : 0;
  return MS_PER_RUN + MS_PER_LINK * links + MS_PER_NODE * nodes + MS_PER_UPDATE * updates + streamed;
}

/** "ranks and files primary; diagonals and anti-diagonals secondary", for the stats. */
function describe(cover: ExactCover): string {
  const list = (primary: boolean) => {
    const names = cover.families.filter((f) => f.primary === primary).map((f) => `${f.name}s`);
    return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  };
  const secondary = list(false);
  return `${list(true)} primary${secondary ? `; ${secondary} secondary` : ''}`;
}

function run(instance: Instance, ctx: RunContext): Outcome {
  if (instance.kind !== 'placement') throw new Error('dlx solves placements only');
  const { board, piece, k } = instance;
  const goal = instance.task.goal;
  const formulation = formulate(board, piece, k);
  if (!formulation.ok) throw new Error(`dlx: run() called on a task supports() declined: ${formulation.reason}`);
  const cover = formulation.cover;
  const search = new AlgorithmX(new DancingLinks(cover));
  let first: Solution | undefined;
  const onSolution =
    goal === 'one' ? (squares: number[]) => ((first = { kind: 'placement', squares }), true)
    : goal === 'all' ? (squares: number[]) => (ctx.onSolution({ kind: 'placement', squares }), false)
    : undefined;
  const end = search.run({
    clock: ctx.clock,
    ...(onSolution ? { onSolution } : {}),
    progress: (nodes, solutions) => ctx.progress({ nodes, solutions: BigInt(solutions) }),
    ...(ctx.trace ? { trace: ctx.trace } : {}),
  });
  const stats: Stats = {
    nodes: search.nodes,
    timeMs: ctx.clock.elapsedMs(),
    extra: { updates: search.links.updates, columns: describe(cover), links: cover.squares.length * cover.families.length },
  };
  const count = BigInt(search.solutions);
  if (end === 'steps' || end === 'time' || end === 'aborted') {
    const partial = {
      ...(goal === 'one' ? { note: `no placement found in ${search.nodes} nodes` } : { count, note: `stopped after ${search.nodes} nodes` }),
      coverage: search.coverage(),
    };
    if (end === 'aborted') return { status: 'aborted', stats, partial };
    return { status: 'budget', exhausted: end, stats, partial };
  }
  if (goal === 'one') {
    if (first) return { status: 'solved', solutions: [first], stats };
    return {
      status: 'impossible',
      proof: 'exhausted',
      reason: `no ${k} ${piece.name}s fit on ${board} without attacking each other: Algorithm X found no exact cover`,
      stats,
    };
  }
  return { status: 'complete', count, stats };
}

/**
 * Knuth's Algorithm X with dancing links: a placement of pieces that attack along whole lines, as an exact cover of
 * the lines (those k must each hold a piece primary, the others secondary), the column with fewest options first.
 */
export const dlx: SearchStrategy = {
  meta: {
    id: 'dlx',
    description: "Knuth's Algorithm X with dancing links: pieces that attack along whole lines (queens, rooks) as an exact cover of the lines",
    problems: ['placement'],
    goals: ['one', 'all', 'count'],
    countFloor: COUNT_FLOOR,
  },
  supports(instance: Instance): Support {
    if (instance.kind !== 'placement') return no('it places pieces; it does not tour or dominate');
    const formulation = formulate(instance.board, instance.piece, instance.k);
    if (!formulation.ok) return no(formulation.reason);
    return yes(estimatedMs(instance, formulation.cover));
  },
  run,
};
