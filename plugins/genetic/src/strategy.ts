import { decodeSquares, no, option, overMemory, unwrap, UsageError, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support, type TraceEvent } from '@bezzel/core';
import { Population, type GeneticSettings } from './population.js';
import { REPAIR_KIND, type TourRepair } from './repair.js';
import { MoveTable, TourWalk } from './walk.js';

/** A chromosome has a gene a square; beyond this the algorithm is hopeless and the arrays pointless. */
const MAX_SQUARES = 10_000;

const options = {
  population: option.integer('chromosomes a generation', { min: 2, max: 100_000, default: 50 }),
  generations: option.integer('generations at most (the step budget also counts generations)', { min: 1, default: 2000 }),
  tournament: option.integer('k of the k-tournament selection', { min: 1, max: 1000, default: 3 }),
  crossoverAfter: option.integer('genes taken from one parent before switching to the other (K)', { min: 1, max: 1_000_000, default: 3 }),
  crossoverRate: option.number('chance that a child is bred by crossover rather than copied', { min: 0, max: 1, default: 0.9 }),
  mutationRate: option.number("chance that a child's tail is regenerated from a random gene", { min: 0, max: 1, default: 0.1 }),
  elitism: option.integer('best chromosomes copied unchanged into the next generation (fewer than the population)', { min: 0, max: 1000, default: 1 }),
  repair: option.part('how an illegal move is repaired', REPAIR_KIND, { default: 'warnsdorff' }),
  repairFrom: option.number('fraction of the generations after which repair is switched on', { min: 0, max: 1, default: 0.3 }),
  start: option.start("a walk to seed the first generation with (each chromosome takes a random part of it, then random moves): how a pipeline hands on, as warnsdorff,genetic"),
};

/**
 * The time model, calibrated by bench/sections/85-auto.ts: each generation breeds and walks every chromosome, a
 * gene a square (a zebra on 10×10, which never finds a tour, runs its 2000 generations of 50 in about 0.8 s).
 */
const MS_PER_RUN = 1;
const MS_PER_GENE = 8e-5;

/** An option as the task gives it, for estimates made before `run` checks it (a value it will refuse counts as the default). */
function optionAsked(instance: Instance, name: string, fallback: number): number {
  const n = Number(instance.task.options?.[name] ?? fallback);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export const genetic: SearchStrategy = {
  meta: {
    id: 'genetic',
    description: 'a genetic algorithm on move sequences (Al-Gharaibeh et al. 2007), with Warnsdorff repair switched on part-way',
    problems: ['tour'],
    goals: ['one'],
    // What a step budget limits is a generation, so a step is one: squares walked are an extra statistic.
    stepUnit: 'generations',
    quality: 'squares not visited',
    stochastic: true,
    options,
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'tour') return no('it evolves tours');
    const { piece, board } = instance;
    if (piece.attacks || piece.movement.rides.length > 0 || piece.movement.leaps.length === 0) {
      return no(`its genes are leaps, and a ${piece.name} is not a leaper`);
    }
    if (board.playable > MAX_SQUARES) return no(`it is meant for small boards (at most ${MAX_SQUARES} squares), and ${board} has ${board.playable}`);
    const population = optionAsked(instance, 'population', 50);
    const bytes = 2 * population * board.playable + 4 * board.size * (piece.movement.leaps.length + 1);
    const memory = overMemory(bytes, `a population of ${population} tours of ${board.playable} moves`, instance);
    if (memory) return no(memory);
    // Slow and uncertain: the estimate is a run through every generation, which is where a run that finds no tour ends.
    return yes(MS_PER_RUN + MS_PER_GENE * optionAsked(instance, 'generations', 2000) * population * board.playable);
  },

  run(instance: Instance, context: RunContext): Outcome {
    if (instance.kind !== 'tour') throw new Error('genetic runs tours');
    const started = performance.now();
    const { board, piece, closed } = instance;
    const chosen = context.options(options);
    const settings: GeneticSettings = {
      size: chosen.population,
      tournament: chosen.tournament,
      crossoverAfter: chosen.crossoverAfter,
      crossoverRate: chosen.crossoverRate,
      mutationRate: chosen.mutationRate,
      elitism: chosen.elitism,
    };
    // The one rule between two options that their declarations cannot say alone.
    if (settings.elitism >= settings.size) throw new UsageError('ERR_OPTION', `option elitism of genetic must be smaller than the population (${settings.size}), not ${settings.elitism}`);
    const generations = Math.min(chosen.generations, context.clock.maxSteps);
    const repairFrom = chosen.repairFrom;
    // The core has checked that a repair of this id is registered.
    const repair = context.part<TourRepair>(REPAIR_KIND, chosen.repair)!;

    const moves = new MoveTable(board, piece.movement);
    const seed = chosen.start === undefined ? undefined : unwrap(decodeSquares(board, chosen.start));
    if (seed && instance.start !== undefined && seed[0] !== instance.start) {
      throw new UsageError('ERR_OPTION', `option start of genetic begins on ${board.name(seed[0]!)}, but the tour must start on ${board.name(instance.start)}`);
    }
    let start = seed?.[0] ?? instance.start ?? 0;
    while (board.isRemoved(start)) start++;
    const population = new Population(settings, board.playable - 1, start, moves, new TourWalk(moves, board.size), context.rng);
    if (seed) population.seed(seed);
    const switchOn = Math.floor(repairFrom * generations);
    let best = 0;
    let bestIndex = 0;
    let squares = 0;
    let generation = 0;
    const { trajectory } = context;
    const stats = () => ({ nodes: generation, generations: generation, timeMs: performance.now() - started, extra: { squares, ...(chosen.repair === 'none' ? {} : { repairFrom: switchOn }) } });
    for (; generation < generations; generation++) {
      if (generation === 0 && context.clock.expired()) break;
      const active = generation >= switchOn ? repair : undefined;
      let sum = 0;
      let genBest = 0;
      let genBestIndex = 0;
      for (let i = 0; i < settings.size; i++) {
        const fitness = population.evaluate(i, active);
        squares += fitness;
        sum += fitness;
        // Squares not visited; a whole walk that does not close, where a closed tour is asked, lacks one move.
        if (trajectory) trajectory.improve(generation + 1, board.playable - fitness || (closed && !closes(moves, population, i, start) ? 1 : 0));
        if (fitness > genBest) {
          genBest = fitness;
          genBestIndex = i;
        }
        if (fitness > best || (fitness === best && i === bestIndex)) {
          best = fitness;
          bestIndex = i;
        }
        if (fitness === board.playable && (!closed || closes(moves, population, i, start))) {
          if (context.trace) {
            traceGeneration(context.trace, population, generation, i, genBest, sum / (i + 1));
            context.trace({ type: 'solution', index: 0 });
          }
          generation++;
          context.progress({ metrics: { best: genBest, mean: sum / (i + 1) }, done: generation, total: generations });
          return { status: 'solved', solutions: [{ kind: 'tour', path: population.decode(i), closed }], stats: stats() };
        }
      }
      if (context.trace) traceGeneration(context.trace, population, generation, genBestIndex, genBest, sum / settings.size);
      context.progress({ metrics: { best: genBest, mean: sum / settings.size }, done: generation + 1, total: generations });
      if (generation + 1 >= generations) continue;
      // Stop before breeding, not after: the partial answer decodes this generation's genes with its fitness.
      if (context.clock.expired()) {
        generation++;
        break;
      }
      population.breed();
    }
    // The best chromosome of the last generation evaluated, decoded for the partial answer.
    let last = 0;
    for (let i = 1; i < settings.size; i++) if (population.fitness[i]! > population.fitness[last]!) last = i;
    const partial = {
      score: best,
      best: { kind: 'tour' as const, path: population.decode(last), closed: false },
      note: `the best chromosome visited ${best} of ${board.playable} squares in ${generation} generations${chosen.repair === 'none' ? ' without repair' : ''}`,
    };
    const reason = context.clock.reason;
    if (reason === 'aborted') return { status: 'aborted', partial, stats: stats() };
    return { status: 'budget', exhausted: reason === 'time' ? 'time' : 'steps', partial, stats: stats() };
  },
};

function closes(moves: MoveTable, population: Population, i: number, start: number): boolean {
  const path = population.decode(i);
  const last = path[path.length - 1]!;
  for (let k = 0; k < moves.count; k++) if (moves.target(last, k) === start) return true;
  return false;
}

/** For a visualiser: one generation's fitness and the walk of its best chromosome (decoded only when traced). */
function traceGeneration(trace: (event: TraceEvent) => void, population: Population, generation: number, best: number, fitness: number, mean: number): void {
  trace({ type: 'generation', generation, best: fitness, mean, path: Array.from(population.decode(best)) });
}
