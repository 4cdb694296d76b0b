import { no, yes, type Board, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { solvePlacement } from './placement/solve-placement';
import { TOUR_ORDERING } from './tour/ordering';
import { DEFAULT_ORDERING, solveTour } from './tour/solve-tour';

/** Entries of a conflict or move table we are willing to build: about 200 MB of int32. */
const MAX_TABLE_ENTRIES = 50_000_000;

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
    ],
  },

  supports(instance: Instance): Support {
    const entries = tableEntries(instance);
    if (entries > MAX_TABLE_ENTRIES) {
      const table = instance.kind === 'placement' ? 'conflict table' : 'move table';
      return no(`the ${instance.piece.name}'s ${table} on ${instance.board} would need about ${(entries / 1e6).toFixed(0)} million entries`);
    }
    return yes(100);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    return instance.kind === 'placement' ? solvePlacement(instance, ctx) : solveTour(instance, ctx);
  },
};

/** A rough size of the table the search would build: squares times the squares each one reaches. */
function tableEntries(instance: Instance): number {
  const { board, piece } = instance;
  if (piece.attacks) return board.size * Math.min(board.size, 64);
  const m = piece.movement;
  const reach = m.leaps.length + m.rides.reduce((sum, r) => sum + Math.min(r.range ?? Infinity, longestLine(board)), 0);
  return board.size * reach * (instance.kind === 'placement' ? 2 : 1);
}

function longestLine(board: Board): number {
  return Math.max(board.width, board.height);
}
