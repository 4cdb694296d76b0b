import { no, option, overMemory, singleLeap, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { BUDGET_STOP, GreedyTour, TIEBREAKS, walkBytes, walkMs } from '@bezzel/tour-graph';

/** Typed arrays are indexed by int32, so a board must stay below 2³¹ squares. */
const MAX_SQUARES = 0x7fffffff;

/** Why Warnsdorff's rule cannot walk this piece on this board, or undefined when it can. */
export function leaperProblem(instance: Instance): string | undefined {
  const { piece, board } = instance;
  if (piece.attacks) return `${piece.name} has a custom attack rule, and Warnsdorff's rule needs leap vectors`;
  if (piece.movement.rides.length > 0) {
    return `${piece.name} rides, and Warnsdorff's rule walks a leaper (a rider's moves depend on which squares it passes)`;
  }
  if (piece.movement.leaps.length === 0) return `${piece.name} has no leaps`;
  if (piece.movement.leaps.length > 255) return `${piece.name} has more than 255 leaps, more than a byte of degree can count`;
  if (board.size > MAX_SQUARES) return `${board} has more than 2³¹ squares`;
  return undefined;
}

const options = {
  tiebreak: option.choice('how to choose among equal degrees', TIEBREAKS, { default: 'roth' }),
  restarts: option.integer('further walks with random tie-breaks (and random starts when none is given) after a failed one', { min: 0, default: 0 }),
};

/**
 * The share of walks that succeed, measured on 5×5 to 16×16 from a corner and three other starts: open knight's tours
 * 33 of 36, king's and wazir's all, other leapers (zebra, giraffe) about one in ten, closed tours 5 of 96 (the rule
 * rarely ends next to the start). A walk that gets stuck answers nothing, and with the default tie-break a walk is
 * the same every time, so the time to an answer is a walk's time (walkMs) divided by this share.
 */
const SUCCESS = { knight: 0.9, short: 1, other: 0.1, closed: 0.05 } as const;

function successShare(instance: Extract<Instance, { kind: 'tour' }>): number {
  if (instance.closed) return SUCCESS.closed;
  const { leaps } = instance.piece.movement;
  const leap = singleLeap(instance.piece.movement);
  if (leap?.a === 1 && leap.b === 2) return SUCCESS.knight;
  return leaps.every((v) => Math.abs(v.dx) <= 1 && Math.abs(v.dy) <= 1) ? SUCCESS.short : SUCCESS.other;
}

export const warnsdorff: SearchStrategy = {
  meta: {
    id: 'warnsdorff',
    description: "Warnsdorff's rule: always move to the square with the fewest onward moves; any leaper, boards up to 10⁸ squares",
    problems: ['tour'],
    goals: ['one'],
    stepUnit: 'moves',
    stochastic: true,
    options,
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'tour') return no('it walks tours');
    const problem = leaperProblem(instance);
    if (problem) return no(problem);
    const memory = overMemory(walkBytes(instance.board), `its visited, degree and path arrays on ${instance.board}`, instance);
    if (memory) return no(memory);
    return yes(walkMs(instance.board) / successShare(instance));
  },

  run(instance: Instance, context: RunContext): Outcome {
    if (instance.kind !== 'tour') throw new Error('warnsdorff runs tours');
    const started = performance.now();
    const { tiebreak, restarts } = context.options(options);
    const { board, piece, closed } = instance;
    const greedy = new GreedyTour(board, piece.movement);
    const playable: number[] = [];
    let best = 0;
    let bestEnd = -1;
    // The longest walk, kept for a stopped run's answer (what a pipeline's next stage starts from); boards of
    // millions of squares keep only its length.
    let bestWalk: Int32Array | undefined;
    const keepWalks = board.playable <= 1_000_000;
    const bestOf = () => (bestWalk ? { best: { kind: 'tour' as const, path: bestWalk, closed: false } } : {});
    let attempt = 0;
    for (; attempt <= restarts; attempt++) {
      let start = instance.start;
      if (start === undefined) {
        if (attempt === 0 || board.playable > 1_000_000) start = firstPlayable(board);
        else {
          if (playable.length === 0) for (let s = 0; s < board.size; s++) if (!board.isRemoved(s)) playable.push(s);
          start = playable[context.rng.below(playable.length)]!;
        }
      }
      greedy.reset();
      const visited = greedy.walk(start, attempt === 0 ? tiebreak : 'random', context.rng, context.clock, context.trace);
      const stats = { nodes: greedy.nodes, restarts: attempt, timeMs: performance.now() - started };
      if (visited === BUDGET_STOP) {
        const partial = { score: best, ...bestOf(), note: `the best walk visited ${best} of ${board.playable} squares` };
        return context.clock.reason === 'aborted'
          ? { status: 'aborted', partial, stats }
          : { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : 'steps', partial, stats };
      }
      if (visited === greedy.playable && (!closed || greedy.closes(visited))) {
        if (context.trace) context.trace({ type: 'solution', index: 0 });
        return { status: 'solved', solutions: [{ kind: 'tour', path: greedy.path, closed }], stats };
      }
      if (visited > best) {
        best = visited;
        bestEnd = greedy.path[visited - 1]!;
        if (keepWalks) bestWalk = greedy.path.slice(0, visited);
      }
    }
    const why = best === board.playable ? 'every walk covered the board but none closed' : `the best walk got stuck on ${board.name(bestEnd)} after ${best} of ${board.playable} squares`;
    return {
      status: 'budget',
      exhausted: 'stuck',
      partial: { score: best, ...bestOf(), note: `${why} (${attempt} walk${attempt === 1 ? '' : 's'}; try -o restarts=N)` },
      stats: { nodes: greedy.nodes, restarts: attempt - 1, timeMs: performance.now() - started },
    };
  },
};

function firstPlayable(board: Instance['board']): number {
  let s = 0;
  while (board.isRemoved(s)) s++;
  return s;
}
