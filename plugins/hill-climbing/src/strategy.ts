import { decodeSquares, no, option, unwrap, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';
import { columnProblem, INITIAL_PLACEMENT, LineBoard, placeFrom, traceStart, type InitialPlacement } from '@bezzel/min-conflicts';
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
    stochastic: true,
    options,
  },

  supports(instance: Instance) {
    const lines = columnProblem(instance);
    if ('reason' in lines) return no(lines.reason);
    const n = instance.board.width;
    if (n > MAX_SIDE) return no(`it looks at all n(n − 1) neighbours each step; boards beyond ${MAX_SIDE}×${MAX_SIDE} are for min-conflicts`);
    // Where no placement exists (n = 2 and 3 for a queen's lines) every climb gets stuck: it answers nothing.
    const hopeless = lines.rank && lines.diagonal && lines.antiDiagonal && (n === 2 || n === 3);
    return yes(hopeless ? Number.MAX_VALUE : (MS_PER_RUN + MS_PER_NEIGHBOUR_STEP * n ** 3) / SUCCESS);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    const lines = columnProblem(instance);
    if ('reason' in lines) throw new Error(`hill-climbing was run on a task it declined: ${lines.reason}`);
    const n = instance.board.width;
    const chosen = ctx.options(options);
    const { restarts: maxRestarts, sideways: maxSideways } = chosen;
    // The core has checked that an initial placement of this id is registered.
    const initial = ctx.part<InitialPlacement>(INITIAL_PLACEMENT, chosen.initial)!;
    const start = chosen.start === undefined ? undefined : unwrap(decodeSquares(instance.board, chosen.start));

    const board = new LineBoard(n, lines);
    const ties = new Int32Array(n * n);
    const tally: ClimbTally = { steps: 0, moves: 0, sideways: 0, neighbours: 0 };
    let restarts = 0;
    for (;;) {
      if (restarts > 0) board.clear();
      if (restarts === 0 && start) placeFrom(board, start, ctx.rng);
      else initial.place(board, ctx.rng);
      if (ctx.trace) traceStart(board, tally.steps, ctx.trace);
      const stop = climb(board, ctx.rng, ctx.clock, tally, maxSideways, ties, ctx.trace);
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
      if (stop === 'solved' && ctx.trace) ctx.trace({ type: 'solution', index: 0 });
      if (stop === 'solved') return { status: 'solved', solutions: [{ kind: 'placement', squares: board.squares() }], stats };
      const where =
        stop === 'local-optimum'
          ? 'a local optimum (every neighbour raises h)'
          : maxSideways === 0
            ? 'a plateau (no neighbour lowers h, and sideways moves are off)'
            : `a plateau (${maxSideways} sideways moves in a row without lowering h)`;
      const partial = {
        score: h,
        best: { kind: 'placement' as const, squares: board.squares() },
        note: stop === 'local-optimum' || stop === 'plateau' ? `stuck with h = ${h} (attacking pair${h === 1 ? '' : 's'}) on ${where}${restarts > 0 ? `, after ${restarts} restarts` : ''}` : `h = ${h} attacking pairs when the budget ran out`,
      };
      if (stop === 'aborted') return { status: 'aborted', partial, stats };
      const exhausted = stop === 'local-optimum' || stop === 'plateau' ? 'stuck' : stop;
      return { status: 'budget', exhausted, partial, stats };
    }
  },
};
