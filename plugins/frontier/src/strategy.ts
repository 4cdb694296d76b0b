import { no, option, overMemory, TOUR_DIRECTIONS, tourDirection, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { countWalks } from './dp.js';
import { frontierWidth, orderedGraph, type OrderedGraph } from './graph.js';

/** Frontier squares a state holds at most (4 bits each in three 32-bit words). */
export const MAX_FRONTIER = 24;

/**
 * The time and memory model, fitted on knights (bench in the README): the states after a vertex grow about
 * 3.4× a frontier square for closed tours (5 rows: 11 squares, about 1,600 states; 6 rows: 13, 20,000; 7 rows:
 * 15, 230,000), more for open ones, which also carry the tour's ends; each state costs about 2 µs a vertex.
 */
const STATE_GROWTH = 3.4;
const PATH_FACTOR = 6;
const MS_PER_STATE_VERTEX = 2e-3;
const BYTES_PER_STATE = 2 * 2 * (12 + 3 * 8 + 1);

const graphs = new WeakMap<object, Map<string, OrderedGraph>>();

function graphOf(instance: Extract<Instance, { kind: 'tour' }>): OrderedGraph {
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

/** States the DP will keep at most at once, by the model above. */
function statesGuess(width: number, paths: boolean): number {
  return STATE_GROWTH ** Math.max(0, width - 5) * (paths ? PATH_FACTOR : 1) * 10;
}

/**
 * Tour counts by frontier dynamic programming: the board is swept a line across its shorter side at a time,
 * and the state is how the squares on the frontier are joined by the partial tour (see `countWalks`). Counts
 * closed tours (Hamiltonian cycles) and open tours without a start (Hamiltonian paths) of any piece whose moves
 * go both ways; the work grows with the frontier (about twice the shorter side for a knight), not with the
 * number of tours: closed knight's tours of 6×40 in about a second.
 */
export const frontierDp: SearchStrategy = {
  meta: {
    id: 'frontier',
    description: 'tour counts by frontier dynamic programming over how the partial tour joins the squares of the sweep line: narrow boards of any length (6×40 closed knight\'s tours in about a second)',
    problems: ['tour'],
    goals: ['count'],
    options: {
      direction: option.choice(
        'directed (a tour and its reversal are two) or undirected (one); default: directed for open tours (OEIS A165134), undirected for closed ones (OEIS A001230)',
        TOUR_DIRECTIONS,
      ),
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
    const width = frontierWidth(graph);
    if (width > MAX_FRONTIER) return no(`its frontier on ${instance.board} is ${width} squares; a state holds at most ${MAX_FRONTIER}`);
    const states = statesGuess(width, !instance.closed);
    const memory = overMemory(states * BYTES_PER_STATE, `about ${Math.round(states).toLocaleString('en-US')} frontier states (a frontier of ${width} squares)`, instance);
    if (memory) return no(memory);
    return yes(1 + MS_PER_STATE_VERTEX * states * graph.n);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    if (instance.kind !== 'tour') throw new Error('frontier was run on a placement');
    const graph = graphOf(instance);
    const started = performance.now();
    const walk = instance.closed ? 'cycles' : 'paths';
    const direction = tourDirection(instance.task) ?? 'directed';
    const result = countWalks(
      graph,
      walk,
      (states) => ctx.clock.exhausted(states),
      (vertex, states) => {
        if ((vertex & 15) === 0) ctx.progress({ done: vertex, total: graph.n, message: `${states.toLocaleString('en-US')} states` });
      },
    );
    const stats = {
      nodes: result.states,
      timeMs: performance.now() - started,
      extra: { counted: direction, frontier: frontierWidth(graph), peakStates: result.peakStates, limbs: result.limbs },
    };
    if (result.count === undefined) {
      const note = 'the frontier DP stopped before the last square';
      return ctx.clock.reason === 'aborted' ? { status: 'aborted', stats, partial: { note } } : { status: 'budget', exhausted: ctx.clock.reason === 'steps' ? 'steps' : 'time', stats, partial: { note } };
    }
    // Each walk once; directed, each both ways (a path of one square is the same both ways).
    const both = direction === 'directed' && graph.n > 1 ? 2n : 1n;
    return { status: 'complete', count: result.count * both, stats };
  },
};
