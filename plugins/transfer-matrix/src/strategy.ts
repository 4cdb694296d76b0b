import { formatBytes, memoryLimit, no, option, overMemory, symmetryGroup, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { averageOverGroup, fixedCounts, methodFor } from './burnside.js';
import { cellBytes, cellModel, countCells, MAX_PROFILE, profileBits, profileStates } from './cells.js';
import { countTable } from './count.js';
import { frontierWidth, MAX_FRONTIER, orbitGraph } from './frontier.js';
import { buildLayout, type Layout } from './layout.js';
import { layoutSize, type LayoutSize } from './layout-size.js';
import { MAX_WIDTH, rowModel, unsupportedMovement, type RowModel } from './rows.js';
import { largestPlacement } from './traceback.js';

/** States we lay out at most: state offsets and group indices stay exact, and the memory check below stays the real bound. */
const MAX_STATES = 1 << 24;
/** Candidate rows `supports()` tests before it estimates the rest of a layout from a sample (a few milliseconds). */
const SIZE_TESTS = 20_000;
/**
 * Candidate rows tested to count a layout that sampling puts within reach (a few hundred milliseconds at most).
 * Knuth's probes are unbiased but heavy-tailed, so a few dozen tend to fall short: knights 16×16 sampled at
 * 6.5 million states had 9.15 million, and a run that passed a 6.4 GiB check took 9.3 GB. A layout in reach is
 * one a run may allocate, so it is counted before its memory is weighed.
 */
const COUNT_TESTS = 1_000_000;

/**
 * The time model, calibrated by bench/sections/85-auto.ts on the reference machine (fitted within 2× on kings,
 * ferzes and wazirs with one group of states to camels, zebras and knights with thousands). A count makes a pass
 * of the DP for the maximum, one in floating point and one per prime (about one prime per 30 bits of the count,
 * which for leapers stays below 2^(0.6·squares)); each pass costs per state and row (finding each group's next
 * rows, one transition a state) and per coefficient addition (`work` additions a row, on polynomials that grow a
 * piece a row, so half the final degree on average). Burnside's other symmetries (count-fundamental) cost about as
 * much again; a largest placement adds a pass that keeps every row.
 */
const MS_PER_STATE_ROW = 5e-4;
const MS_PER_ADDITION = 1.5e-5;
const MS_PER_RUN = 0.3;
const FUNDAMENTAL_FACTOR = 2;

const models = new WeakMap<object, Map<string, { model: RowModel; size: LayoutSize } | string>>();
const layouts = new WeakMap<object, Map<string, Layout | string>>();

const layoutKey = ({ board }: Instance) => `${board.width}x${board.height}:${board.removed.join(',')}`;

/** Cached per piece and board: `supports` and `run` both need it, and `auto` asks more than once. */
function cached<T>(store: WeakMap<object, Map<string, T>>, instance: Instance, make: () => T): T {
  const { piece } = instance;
  const key = layoutKey(instance);
  let perPiece = store.get(piece);
  if (!perPiece) store.set(piece, (perPiece = new Map()));
  let found = perPiece.get(key);
  if (found === undefined) {
    found = make();
    if (perPiece.size >= 64) perPiece.delete(perPiece.keys().next().value!);
    perPiece.set(key, found);
  }
  return found;
}

/** The row model and the layout's size (estimated from a sample when large), or why there is none. */
function sizeOf(instance: Instance): { model: RowModel; size: LayoutSize } | string {
  return cached(models, instance, () => {
    const model = rowModel(instance.board, instance.piece.movement);
    if (model.width * model.reach > 40) return `rows of ${model.width} squares with attacks reaching ${model.reach} rows make a state of ${model.width * model.reach} bits`;
    const sampled = layoutSize(model, SIZE_TESTS);
    const size = sampled.exact || sampled.states > 4 * MAX_STATES ? sampled : layoutSize(model, COUNT_TESTS);
    if (size.states > MAX_STATES) return `the ${instance.piece.name}'s row states on ${instance.board} number ${size.exact ? '' : 'about '}${Math.round(size.states).toLocaleString('en-US')}, more than ${MAX_STATES.toLocaleString('en-US')}`;
    return { model, size };
  });
}

/** The layout itself, built when a run needs it; undefined when `stop` ended the building (nothing is kept then). */
function layoutOf(instance: Instance, stop: () => boolean): Layout | string | undefined {
  const found = layouts.get(instance.piece)?.get(layoutKey(instance));
  if (found !== undefined) return found;
  const sized = sizeOf(instance);
  if (typeof sized === 'string') return sized;
  const built = buildLayout(sized.model, MAX_STATES, stop);
  if (built === 'stopped') return undefined;
  return cached(layouts, instance, () => built ?? `the ${instance.piece.name}'s row states on ${instance.board} number more than ${MAX_STATES.toLocaleString('en-US')}`);
}

/** Coefficients a polynomial may need: at most every playable square, usually about half. */
const degreeGuess = (instance: Instance) => Math.ceil(instance.board.playable / 2) + 1;

/**
 * Bytes of a run: two buffers of a polynomial per state (4 bytes a coefficient, kept from prime to prime), the
 * passes for the maximum and the total (two buffers each of 4 and 8 bytes a state), the layout's arrays, and for
 * `maximum` a row of maxima per row.
 */
function bytesOf(instance: Instance, model: RowModel, size: LayoutSize): number {
  const buffers = 2 * size.states * degreeGuess(instance) * 4 + 24 * size.states;
  const layout = size.groups * (model.reach * 12 + 16);
  const snapshots = instance.task.goal === 'maximum' ? size.states * 4 * (model.height + 1) : 0;
  return buffers + layout + snapshots;
}

/** Estimated milliseconds of a run (see the constants above). */
function estimatedMs(instance: Instance, model: RowModel, size: LayoutSize): number {
  const degree = degreeGuess(instance);
  const primes = Math.ceil((instance.board.playable * 0.6) / 30);
  const extra = instance.task.goal === 'maximum' ? 1 : 0;
  const perState = MS_PER_STATE_ROW * size.states * model.height * (2 + primes + extra);
  const additions = MS_PER_ADDITION * size.work * model.height * (2 + primes * (degree / 2 + 1) + extra);
  const ms = MS_PER_RUN + perState + additions;
  return instance.task.goal === 'count-fundamental' ? FUNDAMENTAL_FACTOR * ms : ms;
}

const SWEEPS = ['row', 'cell'] as const;
const sweepOf = (instance: Instance) => (instance.task.options?.sweep === 'cell' ? 'cell' : 'row');

/** The cell sweep's model: along the board's columns when it is square (the row DP goes along its rows). */
const cellRows = (instance: Instance) => rowModel(instance.board, instance.piece.movement, instance.board.width >= instance.board.height);

const cellSizes = new WeakMap<object, Map<string, { max: number; bits: number } | string>>();

/** The cell sweep's largest number of states (exact, counted without sweeping) and its profile, or why there is none. */
function cellSizeOf(instance: Instance): { max: number; bits: number } | string {
  return cached(cellSizes, instance, () => {
    const model = cellRows(instance);
    const bits = profileBits(model);
    if (bits > MAX_PROFILE) return `the ${instance.piece.name} on ${instance.board} reaches ${bits} squares back in the cell sweep; a state holds at most ${MAX_PROFILE}`;
    const { max } = profileStates(model, cellModel(model));
    if (max > MAX_STATES) return `the ${instance.piece.name}'s cell states on ${instance.board} number ${max.toLocaleString('en-US')}, more than ${MAX_STATES.toLocaleString('en-US')}`;
    return { max, bits };
  });
}

/** Per state and square, about: a table look-up or two and the coefficients (calibrated on knights 10×10–12×12). */
const MS_PER_CELL_STATE = 2e-4;
const MS_PER_CELL_COEFFICIENT = 2e-6;

function supportsCells(instance: Instance): Support {
  if (instance.task.goal !== 'count') return no('the cell sweep (sweep=cell) counts only; the row sweep does the other goals');
  if (instance.board.hasRemoved() && instance.piece.movement.rides.some((r) => (r.range ?? 2) > 1)) {
    return no('a removed square blocks a ride, so the conflicts would differ from square to square');
  }
  const polynomials = overMemory(2 * degreeGuess(instance) * 4, `a polynomial of every k up to ${degreeGuess(instance) - 1} for each state on ${instance.board}`, instance);
  if (polynomials) return no(polynomials);
  const size = cellSizeOf(instance);
  if (typeof size === 'string') return no(size);
  const memory = overMemory(cellBytes(size.max, degreeGuess(instance)), `the ${size.max.toLocaleString('en-US')} cell states with a polynomial each`, instance);
  if (memory) return no(memory);
  const primes = Math.ceil((instance.board.playable * 0.6) / 29);
  const squares = instance.board.width * instance.board.height;
  return yes(MS_PER_RUN + squares * size.max * (1 + primes) * (MS_PER_CELL_STATE + MS_PER_CELL_COEFFICIENT * degreeGuess(instance) / 2));
}

function runCells(instance: Extract<Instance, { kind: 'placement' }>, ctx: RunContext, started: number): Outcome {
  const size = cellSizeOf(instance);
  if (typeof size === 'string') throw new Error(`transfer-matrix was run on a task it declined: ${size}`);
  const estimate = cellBytes(size.max, degreeGuess(instance));
  ctx.progress({ message: `${size.max.toLocaleString('en-US')} cell states (a profile of ${size.bits} squares), ${formatBytes(estimate)} of the ${formatBytes(memoryLimit(instance)).replace(/^about /, '')} allowed` });
  const counted = countCells(cellRows(instance), {
    stop: (work) => ctx.clock.exhausted(work),
    progress: (done, total) => ctx.progress({ done, total, message: 'squares' }),
    states: size.max,
  });
  const stats = {
    nodes: counted.transitions,
    timeMs: performance.now() - started,
    extra: { sweep: 'cell', states: counted.maxStates, profile: size.bits, memoryEstimate: formatBytes(estimate), primes: counted.primes.length, primeList: counted.primes.join(' ') },
  };
  if (counted.stopped) {
    const partial = { note: 'the cell sweep stopped before the last square' };
    return ctx.clock.reason === 'aborted' ? { status: 'aborted', stats, partial } : { status: 'budget', exhausted: ctx.clock.reason === 'steps' ? 'steps' : 'time', stats, partial };
  }
  const sum = counted.table.reduce((a, b) => a + b, 0n);
  if (Math.abs(Number(sum) - counted.floatTotal) > counted.floatTotal * 1e-9) {
    throw new Error(`the cell sweep's table sums to ${sum}, not the ${counted.floatTotal} its size pass counted: too few primes`);
  }
  return { status: 'complete', count: counted.table[instance.k] ?? 0n, table: counted.table, stats };
}

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
    options: {
      sweep: option.choice(
        'row: the DP adds a row at a time, the state being the last rows (every goal); cell: a second, independent route for counts, adding one square at a time along the other side of a square board, the state being the last squares a piece can reach back to, with other primes (below 2^29)',
        SWEEPS,
        { default: 'row' },
      ),
    },
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'placement') return no('it counts placements only');
    const { board, piece } = instance;
    if (piece.attacks) return no(`the ${piece.name} has a custom attack rule that vectors cannot describe`);
    if (board.torus) return no('a torus joins the last row to the first, so rows cannot be added one at a time');
    const movement = unsupportedMovement(piece.movement);
    if (movement) return no(movement);
    if (sweepOf(instance) === 'cell') return supportsCells(instance);
    if (board.hasRemoved() && piece.movement.rides.some((r) => (r.range ?? 2) > 1)) {
      return no('a removed square blocks a ride, so the conflicts would differ from row to row');
    }
    // Both checked before the row model is built: it has a mask per row, and a side may have 10⁸ squares.
    const shorter = Math.min(board.width, board.height);
    if (shorter > MAX_WIDTH) return no(`the shorter side of ${board} is ${shorter} squares; row masks hold at most ${MAX_WIDTH}`);
    const polynomials = overMemory(2 * degreeGuess(instance) * 4, `a polynomial of every k up to ${degreeGuess(instance) - 1} for each state on ${board}`, instance);
    if (polynomials) return no(polynomials);
    const sized = sizeOf(instance);
    if (typeof sized === 'string') return no(sized);
    const { model, size } = sized;
    const memory = overMemory(bytesOf(instance, model, size), `the ${Math.round(size.states).toLocaleString('en-US')} row states${size.exact ? '' : ' (estimated)'} with a polynomial each`, instance);
    if (memory) return no(memory);
    if (instance.task.goal === 'count-fundamental') {
      const group = symmetryGroup(board, piece.movement);
      for (const s of group.filter((g) => methodFor(model, g) === 'orbit frontier')) {
        const width = frontierWidth(orbitGraph(board, piece, s));
        if (width > MAX_FRONTIER - 4) return no(`placements fixed by "${s.name}" would need a frontier of ${width} orbits`);
      }
    }
    return yes(estimatedMs(instance, model, size));
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    if (instance.kind !== 'placement') throw new Error('transfer-matrix was run on a tour');
    if (sweepOf(instance) === 'cell') return runCells(instance, ctx, started);
    // What it will take, said before anything is allocated (supports() checked it against the run's limit).
    const sized = sizeOf(instance);
    const estimate = typeof sized === 'string' ? undefined : bytesOf(instance, sized.model, sized.size);
    if (typeof sized !== 'string' && estimate !== undefined) {
      ctx.progress({ message: `${Math.round(sized.size.states).toLocaleString('en-US')} row states, ${formatBytes(estimate)} of the ${formatBytes(memoryLimit(instance)).replace(/^about /, '')} allowed` });
    }
    let done = 0;
    const stop = (work: number) => ctx.clock.exhausted(done + work);
    const layout = layoutOf(instance, () => stop(0));
    if (typeof layout === 'string') throw new Error(`transfer-matrix was run on a task it declined: ${layout}`);
    const stats = (extra: Record<string, number | string> = {}) => ({
      nodes: done,
      timeMs: performance.now() - started,
      extra: { ...(layout ? { states: layout.states, rows: layout.model.height } : {}), ...(estimate !== undefined ? { memoryEstimate: formatBytes(estimate) } : {}), ...extra },
    });
    const stoppedOutcome = (): Outcome => {
      const note = layout ? 'the row DP stopped before the last row' : 'it stopped while laying out the row states, before the DP';
      return ctx.clock.reason === 'aborted'
        ? { status: 'aborted', stats: stats(), partial: { note } }
        : { status: 'budget', exhausted: ctx.clock.reason === 'steps' ? 'steps' : 'time', stats: stats(), partial: { note } };
    };
    if (!layout) return stoppedOutcome();

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
