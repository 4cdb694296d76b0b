import { no, option, TOUR_DIRECTIONS, tourDirection, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { countWalks } from './dp.js';
import { frontierWidth, orderedGraph, type OrderedGraph } from './graph.js';
import { MAX_SLOTS } from './plan.js';
import { chooseRoute, type Route } from './route.js';
import { runSpilled, spillProblem } from './run-spilled.js';
import { SPILL_SLOTS } from './spill-sweep.js';

/** Frontier squares a state holds at most (4 bits each in three 32-bit words). */
export const MAX_FRONTIER = MAX_SLOTS;

type TourInstance = Extract<Instance, { kind: 'tour' }>;

const graphs = new WeakMap<object, Map<string, OrderedGraph>>();

function graphOf(instance: TourInstance): OrderedGraph {
  const key = `${instance.board.width}x${instance.board.height}:${instance.board.torus ? 't' : ''}:${instance.board.removed.join(',')}`;
  let perPiece = graphs.get(instance.piece);
  if (!perPiece) graphs.set(instance.piece, (perPiece = new Map()));
  let graph = perPiece.get(key);
  if (!graph) {
    graph = orderedGraph(instance.board, instance.piece);
    if (perPiece.size >= 32) perPiece.delete(perPiece.keys().next().value!);
    perPiece.set(key, graph);
  }
  return graph;
}

/** Threads a run with its states on disk uses: `-o threads`, else every core. */
function threadsOf(instance: Instance): number {
  const asked = instance.task.options?.['threads'];
  return asked !== undefined ? Number(asked) : availableParallelism();
}

function routeOf(instance: TourInstance): Route | { readonly refused: string } {
  return chooseRoute(instance, graphOf(instance), threadsOf(instance));
}

/**
 * Tour counts by frontier dynamic programming: the board is swept a line across its shorter side at a time,
 * and the state is how the squares on the frontier are joined by the partial tour (see `countWalks`). Counts
 * closed tours (Hamiltonian cycles) and open tours without a start (Hamiltonian paths) of any piece whose moves
 * go both ways; the work grows with the frontier (about twice the shorter side for a knight), not with the
 * number of tours. It picks its own way (`chooseRoute`): a narrow board in memory, reusing stored transitions
 * (6×40 closed in seconds); a wide one with its states on disk, worked out by every core (7×8, 8×8).
 */
export const frontierDp: SearchStrategy = {
  meta: {
    id: 'frontier',
    description: "tour counts by frontier dynamic programming over how the partial tour joins the squares of the sweep line: narrow boards of any length (6×40 closed knight's tours in seconds) in memory, wider ones with their states on disk and every core (7×8 closed in seconds, 8×8 closed and 7×7 open in minutes); a stopped run resumes",
    problems: ['tour'],
    goals: ['count'],
    options: {
      direction: option.choice(
        'directed (a tour and its reversal are two) or undirected (one); default: directed for open tours (OEIS A165134), undirected for closed ones (OEIS A001230)',
        TOUR_DIRECTIONS,
      ),
      spill: option.text(
        'a directory for the states between squares, on disk (boards whose frontier is at most 16 squares: 8×8, 7×n); without it a big count keeps them in a fresh directory under the system\'s temporary folder, removed when the count is in. Written as the run goes: the same command with the same directory resumes where a stopped run was',
        { min: 1 },
      ),
      threads: option.integer('threads working out the groups of states of a run with its states on disk (default: every core)', { min: 1, max: 256 }),
    },
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'tour') return no('it counts tours');
    if (instance.task.goal !== 'count') return no('it counts tours; it does not find one');
    if (instance.start !== undefined) return no('it counts tours from anywhere; a given start is for backtracking');
    if (instance.magic) return no('a magic tour depends on the numbering, which the frontier does not keep');
    if (instance.piece.attacks) return no(`the ${instance.piece.name} has its own attack rule; its moves are taken from its vectors only by search`);
    if (instance.board.playable > 100_000) return no(`${instance.board} has more squares than a count could ever finish`);
    const graph = graphOf(instance);
    if (!graph.symmetric) return no(`the ${instance.piece.name}'s moves cannot all be made back, so a tour is not the same walked backwards`);
    // A directory given that cannot take the states says so first (its free space is then not the question).
    const spill = instance.task.options?.['spill'];
    if (spill !== undefined && frontierWidth(graph) - 1 <= SPILL_SLOTS) {
      const problem = spillProblem(instance, graph, resolve(String(spill)));
      if (problem) return no(problem);
    }
    const route = routeOf(instance);
    if ('refused' in route) return no(route.refused);
    return yes(route.ms);
  },

  run(instance: Instance, ctx: RunContext): Outcome | Promise<Outcome> {
    if (instance.kind !== 'tour') throw new Error('frontier was run on a placement');
    const graph = graphOf(instance);
    const route = routeOf(instance);
    if ('refused' in route) throw new Error(`frontier was run on a count it declines: ${route.refused}`);
    if (route.kind === 'spilled') return runSpilled(instance, graph, ctx, route);
    const started = performance.now();
    const walk = instance.closed ? 'cycles' : 'paths';
    const direction = tourDirection(instance.task) ?? 'directed';
    const store = route.kind === 'stored';
    const result = countWalks(
      graph,
      walk,
      (states) => ctx.clock.exhausted(states),
      (vertex, states) => {
        if ((vertex & 15) === 0 || !store) ctx.progress({ done: vertex, total: graph.n, message: `${states.toLocaleString('en-US')} states` });
      },
      store,
    );
    const stats = {
      nodes: result.states,
      timeMs: performance.now() - started,
      extra: { counted: direction, frontier: frontierWidth(graph), peakStates: result.peakStates, stepped: result.built, limbs: result.limbs },
    };
    if (result.count === undefined) {
      const note = 'the frontier DP stopped before the last square';
      return ctx.clock.reason === 'aborted' ? { status: 'aborted', stats, partial: { note } } : { status: 'budget', exhausted: ctx.clock.reason === 'steps' ? 'steps' : 'time', stats, partial: { note } };
    }
    // Each walk once; directed, each both ways (a path of one square is the same both ways).
    const both = direction === 'directed' && graph.n > 1 ? 2n : 1n;
    return { status: 'complete', count: result.count * both, stats };
  },

  /**
   * A count in memory is one sub-task, the whole, so `--workers`, `--checkpoint` or `--queue` with `auto` still
   * take the frontier rather than a splitter that is far slower (backtracking 6×30 would never end). A count
   * with its states on disk does not split at all: it runs its own threads, and its directory is its checkpoint.
   * Nothing is cut into parts: a part of a frontier sweep repeats most of the whole (8×8 in 16 parts: each held
   * a quarter of the states a line after the cut).
   */
  split(instance: Instance) {
    if (instance.kind !== 'tour' || instance.task.goal !== 'count') return undefined;
    const graph = graphOf(instance);
    if (!graph.symmetric) return undefined;
    const route = routeOf(instance);
    if ('refused' in route || route.kind === 'spilled') return undefined;
    return [{ task: instance.task, weight: 1 }];
  },
};
