import { no, symmetryGroup, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { averageOverGroup, fixedCounts, methodFor } from './burnside.js';
import { countTable } from './count.js';
import { frontierWidth, MAX_FRONTIER, orbitGraph } from './frontier.js';
import { buildLayout, type Layout } from './layout.js';
import { MAX_WIDTH, rowModel, unsupportedMovement } from './rows.js';
import { largestPlacement } from './traceback.js';

/** States we lay out at most: with polynomials of a few dozen coefficients, a few hundred MB per buffer. */
const MAX_STATES = 1 << 24;
/** Bytes of the two state buffers we accept (per prime pass; passes run one after the other). */
const MAX_BYTES = 3e9;

const layouts = new WeakMap<object, Map<string, Layout | string>>();

/** The layout of an instance, or why there is none; cached per piece and board (supports and run both need it). */
function layoutOf(instance: Instance): Layout | string {
  const { board, piece } = instance;
  const key = `${board.width}x${board.height}:${board.removed.join(',')}`;
  let perPiece = layouts.get(piece);
  if (!perPiece) layouts.set(piece, (perPiece = new Map()));
  const cached = perPiece.get(key);
  if (cached !== undefined) return cached;
  const model = rowModel(board, piece.movement);
  let found: Layout | string;
  if (model.width > MAX_WIDTH) found = `the shorter side of ${board} is ${model.width} squares; row masks hold at most ${MAX_WIDTH}`;
  else if (model.width * model.reach > 40) found = `rows of ${model.width} squares with attacks reaching ${model.reach} rows make a state of ${model.width * model.reach} bits`;
  else found = buildLayout(model, MAX_STATES) ?? `the ${piece.name}'s row states on ${board} number more than ${MAX_STATES.toLocaleString('en-US')}`;
  perPiece.set(key, found);
  return found;
}

/** Coefficients a polynomial may need: at most every playable square, usually about half. */
const degreeGuess = (instance: Instance) => Math.ceil(instance.board.playable / 2) + 1;

/**
 * Row-transfer dynamic programming for non-attacking placements of a leaper (or a bounded rider): the state is the
 * occupancy of the last R rows, each state carries a polynomial in the number of pieces, so one run counts every k.
 */
export const transferMatrix: SearchStrategy = {
  meta: {
    id: 'transfer-matrix',
    description: 'exact counts for every k at once by row-transfer DP over the last rows (leapers and bounded riders, up to 32 columns); count-fundamental by Burnside',
    problems: ['placement'],
    goals: ['count', 'count-fundamental', 'maximum'],
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'placement') return no('it counts placements only');
    const { board, piece } = instance;
    if (piece.attacks) return no(`the ${piece.name} has a custom attack rule that vectors cannot describe`);
    if (board.torus) return no('a torus joins the last row to the first, so rows cannot be added one at a time');
    const movement = unsupportedMovement(piece.movement);
    if (movement) return no(movement);
    if (board.hasRemoved() && piece.movement.rides.some((r) => (r.range ?? 2) > 1)) {
      return no('a removed square blocks a ride, so the conflicts would differ from row to row');
    }
    const layout = layoutOf(instance);
    if (typeof layout === 'string') return no(layout);
    const bytes = layout.states * degreeGuess(instance) * 4 * 2;
    if (bytes > MAX_BYTES) return no(`the states would need about ${(bytes / 2 ** 30).toFixed(1)} GiB`);
    if (instance.task.goal === 'count-fundamental') {
      const group = symmetryGroup(board, piece.movement);
      for (const s of group.filter((g) => methodFor(layout, g) === 'orbit frontier')) {
        const width = frontierWidth(orbitGraph(board, piece, s));
        if (width > MAX_FRONTIER - 4) return no(`placements fixed by "${s.name}" would need a frontier of ${width} orbits`);
      }
    }
    // Coefficient additions: a row step's work × rows × polynomial length × passes (one per prime, about one prime per
    // 30 bits of the count, which is below 2^(0.6·squares) for leapers), at roughly 2·10⁸ a second; cost ≈ 2 per second.
    const passes = 1 + Math.ceil((instance.board.playable * 0.6) / 30);
    const seconds = (layout.work * layout.model.height * degreeGuess(instance) * passes) / 2e8;
    // For `maximum` a quick DP undercuts a formula's instant answer: besides a largest placement it proves the
    // maximum by exhaustion and counts the ways to reach it. A slow one (a second or more) leaves it to the formula.
    return yes((instance.task.goal === 'maximum' ? 0.5 : 2) + 2 * seconds);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    if (instance.kind !== 'placement') throw new Error('transfer-matrix was run on a tour');
    const layout = layoutOf(instance);
    if (typeof layout === 'string') throw new Error(`transfer-matrix was run on a task it declined: ${layout}`);
    let done = 0;
    const stop = (work: number) => ctx.clock.exhausted(done + work);
    const stats = (extra: Record<string, number | string> = {}) => ({
      nodes: done,
      timeMs: performance.now() - started,
      extra: { states: layout.states, rows: layout.model.height, ...extra },
    });
    const stoppedOutcome = (): Outcome =>
      ctx.clock.reason === 'aborted'
        ? { status: 'aborted', stats: stats(), partial: { note: 'the row DP stopped before the last row' } }
        : { status: 'budget', exhausted: ctx.clock.reason === 'steps' ? 'steps' : 'time', stats: stats(), partial: { note: 'the row DP stopped before the last row' } };

    const counted = countTable(layout, { stop, progress: (rows, total) => ctx.progress({ done: rows, total, message: 'rows' }) });
    done += counted.transitions;
    if (counted.stopped) return stoppedOutcome();
    const table = counted.table;
    const primes = { primes: counted.primes };
    const goal = instance.task.goal;
    if (goal === 'maximum') {
      const maximum = table.length - 1;
      const squares = largestPlacement(layout, instance.board, stop);
      if (!squares) return stoppedOutcome();
      const solutions = [{ kind: 'placement' as const, squares }];
      return { status: 'complete', maximum, count: table[maximum]!, table, solutions, stats: stats(primes) };
    }
    const count = table[instance.k] ?? 0n;
    if (goal !== 'count-fundamental') return { status: 'complete', count, table, stats: stats(primes) };

    const group = symmetryGroup(instance.board, instance.piece.movement);
    const fixed = fixedCounts(instance.board, instance.piece, layout, group, table, stop);
    if (!fixed) return stoppedOutcome();
    const fundamental = averageOverGroup(fixed);
    const methods = Object.fromEntries(fixed.map((f) => [f.symmetry, f.method]));
    return { status: 'complete', count, fundamental: fundamental[instance.k] ?? 0n, table, stats: stats({ ...primes, ...methods }) };
  },
};
