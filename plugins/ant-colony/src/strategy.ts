import { no, option, overMemory, UsageError, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { Colony } from './colony.js';

const MAX_SQUARES = 2_500;

const options = {
  iterations: option.integer('iterations at most (the step budget also counts iterations)', { min: 1, default: 500 }),
  ants: option.integer('ants an iteration when a start square is given (default: one a square); without one, an ant starts on every square', { min: 1, max: 100_000 }),
  alpha: option.number('weight of the pheromone in an ant’s choice', { min: 0, max: 10, default: 1 }),
  beta: option.number("weight of Warnsdorff's degree in an ant's choice (0: pheromone only)", { min: 0, max: 10, default: 0 }),
  evaporation: option.number('fraction of the pheromone that evaporates each iteration', { min: 0, max: 1, default: 0.25 }),
  deposit: option.number('pheromone an ant lays on each move, times the fraction of the board it covered', { min: 0, max: 1e6, default: 1 }),
};

/**
 * The time model, calibrated by bench/sections/85-auto.ts: each iteration every ant walks, a step a square (a
 * zebra on 10×10, which never finds a tour, runs its 500 iterations of 100 ants in about 1 s).
 */
const MS_PER_RUN = 1;
const MS_PER_ANT_STEP = 2e-4;

/** An option as the task gives it, for estimates made before `run` checks it (a value it will refuse counts as the default). */
function optionAsked(instance: Instance, name: string, fallback: number): number {
  const n = Number(instance.task.options?.[name] ?? fallback);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export const antColony: SearchStrategy = {
  meta: {
    id: 'ant-colony',
    description: "Hingston and Kendall's ant colony: pheromone on moves, an ant from every start square each iteration",
    problems: ['tour'],
    goals: ['one'],
    stepUnit: 'squares',
    quality: 'squares not visited',
    stochastic: true,
    options,
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'tour') return no('it finds tours');
    const { piece, board } = instance;
    if (piece.attacks || piece.movement.rides.length > 0 || piece.movement.leaps.length === 0) {
      return no(`its ants follow leaps, and a ${piece.name} is not a leaper`);
    }
    if (board.playable > MAX_SQUARES) return no(`it is meant for small boards (at most ${MAX_SQUARES} squares)`);
    const ants = instance.start === undefined ? board.playable : optionAsked(instance, 'ants', board.playable);
    const bytes = 12 * board.size * piece.movement.leaps.length + 4 * ants * board.playable + 8 * board.size;
    const memory = overMemory(bytes, `the pheromone and the walks of ${ants} ants on ${board}`, instance);
    if (memory) return no(memory);
    // Slow and uncertain: the estimate is a run through every iteration, which is where a run that finds no tour ends.
    return yes(MS_PER_RUN + MS_PER_ANT_STEP * optionAsked(instance, 'iterations', 500) * ants * board.playable);
  },

  run(instance: Instance, context: RunContext): Outcome {
    if (instance.kind !== 'tour') throw new Error('ant-colony runs tours');
    const started = performance.now();
    const { board, piece, closed } = instance;
    const { alpha, beta, evaporation, deposit, ants, ...chosen } = context.options(options);
    const iterations = Math.min(chosen.iterations, context.clock.maxSteps);
    const settings = { alpha, beta, evaporation, deposit };
    const starts: number[] = [];
    if (instance.start !== undefined) {
      // A single ant a round converges on its first walk; a swarm from the same square keeps exploring.
      for (let i = 0; i < (ants ?? board.playable); i++) starts.push(instance.start);
    } else for (let sq = 0; sq < board.size; sq++) if (!board.isRemoved(sq)) starts.push(sq);
    const colony = new Colony(board, piece.movement, starts, settings);
    let best = 0;
    let bestWalk: Int32Array = new Int32Array();
    let nodes = 0;
    let toursFound = 0;
    let iteration = 0;
    const { trajectory } = context;
    const stats = () => ({ nodes, generations: iteration, timeMs: performance.now() - started, extra: { toursFound, ants: starts.length } });
    for (; iteration < iterations; iteration++) {
      if (context.clock.expired()) break;
      const lengths = colony.iterate(context.rng);
      let tours = 0;
      let first = -1;
      let sum = 0;
      for (let ant = 0; ant < lengths.length; ant++) {
        const length = lengths[ant]!;
        nodes += length;
        sum += length;
        // Squares not visited; a whole walk that does not close, where a closed tour is asked, lacks one move.
        if (trajectory) trajectory.improve(nodes, board.playable - length || (closed && !colony.closes(ant) ? 1 : 0));
        if (length === board.playable && (!closed || colony.closes(ant))) {
          tours++;
          if (first < 0) first = ant;
        }
        if (length > best) {
          best = length;
          bestWalk = colony.walk(ant);
        }
      }
      toursFound += tours;
      context.progress({ metrics: { tours, best, mean: sum / lengths.length }, done: iteration + 1, total: iterations });
      if (first >= 0) {
        iteration++;
        return { status: 'solved', solutions: [{ kind: 'tour', path: colony.walk(first), closed }], stats: stats() };
      }
    }
    const partial = {
      score: best,
      best: { kind: 'tour' as const, path: bestWalk, closed: false },
      note: `the longest walk covered ${best} of ${board.playable} squares in ${iteration} iterations`,
    };
    const reason = context.clock.reason;
    if (reason === 'aborted') return { status: 'aborted', partial, stats: stats() };
    return { status: 'budget', exhausted: reason === 'time' ? 'time' : 'steps', partial, stats: stats() };
  },
};
