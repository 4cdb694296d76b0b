import { DEFAULT_BUDGET, no, option, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';
import { columnStart, columnTask, INITIAL_PLACEMENT, LineBoard, solvedOutcome, traceStart, unsolvedOutcome } from '@bezzel/columns';
import { tabuSearch, type TabuSettings, type TabuTally } from './tabu.js';

/** The tabu list holds a step count for each (column, row): n² words, 16 MB at this side. */
const MAX_SIDE = 2048;

/** The tenure when option tenure is not given: Glover's 7 on small boards, growing with the board. */
export function defaultTenure(n: number): number {
  return Math.max(7, Math.round(n / 10));
}

/**
 * The time model, measured on queens from a random start: the conflicted neighbourhood takes about 1.3·n steps of
 * n − 1 rows (100 queens 0.14 ms, 1000 queens 13 ms); the full one about 0.7·n steps of n(n − 1) moves (100 queens 3 ms).
 */
const MS_PER_RUN = 0.3;
const MS_PER_ROW_LOOKED_AT = 1e-5;
const MS_PER_MOVE_LOOKED_AT = 4e-6;

const options = {
  tenure: option.integer('steps for which a piece may not go back to the row it left (default max(7, n/10))', { min: 0 }),
  aspiration: option.boolean('allow a tabu move when it reaches an h below the best so far', { default: true }),
  neighbourhood: option.choice('the moves a step looks at: conflicted = every row of one conflicted column drawn at random (min-conflicts), full = every move of every piece', ['conflicted', 'full'], { default: 'conflicted' }),
  initial: option.part('how pieces are placed at the start', INITIAL_PLACEMENT, { default: 'random' }),
  start: option.start('a placement to search from instead of the initial one: how a pipeline hands on'),
};

/**
 * Tabu search on one piece per column (h = attacking pairs): the best move not on the tabu list, even uphill, with
 * aspiration. Incomplete: where no placement exists (2 and 3 queens) it searches until the budget ends.
 */
export const tabu: SearchStrategy = {
  meta: {
    id: 'tabu',
    description: 'Tabu search on one piece per column (Glover 1989): the best non-tabu move each step, tenure, aspiration, the min-conflicts or the full neighbourhood',
    problems: ['placement'],
    goals: ['one'],
    stochastic: true,
    stepUnit: 'moves',
    quality: 'attacking pairs',
    options,
  },

  supports(instance: Instance) {
    const column = columnTask(instance, { maxSide: { side: MAX_SIDE, reason: `its tabu list has an entry for every square; boards beyond ${MAX_SIDE}×${MAX_SIDE} are for min-conflicts` } });
    if ('reason' in column) return no(column.reason);
    const { n, hopeless } = column;
    if (hopeless) return yes(instance.task.budget?.maxTimeMs ?? DEFAULT_BUDGET.maxTimeMs);
    const full = instance.task.options?.neighbourhood === 'full';
    return yes(MS_PER_RUN + (full ? MS_PER_MOVE_LOOKED_AT * n * n * (n - 1) : MS_PER_ROW_LOOKED_AT * 2 * n * (n - 1)));
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    const chosen = ctx.options(options);
    const { lines, n, place } = columnStart(instance, ctx, chosen);

    const board = new LineBoard(n, lines);
    place(board);
    if (ctx.trace) traceStart(board, 0, ctx.trace);
    const settings: TabuSettings = { tenure: chosen.tenure ?? defaultTenure(n), aspiration: chosen.aspiration, neighbourhood: chosen.neighbourhood };
    const tally: TabuTally = { steps: 0, blocked: 0, aspirations: 0, allTabu: 0, neighbours: 0, bestH: Number.MAX_SAFE_INTEGER };
    const best = new Int32Array(n);
    const stop = tabuSearch(board, ctx.rng, ctx.clock, settings, tally, new Int32Array(n * n), best, ctx.trace, ctx.trajectory);
    ctx.progress({ nodes: tally.steps, metrics: { h: tally.bestH } });

    const stats = {
      nodes: tally.steps,
      moves: tally.steps,
      timeMs: performance.now() - started,
      extra: {
        tenure: settings.tenure,
        steps: tally.steps,
        blocked: tally.blocked,
        aspirations: tally.aspirations,
        allTabu: tally.allTabu,
        neighbours: tally.neighbours,
        bestH: tally.bestH,
        h: tally.bestH,
      },
    };
    if (stop === 'solved') return solvedOutcome(board.rows, stats, ctx.trace);
    const note = `the best arrangement seen has h = ${tally.bestH} (attacking pair${tally.bestH === 1 ? '' : 's'}) after ${tally.steps} moves`;
    return unsolvedOutcome(stop, { rows: best, h: tally.bestH, note }, stats);
  },
};
