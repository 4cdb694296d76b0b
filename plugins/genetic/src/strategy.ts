import { no, UsageError, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support, type TraceEvent } from '@bezzel/core';
import { Population, type GeneticSettings } from './population.js';
import { REPAIR_KIND, type TourRepair } from './repair.js';
import { MoveTable, TourWalk } from './walk.js';

/** A chromosome has a gene a square; beyond this the algorithm is hopeless and the arrays pointless. */
const MAX_SQUARES = 10_000;

function numberOption(context: RunContext, name: string, fallback: number, min: number, max: number, whole: boolean): number {
  const value = context.option(name) ?? fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n))) {
    throw new UsageError('ERR_OPTION', `option ${name} must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}, not ${String(value)}`);
  }
  return n;
}

export const genetic: SearchStrategy = {
  meta: {
    id: 'genetic',
    description: 'a genetic algorithm on move sequences (Al-Gharaibeh et al. 2007), with Warnsdorff repair switched on part-way',
    problems: ['tour'],
    goals: ['one'],
    stochastic: true,
    options: [
      { name: 'population', description: 'chromosomes a generation', default: 50 },
      { name: 'generations', description: 'generations at most (the step budget also counts generations)', default: 2000 },
      { name: 'tournament', description: 'k of the k-tournament selection', default: 3 },
      { name: 'crossoverAfter', description: 'genes taken from one parent before switching to the other (K)', default: 3 },
      { name: 'crossoverRate', description: 'chance that a child is bred by crossover rather than copied', default: 0.9 },
      { name: 'mutationRate', description: "chance that a child's tail is regenerated from a random gene", default: 0.1 },
      { name: 'elitism', description: 'best chromosomes copied unchanged into the next generation', default: 1 },
      { name: 'repair', description: 'how an illegal move is repaired', partKind: REPAIR_KIND, default: 'warnsdorff' },
      { name: 'repairFrom', description: 'fraction of the generations after which repair is switched on', default: 0.3 },
    ],
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'tour') return no('it evolves tours');
    const { piece, board } = instance;
    if (piece.attacks || piece.movement.rides.length > 0 || piece.movement.leaps.length === 0) {
      return no(`its genes are leaps, and a ${piece.name} is not a leaper`);
    }
    if (board.playable > MAX_SQUARES) return no(`it is meant for small boards (at most ${MAX_SQUARES} squares), and ${board} has ${board.playable}`);
    // Slow and uncertain: there for the comparison, never `auto`'s first choice.
    return yes(1000);
  },

  run(instance: Instance, context: RunContext): Outcome {
    if (instance.kind !== 'tour') throw new Error('genetic runs tours');
    const started = performance.now();
    const { board, piece, closed } = instance;
    const settings: GeneticSettings = {
      size: numberOption(context, 'population', 50, 2, 100_000, true),
      tournament: numberOption(context, 'tournament', 3, 1, 1000, true),
      crossoverAfter: numberOption(context, 'crossoverAfter', 3, 1, 1_000_000, true),
      crossoverRate: numberOption(context, 'crossoverRate', 0.9, 0, 1, false),
      mutationRate: numberOption(context, 'mutationRate', 0.1, 0, 1, false),
      elitism: numberOption(context, 'elitism', 1, 0, 1000, true),
    };
    if (settings.elitism >= settings.size) throw new UsageError('ERR_OPTION', 'option elitism must be smaller than the population');
    const generations = Math.min(numberOption(context, 'generations', 2000, 1, 1e9, true), context.clock.maxSteps);
    const repairFrom = numberOption(context, 'repairFrom', 0.3, 0, 1, false);
    const repairId = String(context.option('repair') ?? 'warnsdorff');
    const repair = context.part<TourRepair>(REPAIR_KIND, repairId);
    if (!repair) throw new UsageError('ERR_OPTION', `unknown repair "${repairId}"`);

    const moves = new MoveTable(board, piece.movement);
    let start = instance.start ?? 0;
    while (board.isRemoved(start)) start++;
    const population = new Population(settings, board.playable - 1, start, moves, new TourWalk(moves, board.size), context.rng);
    const switchOn = Math.floor(repairFrom * generations);
    let best = 0;
    let bestIndex = 0;
    let nodes = 0;
    let generation = 0;
    const stats = () => ({ nodes, generations: generation, timeMs: performance.now() - started, extra: { repairFrom: switchOn } });
    for (; generation < generations; generation++) {
      if (context.clock.expired()) break;
      const active = generation >= switchOn ? repair : undefined;
      let sum = 0;
      let genBest = 0;
      let genBestIndex = 0;
      for (let i = 0; i < settings.size; i++) {
        const fitness = population.evaluate(i, active);
        nodes += fitness;
        sum += fitness;
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
      if (generation + 1 < generations) population.breed();
    }
    // The best chromosome of the last generation evaluated, decoded for the partial answer.
    let last = 0;
    for (let i = 1; i < settings.size; i++) if (population.fitness[i]! > population.fitness[last]!) last = i;
    const partial = {
      score: best,
      best: { kind: 'tour' as const, path: population.decode(last), closed: false },
      note: `the best chromosome visited ${best} of ${board.playable} squares in ${generation} generations${repairId === 'none' ? ' without repair' : ''}`,
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
