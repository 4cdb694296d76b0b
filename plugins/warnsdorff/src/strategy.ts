import { no, UsageError, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { BUDGET_STOP, GreedyTour, TIEBREAKS, type Tiebreak } from './greedy.js';

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

/** Reads an option that must be a whole number from `min` upwards, naming it in the error a user reads. */
export function wholeOption(context: RunContext, name: string, fallback: number, min = 0): number {
  const value = context.option(name) ?? fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError('ERR_OPTION', `option ${name} must be a whole number from ${min}, not ${String(value)}`);
  return n;
}

export function tiebreakOption(context: RunContext): Tiebreak {
  const value = String(context.option('tiebreak') ?? 'roth');
  if (!(TIEBREAKS as readonly string[]).includes(value)) {
    throw new UsageError('ERR_OPTION', `unknown tiebreak "${value}"; choose one of: ${TIEBREAKS.join(', ')}`);
  }
  return value as Tiebreak;
}

export const warnsdorff: SearchStrategy = {
  meta: {
    id: 'warnsdorff',
    description: "Warnsdorff's rule: always move to the square with the fewest onward moves; any leaper, boards up to 10⁸ squares",
    problems: ['tour'],
    goals: ['one'],
    stochastic: true,
    options: [
      { name: 'tiebreak', description: `how to choose among equal degrees: ${TIEBREAKS.join(', ')}`, default: 'roth' },
      { name: 'restarts', description: 'further walks with random tie-breaks (and random starts when none is given) after a failed one', default: 0 },
    ],
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'tour') return no('it walks tours');
    const problem = leaperProblem(instance);
    if (problem) return no(problem);
    // Fast but it may get stuck, so `auto` prefers a search that cannot (backtracking, divide-conquer) where one applies.
    return yes(200 + instance.board.size / 50_000);
  },

  run(instance: Instance, context: RunContext): Outcome {
    if (instance.kind !== 'tour') throw new Error('warnsdorff runs tours');
    const started = performance.now();
    const tiebreak = tiebreakOption(context);
    const restarts = wholeOption(context, 'restarts', 0);
    const { board, piece, closed } = instance;
    const greedy = new GreedyTour(board, piece.movement);
    const playable: number[] = [];
    let best = 0;
    let bestEnd = -1;
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
        const partial = { score: best, note: `the best walk visited ${best} of ${board.playable} squares` };
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
      }
    }
    const why = best === board.playable ? 'every walk covered the board but none closed' : `the best walk got stuck on ${board.name(bestEnd)} after ${best} of ${board.playable} squares`;
    return {
      status: 'budget',
      exhausted: 'stuck',
      partial: { score: best, note: `${why} (${attempt} walk${attempt === 1 ? '' : 's'}; try -o restarts=N)` },
      stats: { nodes: greedy.nodes, restarts: attempt - 1, timeMs: performance.now() - started },
    };
  },
};

function firstPlayable(board: Instance['board']): number {
  let s = 0;
  while (board.isRemoved(s)) s++;
  return s;
}
