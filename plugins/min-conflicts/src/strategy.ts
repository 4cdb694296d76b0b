import { DEFAULT_BUDGET, option, no, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';
import { columnStart, columnTask, INITIAL_PLACEMENT, LineBoard, solvedOutcome, traceStart, unsolvedOutcome } from '@bezzel/columns';
import { repair, type RepairTally } from './repair.js';

const options = {
  initial: option.part('how pieces are placed before repairs start', INITIAL_PLACEMENT, { default: 'greedy' }),
  restartAfter: option.integer('repairs before a fresh initial placement; 0 never restarts (default: max(100, 2n))', { min: 0 }),
  start: option.start('a placement to repair instead of the initial one (restarts use the initial placement): how a pipeline hands on, as formula,min-conflicts'),
};

/**
 * The time model, calibrated by bench/sections/85-auto.ts: linear in the columns (the greedy start leaves a handful
 * of conflicts, each repaired in O(1)), and a fixed cost that covers the restarts small boards need.
 */
const MS_PER_RUN = 1.5;
const MS_PER_COLUMN = 2e-3;
/**
 * Bytes a column: the line counters and XORs (13 Int32 words at most), the free-rank lists and tie slots (3), the
 * greedy start's bit sets (under 1), and the answer's plain array at its peak (20, see MAX_ANSWER_SQUARES).
 */
const BYTES_PER_COLUMN = 4 * 17 + 20;

/**
 * Min-conflicts repair (Minton, Johnston, Philips and Laird 1990): one piece per column, start from an
 * injected initial placement, then repair conflicted columns until none is left or the budget runs out.
 * Incomplete: it cannot prove that no solution exists, so n = 2 and 3 run until the budget ends.
 */
export const minConflicts: SearchStrategy = {
  meta: {
    id: 'min-conflicts',
    description: 'Min-conflicts repair with O(1) conflict counters per rank and diagonal (Minton et al. 1990); a million queens in about a second',
    problems: ['placement'],
    goals: ['one'],
    stepUnit: 'repairs',
    quality: 'attacking pairs',
    stochastic: true,
    options,
  },

  supports(instance: Instance) {
    const column = columnTask(instance, { bytesPerColumn: BYTES_PER_COLUMN });
    if ('reason' in column) return no(column.reason);
    // Incomplete: where no placement exists (n = 2 and 3 for a queen's lines) it repairs until the budget ends.
    return yes(column.hopeless ? (instance.task.budget?.maxTimeMs ?? DEFAULT_BUDGET.maxTimeMs) : MS_PER_RUN + MS_PER_COLUMN * column.n);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    const chosen = ctx.options(options);
    const { lines, n, initial, place } = columnStart(instance, ctx, chosen);
    const restartAfter = chosen.restartAfter === undefined ? Math.max(100, 2 * n) : chosen.restartAfter === 0 ? Number.POSITIVE_INFINITY : chosen.restartAfter;

    const board = new LineBoard(n, lines);
    const ties = new Int32Array(n);
    const tally: RepairTally = { steps: 0, moves: 0 };
    let restarts = 0;
    let placementMs = 0;
    let initialConflicts = 0;
    for (;;) {
      const placing = performance.now();
      if (restarts > 0) board.clear();
      place(board);
      board.trackFreeRanks();
      placementMs += performance.now() - placing;
      if (restarts === 0) initialConflicts = board.suspectCount;
      ctx.progress({ nodes: tally.steps, metrics: { conflicted: board.suspectCount } });
      if (ctx.trace) traceStart(board, tally.steps, ctx.trace);
      const stop = repair(board, ctx.rng, ctx.clock, tally, tally.steps + restartAfter, ties, ctx.trace, ctx.trajectory);
      if (stop === 'restart') {
        restarts++;
        continue;
      }
      const timeMs = performance.now() - started;
      const h = board.attackingPairs();
      const stats = {
        nodes: tally.steps,
        moves: tally.moves,
        restarts,
        timeMs,
        extra: { initial: initial.id, initialConflicts, placementMs, repairMs: timeMs - placementMs, h },
      };
      if (stop === 'solved') return solvedOutcome(board.rows, stats, ctx.trace);
      return unsolvedOutcome(stop, { rows: board.rows, h, note: `${h} attacking pair${h === 1 ? '' : 's'} left after ${tally.steps} repairs` }, stats);
    }
  },
};
