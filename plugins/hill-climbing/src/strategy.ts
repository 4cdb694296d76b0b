import { no, option, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';
import { columnStart, columnTask, INITIAL_PLACEMENT, LineBoard, solvedOutcome, traceStart, unsolvedOutcome } from '@bezzel/columns';
import { climb, type ClimbTally } from './climb.js';

/** Boards beyond this would need n² tie slots per step (and a step would take seconds). */
const MAX_SIDE = 2048;
/**
 * The time model, calibrated by bench/sections/85-auto.ts: a step looks at n(n − 1) neighbours and a climb takes
 * about n steps, so n³; a climb that gets stuck answers nothing, and about one in ten does (8 queens with the
 * default 100 sideways moves: 94 of 100 solve), so the time to an answer is divided by the share that succeed.
 */
const MS_PER_RUN = 0.3;
const MS_PER_NEIGHBOUR_STEP = 5e-5;
const SUCCESS = 0.9;

const options = {
  restarts: option.integer('fresh random starts after getting stuck (0 = none)', { min: 0, default: 0 }),
  sideways: option.integer('sideways moves allowed in a row on a plateau (0 = strictly downhill)', { min: 0, default: 100 }),
  initial: option.part('how pieces are placed at each start', INITIAL_PLACEMENT, { default: 'random' }),
  start: option.start('a placement to climb from instead of the first initial one: how a pipeline hands on'),
};

/**
 * Steepest-ascent hill climbing from a random placement (Russell and Norvig's 8-queens experiment; the Zagreb
 * course report measured 95 of 100 runs). A run that ends on a local optimum with h > 0 is `budget` with
 * `exhausted: 'stuck'` and the h it reached, never a solution.
 */
export const hillClimbing: SearchStrategy = {
  meta: {
    id: 'hill-climbing',
    description: 'Steepest-ascent hill climbing on one piece per column (h = attacking pairs), sideways moves on plateaus, optional random restarts',
    problems: ['placement'],
    goals: ['one'],
    stepUnit: 'moves',
    quality: 'attacking pairs',
    stochastic: true,
    options,
  },

  supports(instance: Instance) {
    const column = columnTask(instance, { maxSide: { side: MAX_SIDE, reason: `it looks at all n(n − 1) neighbours each step; boards beyond ${MAX_SIDE}×${MAX_SIDE} are for min-conflicts` } });
    if ('reason' in column) return no(column.reason);
    // Where no placement exists (n = 2 and 3 for a queen's lines) every climb gets stuck: it answers nothing.
    return yes(column.hopeless ? Number.MAX_VALUE : (MS_PER_RUN + MS_PER_NEIGHBOUR_STEP * column.n ** 3) / SUCCESS);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    const chosen = ctx.options(options);
    const { restarts: maxRestarts, sideways: maxSideways } = chosen;
    const { lines, n, place } = columnStart(instance, ctx, chosen);

    const board = new LineBoard(n, lines);
    const ties = new Int32Array(n * n);
    const tally: ClimbTally = { steps: 0, moves: 0, sideways: 0, neighbours: 0 };
    let restarts = 0;
    for (;;) {
      if (restarts > 0) board.clear();
      place(board);
      if (ctx.trace) traceStart(board, tally.steps, ctx.trace);
      const stop = climb(board, ctx.rng, ctx.clock, tally, maxSideways, ties, ctx.trace, ctx.trajectory);
      if ((stop === 'local-optimum' || stop === 'plateau') && restarts < maxRestarts) {
        restarts++;
        ctx.progress({ nodes: tally.steps, metrics: { restarts } });
        continue;
      }
      const h = board.attackingPairs();
      const stats = {
        nodes: tally.steps,
        moves: tally.moves,
        restarts,
        timeMs: performance.now() - started,
        extra: { steps: tally.steps, sideways: tally.sideways, neighbours: tally.neighbours, h },
      };
      if (stop === 'solved') return solvedOutcome(board.rows, stats, ctx.trace);
      const where =
        stop === 'local-optimum'
          ? 'a local optimum (every neighbour raises h)'
          : maxSideways === 0
            ? 'a plateau (no neighbour lowers h, and sideways moves are off)'
            : `a plateau (${maxSideways} sideways moves in a row without lowering h)`;
      const stuck = stop === 'local-optimum' || stop === 'plateau';
      const note = stuck ? `stuck with h = ${h} (attacking pair${h === 1 ? '' : 's'}) on ${where}${restarts > 0 ? `, after ${restarts} restarts` : ''}` : `h = ${h} attacking pairs when the budget ran out`;
      return unsolvedOutcome(stuck ? 'stuck' : stop, { rows: board.rows, h, note }, stats);
    }
  },
};
