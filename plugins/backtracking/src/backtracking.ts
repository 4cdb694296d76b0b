import { no, option, overMemory, TOUR_DIRECTIONS, UsageError, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type SubTask, type Support } from '@bezzel/core';
import { solvePlacement } from './placement/solve-placement.js';
import { TOUR_ORDERING } from './tour/ordering.js';
import { DEFAULT_ORDERING, solveTour } from './tour/solve-tour.js';
import { splitTour } from './tour/split-tour.js';
import { bytesOf, COUNT_FLOOR, placementMs, tourMs } from './cost.js';

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
    stepUnit: 'nodes',
    countFloor: COUNT_FLOOR,
    options: {
      ordering: option.part('the order in which a tour tries its moves', TOUR_ORDERING, { default: DEFAULT_ORDERING }),
      direction: option.choice(
        'tour counts: directed (a tour and its reversal are two) or undirected (one); default: directed for open tours (OEIS A165134: 6,637,920 on 6×6), undirected for closed ones (OEIS A001230: 9862 on 6×6)',
        TOUR_DIRECTIONS,
      ),
      reversal: option.boolean('open tour counts without a start: walk each tour once and count its reversal by symmetry (half the work); false walks every directed path, as counts did before', { default: true }),
      placed: option.internal('placements only: pieces already on the board, as square numbers or names joined with "-" ("a1-c2"): search only the ways to add the rest (a hint for a position)'),
      prefix: option.internal(
        'tours only: the path\'s first squares as split() writes them (square numbers row*width+col, or names, joined with "-", start first, as "0-11-22" or "a1-b3-c5"): search only tours that begin so',
      ),
    },
  },

  supports(instance: Instance): Support {
    if (instance.kind === 'dominate') return no('it places non-attacking pieces and walks tours; it does not dominate');
    const entries = tableEntries(instance);
    const table = instance.kind === 'placement' ? 'conflict table' : 'move table';
    if (entries > MAX_ENTRIES[instance.kind]) {
      return no(`the ${instance.piece.name}'s ${table} on ${instance.board} would need about ${millions(entries)} entries`);
    }
    const memory = overMemory(bytesOf(instance, entries), `the ${instance.piece.name}'s ${table} and search arrays on ${instance.board}`, instance);
    if (memory) return no(memory);
    return yes(instance.kind === 'placement' ? placementMs(instance, entries) : tourMs(instance, entries));
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    if (instance.kind === 'dominate') throw new Error('backtracking was run on a domination problem it declined');
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

/** "3200 million", or "4.2·10¹⁷" past what a count of millions reads well as. */
function millions(entries: number): string {
  if (entries < 1e12) return `${(entries / 1e6).toFixed(0)} million`;
  const exponent = Math.floor(Math.log10(entries));
  const superscript = String(exponent).replace(/\d/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)]!);
  return `${(entries / 10 ** exponent).toFixed(1)}·10${superscript}`;
}

/**
 * The entries of the table the search would build: every move of the piece on the board (a square's conflicts are
 * the squares it attacks and those attacking it, the same count for a piece whose moves go both ways). Counted
 * per vector in closed form, so it costs nothing however large the board; a piece with its own attack rule is
 * guessed at 64 squares a square.
 */
function tableEntries(instance: Instance): number {
  const { board, piece } = instance;
  if (piece.attacks) return board.size * Math.min(board.size, 64);
  const m = piece.movement;
  let entries = 0;
  for (const v of m.leaps) entries += movesAlong(board, v.dx, v.dy, 1);
  for (const r of m.rides) entries += movesAlong(board, r.dx, r.dy, r.range ?? Infinity);
  return entries;
}

/** Moves of steps 1…range along (dx, dy) that stay on the board: Σ (W − s|dx|)(H − s|dy|), or W·H a step on a torus. */
function movesAlong(board: Instance['board'], dx: number, dy: number, range: number): number {
  const { width: W, height: H } = board;
  const a = Math.abs(dx);
  const b = Math.abs(dy);
  if (board.torus) return W * H * Math.min(range, W + H);
  const L = Math.min(range, a === 0 ? Infinity : Math.floor((W - 1) / a), b === 0 ? Infinity : Math.floor((H - 1) / b));
  if (!Number.isFinite(L) || L <= 0) return 0;
  return L * W * H - ((a * H + b * W) * L * (L + 1)) / 2 + (a * b * L * (L + 1) * (2 * L + 1)) / 6;
}
