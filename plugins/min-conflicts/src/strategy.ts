import { no, UsageError, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type TraceEvent } from '@bezzel/core';
import { INITIAL_PLACEMENT, type InitialPlacement } from './initial.js';
import { LineBoard } from './line-board.js';
import { columnProblem } from './lines.js';
import { repair, type RepairTally } from './repair.js';

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
    stochastic: true,
    options: [
      { name: 'initial', description: 'how pieces are placed before repairs start', partKind: INITIAL_PLACEMENT, default: 'greedy' },
      { name: 'restartAfter', description: 'repairs before a fresh initial placement; 0 never restarts (default: max(100, 2n))' },
    ],
  },

  supports(instance: Instance) {
    const lines = columnProblem(instance);
    if ('reason' in lines) return no(lines.reason);
    // Cheap on huge boards, but incomplete: leave small ones to exhaustive search under `auto`.
    return yes(instance.board.width < 64 ? 200 : 60);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    const lines = columnProblem(instance);
    if ('reason' in lines) throw new Error(`min-conflicts was run on a task it declined: ${lines.reason}`);
    const n = instance.board.width;
    const partId = String(ctx.option('initial') ?? 'greedy');
    const initial = ctx.part<InitialPlacement>(INITIAL_PLACEMENT, partId);
    if (!initial) throw new UsageError('ERR_OPTION', `no initial placement "${partId}" is registered`);
    const restartAfter = restartLimit(ctx.option('restartAfter'), n);

    const board = new LineBoard(n, lines);
    const ties = new Int32Array(n);
    const tally: RepairTally = { steps: 0, moves: 0 };
    let restarts = 0;
    let placementMs = 0;
    let initialConflicts = 0;
    for (;;) {
      const placing = performance.now();
      if (restarts > 0) board.clear();
      initial.place(board, ctx.rng);
      board.trackFreeRanks();
      placementMs += performance.now() - placing;
      if (restarts === 0) initialConflicts = board.suspectCount;
      ctx.progress({ nodes: tally.steps, metrics: { conflicted: board.suspectCount } });
      if (ctx.trace) traceStart(board, tally.steps, ctx.trace);
      const stop = repair(board, ctx.rng, ctx.clock, tally, tally.steps + restartAfter, ties, ctx.trace);
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
      if (stop === 'solved' && ctx.trace) ctx.trace({ type: 'solution', index: 0 });
      if (stop === 'solved') return { status: 'solved', solutions: [{ kind: 'placement', squares: board.squares() }], stats };
      const partial = {
        score: h,
        best: { kind: 'placement' as const, squares: board.squares() },
        note: `${h} attacking pair${h === 1 ? '' : 's'} left after ${tally.steps} repairs`,
      };
      if (stop === 'aborted') return { status: 'aborted', partial, stats };
      return { status: 'budget', exhausted: stop, partial, stats };
    }
  },
};

function restartLimit(value: unknown, n: number): number {
  if (value === undefined) return Math.max(100, 2 * n);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new UsageError('ERR_OPTION', `restartAfter must be a whole number of repairs (0 = never), not ${String(value)}`);
  }
  return value === 0 ? Number.POSITIVE_INFINITY : value;
}

/** For a visualiser: the placement a try starts from, piece by piece, then its h. */
export function traceStart(board: LineBoard, step: number, trace: (event: TraceEvent) => void): void {
  for (const [depth, square] of board.squares().entries()) trace({ type: 'place', square, depth });
  trace({ type: 'local', step, h: board.attackingPairs() });
}
