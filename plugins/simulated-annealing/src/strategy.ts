import { no, option, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';
import { columnStart, columnTask, INITIAL_PLACEMENT, LineBoard, solvedOutcome, traceStart, unsolvedOutcome } from '@bezzel/columns';
import { anneal, automaticT0, makePermutation, type AnnealSettings, type AnnealTally, type Schedule } from './anneal.js';

/** Random neighbours looked at for the automatic start temperature. */
const T0_SAMPLES = 200;

/** The cooling parameter of each schedule when option alpha is not given, for levels of `level` proposals. */
export function defaultAlpha(schedule: Schedule, level: number): number {
  switch (schedule) {
    case 'geometric':
      return GEOMETRIC_ALPHA;
    case 'linear':
      return LINEAR_ALPHA;
    case 'logarithmic':
      return LOGARITHMIC_ALPHA;
    case 'exponential':
      // The same pace as the geometric default, per step: e^(−λ·level) = α.
      return -Math.log(GEOMETRIC_ALPHA) / level;
  }
}
const GEOMETRIC_ALPHA = 0.9;
const LINEAR_ALPHA = 0.025;
const LOGARITHMIC_ALPHA = 1;

/**
 * The time model (see `supports`): an anneal of the default schedule makes about 35 levels of n(n − 1) proposals,
 * so n²; measured medians 0.1 ms on 8 queens, 2.6 ms on 32, 32 ms on 100 (means a little above).
 */
const MS_PER_RUN = 0.2;
const MS_PER_COLUMN_SQUARED = 4e-3;
/** Bytes a column: the line counters and XORs (13 Int32 words at most), the best rows, the answer (20). */
const BYTES_PER_COLUMN = 4 * 15 + 20;

const options = {
  schedule: option.choice('how the temperature falls: geometric t0·α^k, linear t0·(1 − α·k), logarithmic t0/(1 + α·ln(1 + k)) per level, or exponential t0·e^(−α·t) per step', ['geometric', 'linear', 'logarithmic', 'exponential'], { default: 'geometric' }),
  t0: option.number('start temperature (default: automatic, where the mean uphill move of the start is accepted with probability 1/2)', { min: 0 }),
  alpha: option.number('the cooling parameter α of the schedule (default: geometric 0.9, linear 0.025, logarithmic 1, exponential −ln(0.9)/level)', { min: 0 }),
  level: option.integer('proposals per temperature level (default n(n − 1), the number of neighbours)', { min: 1 }),
  tMin: option.number('the temperature below which the anneal is frozen: it reheats, or stops', { min: 0, default: 0.05 }),
  move: option.choice('the neighbourhood: column moves one piece within its column; swap exchanges the rows of two columns (the start is made a permutation)', ['column', 'swap'], { default: 'column' }),
  reheats: option.integer('how many times a frozen anneal is heated again before it stops', { min: 0, default: 100 }),
  reheatTo: option.number('the temperature a reheat starts from (default: t0)', { min: 0 }),
  initial: option.part('how pieces are placed at the start', INITIAL_PLACEMENT, { default: 'random' }),
  start: option.start('a placement to anneal from instead of the initial one: how a pipeline hands on'),
};

/**
 * Simulated annealing on one piece per column (h = attacking pairs): random neighbours, downhill always taken,
 * uphill with probability e^(−Δh/T) as the temperature falls. A run whose anneal freezes with h > 0 after its
 * reheats is `budget` with `exhausted: 'stuck'` and the best arrangement it saw, never a solution.
 */
export const simulatedAnnealing: SearchStrategy = {
  meta: {
    id: 'simulated-annealing',
    description: 'Simulated annealing on one piece per column (h = attacking pairs): geometric, linear, logarithmic or exponential cooling, automatic start temperature, reheats',
    problems: ['placement'],
    goals: ['one'],
    stochastic: true,
    stepUnit: 'proposals',
    quality: 'attacking pairs',
    options,
    // A schedule that starts below where it freezes never anneals: say so before the run, not after it.
    checkOptions(values) {
      const t0 = values['t0'] as number | undefined;
      const tMin = values['tMin'] as number;
      const reheatTo = values['reheatTo'] as number | undefined;
      if (t0 !== undefined && tMin >= t0) return `tMin (${tMin}) must be below t0 (${t0}): the anneal would be frozen before it starts`;
      if (reheatTo !== undefined && tMin >= reheatTo) return `tMin (${tMin}) must be below reheatTo (${reheatTo}): a reheat would be frozen at once`;
      return undefined;
    },
  },

  supports(instance: Instance) {
    const column = columnTask(instance, { bytesPerColumn: BYTES_PER_COLUMN });
    if ('reason' in column) return no(column.reason);
    // Where no placement exists (n = 2 and 3 for a queen's lines) every anneal freezes: it answers nothing.
    return yes(column.hopeless ? Number.MAX_VALUE : MS_PER_RUN + MS_PER_COLUMN_SQUARED * column.n * column.n);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    const chosen = ctx.options(options);
    const { lines, n, place } = columnStart(instance, ctx, chosen);

    const board = new LineBoard(n, lines);
    place(board);
    if (chosen.move === 'swap') makePermutation(board, ctx.rng);
    if (ctx.trace) traceStart(board, 0, ctx.trace);

    const t0 = chosen.t0 ?? (n > 1 ? automaticT0(board, chosen.move, ctx.rng, T0_SAMPLES) : 1);
    const level = chosen.level ?? Math.max(1, n * (n - 1));
    const settings: AnnealSettings = {
      schedule: chosen.schedule,
      t0,
      alpha: chosen.alpha ?? defaultAlpha(chosen.schedule, level),
      tMin: chosen.tMin,
      level,
      move: chosen.move,
      reheats: chosen.reheats,
      reheatTo: chosen.reheatTo ?? t0,
    };
    const tally: AnnealTally = { steps: 0, acceptances: 0, uphill: 0, reheats: 0, temperature: t0, bestH: Number.MAX_SAFE_INTEGER };
    const best = new Int32Array(n);
    const stop = n === 1 ? 'solved' : anneal(board, ctx.rng, ctx.clock, settings, tally, best, ctx.trace, ctx.trajectory);
    ctx.progress({ nodes: tally.steps, metrics: { h: tally.bestH, temperature: tally.temperature } });

    const h = board.attackingPairs();
    const bestH = Math.min(tally.bestH, h);
    const stats = {
      nodes: tally.steps,
      moves: tally.acceptances,
      restarts: tally.reheats,
      timeMs: performance.now() - started,
      extra: {
        schedule: chosen.schedule,
        t0,
        acceptances: tally.acceptances,
        uphill: tally.uphill,
        reheats: tally.reheats,
        finalTemperature: tally.temperature,
        bestH,
        h: bestH,
      },
    };
    if (stop === 'solved') return solvedOutcome(board.rows, stats, ctx.trace);
    const pairs = `h = ${bestH} (attacking pair${bestH === 1 ? '' : 's'})`;
    const note =
      stop === 'frozen'
        ? `frozen below T = ${settings.tMin} after ${tally.reheats} reheat${tally.reheats === 1 ? '' : 's'}; the best arrangement seen has ${pairs}`
        : `the best arrangement seen has ${pairs} when the budget ran out (T = ${tally.temperature.toPrecision(3)})`;
    return unsolvedOutcome(stop === 'frozen' ? 'stuck' : stop, { rows: best, h: bestH, note }, stats);
  },
};
