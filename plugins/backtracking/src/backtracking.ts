import { no, UsageError, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type SubTask, type Support } from '@bezzel/core';
import { solvePlacement } from './placement/solve-placement.js';
import { TOUR_ORDERING } from './tour/ordering.js';
import { DEFAULT_ORDERING, solveTour } from './tour/solve-tour.js';
import { splitTour } from './tour/split-tour.js';

/**
 * The largest tables worth building. The core builds a conflict table through a list and a set per square
 * (100 queens: 3 million entries in about 4 s), a move table through one flat list (a 1000×1000 knight's
 * board: 8 million entries in about 1 s).
 */
const MAX_ENTRIES = { placement: 10_000_000, tour: 25_000_000 } as const;

/**
 * The general reference strategy: plain depth-first search over tables built from the piece's moves, for
 * any piece on any board. It claims a middling cost so that specialised strategies can undercut it.
 */
export const backtracking: SearchStrategy = {
  meta: {
    id: 'backtracking',
    description: 'depth-first search for any piece and board: placements (row by row where it can) and tours with a chosen move ordering',
    problems: ['placement', 'tour'],
    goals: ['one', 'all', 'count', 'count-fundamental'],
    options: [
      {
        name: 'ordering',
        partKind: TOUR_ORDERING,
        default: DEFAULT_ORDERING,
        description: 'the order in which a tour tries its moves',
      },
      {
        name: 'placed',
        internal: true,
        description: 'placements only: pieces already on the board, as square numbers or names joined with "-" ("a1-c2"): search only the ways to add the rest (a hint for a position)',
      },
      {
        name: 'prefix',
        internal: true,
        description: 'tours only: the path\'s first squares as split() writes them (square numbers row*width+col, or names, joined with "-", start first, as "0-11-22" or "a1-b3-c5"): search only tours that begin so',
      },
    ],
  },

  supports(instance: Instance): Support {
    const entries = tableEntries(instance);
    if (entries > MAX_ENTRIES[instance.kind]) {
      const table = instance.kind === 'placement' ? 'conflict table' : 'move table';
      return no(`the ${instance.piece.name}'s ${table} on ${instance.board} would need about ${(entries / 1e6).toFixed(0)} million entries`);
    }
    return yes(100);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    if (instance.kind === 'tour') {
      if (ctx.option('placed') !== undefined) throw new UsageError('ERR_OPTION', 'option placed is for placements; a tour starts from option prefix');
      return solveTour(instance, ctx);
    }
    if (ctx.option('prefix') !== undefined) throw new UsageError('ERR_OPTION', 'option prefix is for tours; strategy backtracking does not split placements');
    return solvePlacement(instance, ctx);
  },

  /** Tour counts split into one sub-task per path prefix (see `splitTour`); placement counts do not split. */
  split(instance: Instance, parts: number): SubTask[] | undefined {
    return instance.kind === 'tour' && instance.task.goal === 'count' ? splitTour(instance, parts) : undefined;
  },
};

/** A rough size of the table the search would build: squares times the squares one square reaches. */
function tableEntries(instance: Instance): number {
  const { board, piece } = instance;
  if (piece.attacks) return board.size * Math.min(board.size, 64);
  const m = piece.movement;
  const side = Math.max(board.width, board.height);
  const rideLength = (dx: number, dy: number, range = Infinity) => Math.min(range, Math.ceil(side / Math.max(Math.abs(dx), Math.abs(dy))));
  return board.size * m.rides.reduce((sum, r) => sum + rideLength(r.dx, r.dy, r.range), m.leaps.length);
}
