import { no, option, overMemory, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support, type TraceEvent, type Birth } from '@bezzel/core';
import { columnStart, columnTask, INITIAL_PLACEMENT, LineBoard, solvedOutcome, unsolvedOutcome } from '@bezzel/columns';
import { PairCounter } from './fitness.js';
import { Population } from './population.js';

/** A digit string a column: beyond this the algorithm is hopeless (and a generation takes seconds). */
const MAX_SIDE = 4096;
/** The most individuals a trace event shows. */
const SAMPLE = 20;

const options = {
  population: option.integer('individuals a generation', { min: 2, max: 100_000, default: 100 }),
  generations: option.integer('generations bred at most, 0 = until the budget ends (the step budget counts generations too)', { min: 0, default: 0 }),
  selection: option.choice('how parents are drawn: proportional to fitness (the textbook) or the best of a tournament', ['proportional', 'tournament'], { default: 'tournament' }),
  tournament: option.integer('individuals drawn for a tournament (selection=tournament)', { min: 1, max: 1000, default: 3 }),
  crossover: option.choice('one-point (the textbook REPRODUCE: a prefix of one parent, the rest of the other) or uniform (each digit from either)', ['one-point', 'uniform'], { default: 'one-point' }),
  mutationRate: option.number('chance that each digit of a child is redrawn (default 1.5/n: one and a half digits a child on average)', { min: 0, max: 1 }),
  elitism: option.integer('best individuals copied unchanged into the next generation (fewer than the population)', { min: 0, max: 1000, default: 2 }),
  initial: option.part('how each individual of the first generation is placed', INITIAL_PLACEMENT, { default: 'random' }),
  start: option.start('a placement put into the first generation beside the others: how a pipeline hands on'),
};

/**
 * The time model (see {@link Support}): a generation evaluates P strings of n digits, about 6·10⁻⁵ ms a digit with
 * breeding; the generations to a solution grow quickly with n and have a long tail. Measured with the defaults
 * (P = 100): 8 queens about 100 generations on average (median 38 over seeds 1–100), 12 queens a few thousand (median 1635).
 */
const MS_PER_RUN = 0.5;
const MS_PER_DIGIT = 6e-5;

/** An option as the task gives it, for estimates made before `run` checks it (a value it will refuse counts as the default). */
function optionAsked(instance: Instance, name: string, fallback: number): number {
  const n = Number(instance.task.options?.[name] ?? fallback);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Mean generations the defaults take to solve n queens, as measured (a rough exponential through 8 and 12). */
function expectedGenerations(n: number): number {
  return Math.max(10, 100 * Math.exp(0.8 * (n - 8)));
}

/**
 * The textbook genetic algorithm for placements (Russell and Norvig, 4th ed., ch. 4, the 8-queens figure): an
 * individual is a digit string, a row per column; fitness = non-attacking pairs, n(n − 1)/2 for a solution;
 * parents drawn by fitness, one-point crossover, per-digit mutation; the best individuals kept (elitism).
 */
export const geneticQueens: SearchStrategy = {
  meta: {
    id: 'genetic-queens',
    description: 'the textbook genetic algorithm for placements: digit strings (a row per column), fitness = non-attacking pairs, selection, one-point crossover, per-digit mutation, elitism',
    problems: ['placement'],
    goals: ['one'],
    stochastic: true,
    stepUnit: 'generations',
    quality: 'attacking pairs',
    options,
    // The one rule between two options that their declarations cannot say alone: say so before the run.
    checkOptions(values) {
      const elitism = values['elitism'] as number;
      const population = values['population'] as number;
      return elitism >= population ? `elitism (${elitism}) must be smaller than the population (${population})` : undefined;
    },
  },

  supports(instance: Instance): Support {
    const column = columnTask(instance, { maxSide: { side: MAX_SIDE, reason: `it evolves strings of n digits and is meant for small boards (at most ${MAX_SIDE}×${MAX_SIDE}); min-conflicts places large ones` } });
    if ('reason' in column) return no(column.reason);
    const { n, hopeless } = column;
    const population = optionAsked(instance, 'population', 100);
    const memory = overMemory(8 * population * n + 20 * population + 20 * n, `a population of ${population} strings of ${n} digits (two generations)`, instance);
    if (memory) return no(memory);
    // Where no placement exists (n = 2 and 3 for a queen's lines) it runs until the budget ends and answers nothing.
    if (hopeless) return yes(Number.MAX_VALUE);
    const cap = optionAsked(instance, 'generations', Number.POSITIVE_INFINITY);
    return yes(MS_PER_RUN + MS_PER_DIGIT * Math.min(cap, expectedGenerations(n)) * population * n);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    const chosen = ctx.options(options);
    const { lines, n, place } = columnStart(instance, ctx, chosen);
    const settings = {
      size: chosen.population,
      selection: chosen.selection,
      tournament: chosen.tournament,
      crossover: chosen.crossover,
      mutationRate: chosen.mutationRate ?? Math.min(1, 1.5 / n),
      elitism: chosen.elitism,
    };
    const limit = chosen.generations === 0 ? Number.POSITIVE_INFINITY : chosen.generations;
    const maxGenerations = Math.min(limit, ctx.clock.maxSteps);

    const counter = new PairCounter(n, lines);
    const population = new Population(settings, n, counter, ctx.rng);
    const max = counter.maxFitness;

    // The first generation: each individual placed on a board by the initial part (the first from `start`), then read off.
    const board = new LineBoard(n, lines);
    for (let i = 0; i < settings.size; i++) {
      if (i > 0) board.clear();
      place(board);
      population.genes.set(board.rows, i * n);
    }
    population.evaluateAll();

    // The best individual ever seen (with elitism, the best of the last generation is one).
    const bestRows = new Int32Array(n);
    let bestFitness = -1;
    let generation = 0;
    let reported = -1;
    // A traced run records how the first child of each generation was made.
    const watch: { birth: Birth | undefined } = { birth: undefined };
    const report = () => {
      const { summary } = population;
      const mean = summary.sum / settings.size;
      const diversity = population.diversity();
      reported = generation;
      ctx.progress({ nodes: generation, done: generation, ...(Number.isFinite(maxGenerations) ? { total: maxGenerations } : {}), metrics: { best: summary.bestFitness, mean, diversity } });
      if (ctx.trace) ctx.trace(populationEvent(population, generation, mean, diversity, watch.birth));
    };
    let stop: 'solved' | 'generations' | 'steps' | 'time' | 'aborted';
    for (;;) {
      const { summary } = population;
      if (summary.bestFitness > bestFitness) {
        bestFitness = summary.bestFitness;
        bestRows.set(population.genes.subarray(summary.best * n, summary.best * n + n));
        ctx.trajectory?.improve(generation, max - bestFitness);
      }
      // Progress every generation at first, then about 64 times per doubling of the generations; a trace sees every one.
      if (ctx.trace || progressDue(generation)) report();
      if (bestFitness === max) {
        stop = 'solved';
        break;
      }
      if (generation >= maxGenerations) {
        stop = generation >= ctx.clock.maxSteps ? 'steps' : 'generations';
        break;
      }
      if (ctx.clock.expired()) {
        stop = ctx.clock.reason === 'aborted' ? 'aborted' : 'time';
        break;
      }
      population.breed(ctx.trace ? watch : undefined);
      generation++;
    }
    if (reported !== generation) report();

    const mean = population.summary.sum / settings.size;
    const diversity = population.diversity();
    const h = max - bestFitness;
    const stats = {
      // A step is a generation, for `stats.nodes` as for the step budget; the fitness evaluations are in `extra`.
      nodes: generation,
      generations: generation,
      timeMs: performance.now() - started,
      extra: {
        evaluations: population.evaluations,
        population: settings.size,
        bestFitness,
        maxFitness: max,
        meanFitness: round(mean),
        diversity: round(diversity),
        h,
      },
    };
    if (stop === 'solved') return solvedOutcome(bestRows, stats, ctx.trace);
    const why =
      stop === 'generations' ? `its ${limit} generations were bred`
      : stop === 'steps' ? `the step budget (${maxGenerations} generations) ran out`
      : stop === 'time' ? 'the time ran out'
      : 'it was stopped';
    const note = `best fitness ${bestFitness} of ${max} non-attacking pairs (h = ${h} attacking pair${h === 1 ? '' : 's'}) after ${generation} generation${generation === 1 ? '' : 's'}, when ${why}`;
    return unsolvedOutcome(stop === 'generations' ? 'steps' : stop, { rows: bestRows, h, note }, stats);
  },
};

/** True for every generation below 128, then for every 2^(k − 6)-th in [2^k, 2^(k+1)): about 64 reports a doubling. */
function progressDue(generation: number): boolean {
  if (generation < 128) return true;
  const every = 2 ** (31 - Math.clz32(generation) - 6);
  return generation % every === 0;
}

/**
 * The trace event of one generation: its best individual first, then individuals at evenly spaced places of the
 * population (no random draw, so a traced run is the same run), best first; at most {@link SAMPLE} in all.
 */
function populationEvent(population: Population, generation: number, mean: number, diversity: number, birth: Birth | undefined): TraceEvent {
  const { size } = population.settings;
  const { best, bestFitness } = population.summary;
  const others = Math.min(size, SAMPLE) - 1;
  const picks: number[] = [];
  for (let k = 0; k < others; k++) {
    const j = Math.floor((k * (size - 1)) / others);
    picks.push(j >= best ? j + 1 : j);
  }
  picks.sort((a, b) => population.fitness[b]! - population.fitness[a]! || a - b);
  const sample = [best, ...picks].map((i) => ({ rows: population.rows(i), fitness: population.fitness[i]! }));
  return { type: 'population', generation, best: bestFitness, mean, diversity, sample, ...(birth && generation > 0 ? { birth } : {}) };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
