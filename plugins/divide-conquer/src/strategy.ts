import { no, overMemory, singleLeap, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { BUDGET_STOP, GreedyTour, walkBytes, walkMs } from '@bezzel/tour-graph';
import { assembleLinks, walkLinks, type Layout } from './assemble.js';
import { findPath } from './path-search.js';
import { closedLayout, openLayout } from './plan.js';

/** Restarts of the Warnsdorff fallback (3×n and 4×n boards, and anything the blocks cannot cover). */
const FALLBACK_WALKS = 200;
/**
 * The time model, calibrated by bench/sections/85-auto.ts: blocks are copied and joined in time linear in the
 * squares (1000×1000: 17 ms). Narrow boards pay for Warnsdorff walks, up to FALLBACK_WALKS of them (the estimate counts them all).
 */
const MS_PER_RUN = 0.15;
const MS_PER_SQUARE = 1.7e-5;
/** Bytes a square: two bytes of links and an Int32 of the path. */
const BYTES_PER_SQUARE = 6;
/** Boards up to this size get a depth-first search when Warnsdorff fails (closed 3×n tours, which it never closes). */
const SEARCH_SQUARES = 600;

/** The blocks for this instance: a cycle whenever the board has a closed tour (rotated to any start), else a path. */
export function layoutFor(width: number, height: number, start: number | undefined, closed: boolean): Layout | undefined {
  if (Math.min(width, height) < 5) return undefined;
  const cycle = closedLayout(width, height);
  if (cycle || closed) return cycle;
  return openLayout(width, height, start ?? 0);
}

export const divideConquer: SearchStrategy = {
  meta: {
    id: 'divide-conquer',
    description: "knight's tours in linear time: small structured base tours joined by swapping edges (after Parberry 1997, Lin and Wei 2005)",
    problems: ['tour'],
    goals: ['one'],
    stepUnit: 'moves',
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'tour') return no('it builds tours');
    const { piece, board } = instance;
    const leap = piece.attacks ? undefined : singleLeap(piece.movement);
    if (!leap || leap.a !== 1 || leap.b !== 2) return no(`it joins knight's tours, and a ${piece.name} is not a knight`);
    if (board.hasRemoved() || board.torus) return no('its blocks tile a plain rectangle, without removed squares or wrap-around');
    if (board.size > 0x7fffffff) return no(`${board} has more than 2³¹ squares`);
    // Certain and linear on boards whose sides are 5 or more; narrower boards fall back to Warnsdorff's walks.
    const blocks = Math.min(board.width, board.height) >= 5;
    const memory = overMemory(blocks ? BYTES_PER_SQUARE * board.size : walkBytes(board), `its links and path on ${board}`, instance);
    if (memory) return no(memory);
    return yes(blocks ? MS_PER_RUN + MS_PER_SQUARE * board.size : FALLBACK_WALKS * walkMs(board));
  },

  run(instance: Instance, context: RunContext): Outcome {
    if (instance.kind !== 'tour') throw new Error('divide-conquer builds tours');
    const started = performance.now();
    const { board, closed, start } = instance;
    const layout = layoutFor(board.width, board.height, start, closed);
    if (layout) {
      const { a, b } = assembleLinks(layout);
      // A cycle may be entered anywhere; an open layout was built with its path starting on this square.
      const path = walkLinks(board.width, a, b, start ?? 0, board.size);
      const blocks = layout.columns.length * layout.rows.length;
      return {
        status: 'solved',
        // A layout of cycles closes even when only an open tour was asked for; say so.
        solutions: [{ kind: 'tour', path, closed: closed || endsMeet(board.width, path) }],
        stats: { nodes: board.size, timeMs: performance.now() - started, extra: { blocks, method: layout.special ? 'blocks+path' : 'blocks' } },
      };
    }
    return fallback(instance, context, started);
  },
};

/** Warnsdorff from the start square with random tie-breaks between walks, for boards the blocks do not cover. */
function fallback(instance: Instance & { kind: 'tour' }, context: RunContext, started: number): Outcome {
  const { board, piece, closed } = instance;
  const greedy = new GreedyTour(board, piece.movement);
  let best = 0;
  for (let walk = 0; walk < FALLBACK_WALKS; walk++) {
    greedy.reset();
    const visited = greedy.walk(instance.start ?? 0, walk === 0 ? 'roth' : 'random', context.rng, context.clock);
    const stats = { nodes: greedy.nodes, restarts: walk, timeMs: performance.now() - started, extra: { method: 'warnsdorff' } };
    if (visited === BUDGET_STOP) {
      const partial = { score: best, note: `Warnsdorff fallback: the best walk visited ${best} of ${board.size} squares` };
      return context.clock.reason === 'aborted'
        ? { status: 'aborted', partial, stats }
        : { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : 'steps', partial, stats };
    }
    if (visited === board.size && (!closed || greedy.closes(visited))) {
      return { status: 'solved', solutions: [{ kind: 'tour', path: greedy.path, closed }], stats };
    }
    best = Math.max(best, visited);
  }
  const path = board.size <= SEARCH_SQUARES ? narrowSearch(board.width, board.height, instance.start, closed) : undefined;
  if (path) {
    return { status: 'solved', solutions: [{ kind: 'tour', path, closed }], stats: { nodes: greedy.nodes, restarts: FALLBACK_WALKS, timeMs: performance.now() - started, extra: { method: 'search' } } };
  }
  return {
    status: 'budget',
    exhausted: 'stuck',
    partial: { score: best, note: `no block layout for ${board}, and ${FALLBACK_WALKS} Warnsdorff walks got at most ${best} of ${board.size} squares` },
    stats: { nodes: greedy.nodes, restarts: FALLBACK_WALKS - 1, timeMs: performance.now() - started, extra: { method: 'warnsdorff' } },
  };
}

/**
 * A bounded depth-first search for a narrow board: a closed tour as a path from (1,2) to the corner next to it,
 * turned to begin at the start square; an open tour as a path from the start square.
 */
function narrowSearch(width: number, height: number, start: number | undefined, closed: boolean): Int32Array | undefined {
  if (!closed) return findPath({ width, height, start: start ?? 0, end: -1 }, width * 31 + height, 7);
  const cycle = findPath({ width, height, start: width + 2, end: 0 }, width * 31 + height, 7);
  if (!cycle || start === undefined) return cycle;
  const at = cycle.indexOf(start);
  const turned = new Int32Array(cycle.length);
  turned.set(cycle.subarray(at));
  turned.set(cycle.subarray(0, at), cycle.length - at);
  return turned;
}

/** Whether the last square of a knight's path is a knight's move from the first. */
function endsMeet(width: number, path: Int32Array): boolean {
  const first = path[0]!;
  const last = path[path.length - 1]!;
  const dx = Math.abs((first % width) - (last % width));
  const dy = Math.abs(Math.trunc(first / width) - Math.trunc(last / width));
  return dx * dy === 2;
}
