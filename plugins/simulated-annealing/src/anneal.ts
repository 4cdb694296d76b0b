import type { BudgetClock, Rng, TraceEvent, TrajectoryRecorder } from '@bezzel/core';
import type { LineBoard } from '@bezzel/columns';

/** How the temperature falls; see {@link temperatureAt}. */
export type Schedule = 'geometric' | 'linear' | 'logarithmic' | 'exponential';

/** The neighbourhood: move one piece within its column, or exchange the rows of two columns (a permutation stays one). */
export type Move = 'column' | 'swap';

/** Why an anneal stopped. `frozen`: the temperature fell below tMin with no reheat left. */
export type AnnealStop = 'solved' | 'frozen' | 'steps' | 'time' | 'aborted';

/** The settings of one run, every default resolved. */
export interface AnnealSettings {
  /** How the temperature falls. */
  readonly schedule: Schedule;
  /** The start temperature. */
  readonly t0: number;
  /** The cooling parameter of the schedule (see {@link temperatureAt}). */
  readonly alpha: number;
  /** Below this temperature the anneal is frozen: it reheats, or stops. */
  readonly tMin: number;
  /** Steps per temperature level (geometric, linear, logarithmic). */
  readonly level: number;
  /** The neighbourhood. */
  readonly move: Move;
  /** How many times a frozen anneal is heated again. */
  readonly reheats: number;
  /** The temperature a reheat starts from. */
  readonly reheatTo: number;
}

/** What an anneal counts, across reheats. */
export interface AnnealTally {
  /** Proposals: each draws one neighbour and accepts or refuses it. */
  steps: number;
  /** Proposals accepted (the move made). */
  acceptances: number;
  /** Of those, moves that raised h (accepted with probability e^(−Δ/T)). */
  uphill: number;
  /** Reheats used. */
  reheats: number;
  /** The temperature at the last step. */
  temperature: number;
  /** The lowest h seen. */
  bestH: number;
}

/**
 * The temperature after `k` levels (or, for `exponential`, `k` steps) since the anneal was (re)heated to `t0`:
 * geometric t0·α^k (Kirkpatrick et al. 1983), linear t0·(1 − α·k), logarithmic t0 / (1 + α·ln(1 + k)) (Geman and
 * Geman's slow schedule), exponential t0·e^(−α·k) (Russell and Norvig's T = t0·e^(−λt), per step).
 */
export function temperatureAt(schedule: Schedule, t0: number, alpha: number, k: number): number {
  switch (schedule) {
    case 'geometric':
      return t0 * alpha ** k;
    case 'linear':
      return t0 * (1 - alpha * k);
    case 'logarithmic':
      return t0 / (1 + alpha * Math.log1p(k));
    case 'exponential':
      return t0 * Math.exp(-alpha * k);
  }
}

/** Line families counted on the board: what a piece's own square adds to `conflictsAt` where it stands. */
export function countedFamilies(board: LineBoard): number {
  return (board.lines.rank ? 1 : 0) + (board.lines.diagonal ? 1 : 0) + (board.lines.antiDiagonal ? 1 : 0);
}

/** 2⁻³²: turns a 32-bit draw into a number in [0, 1). */
const UNIT = 2.3283064365386963e-10;
/** Rises up to this many pairs read their acceptance probability from a table made once per temperature. */
const TABLE = 32;

/**
 * The automatic start temperature: `samples` random neighbours of the board are looked at (none is taken) and
 * the mean rise of the uphill ones, Δ̄, gives t0 = Δ̄ / ln 2, at which that rise is accepted with probability ½
 * (Kirkpatrick's rule of thumb: start where about half the uphill moves pass). 1 when no sample goes uphill.
 */
export function automaticT0(board: LineBoard, move: Move, rng: Rng, samples: number): number {
  const n = board.n;
  const fam = countedFamilies(board);
  let sum = 0;
  let uphill = 0;
  for (let i = 0; i < samples; i++) {
    let delta: number;
    if (move === 'column') {
      const col = rng.below(n);
      const from = board.rows[col]!;
      let row = rng.below(n - 1);
      if (row >= from) row++;
      delta = board.conflictsAt(col, row) - board.conflictsAt(col, from) + fam;
    } else {
      const a = rng.below(n);
      let b = rng.below(n - 1);
      if (b >= a) b++;
      delta = swap(board, a, b);
      swap(board, a, b);
    }
    if (delta > 0) {
      sum += delta;
      uphill++;
    }
  }
  return uphill === 0 ? 1 : sum / uphill / Math.LN2;
}

/** Exchanges the rows of columns a and b and returns the change in h (attacking pairs). */
function swap(board: LineBoard, a: number, b: number): number {
  const ra = board.rows[a]!;
  const rb = board.rows[b]!;
  board.lift(a);
  const removeA = board.conflictsAt(a, ra);
  board.lift(b);
  const removeB = board.conflictsAt(b, rb);
  const addA = board.conflictsAt(a, rb);
  board.put(a, rb);
  const addB = board.conflictsAt(b, ra);
  board.put(b, ra);
  return addA + addB - removeA - removeB;
}

/**
 * Simulated annealing (Kirkpatrick, Gelatt and Vecchi 1983; Russell and Norvig's SIMULATED-ANNEALING) on one
 * piece per column, h = attacking pairs: each step draws a random neighbour, takes it when it does not raise h,
 * and otherwise with probability e^(−Δh/T). The temperature follows the schedule; once it is below tMin the
 * anneal reheats to `reheatTo` while reheats are left, and is frozen after that. Stops at h = 0.
 *
 * Each proposal costs O(1): the change in h is read from the board's counters per rank and diagonal (a column
 * move without touching the board, a swap by making it and undoing it when refused). No allocation per step.
 * `best` receives the rows of the lowest-h board seen. `trace` gets every proposal, accepted or not; `trajectory`,
 * when an experiment records, each new lowest h.
 */
export function anneal(
  board: LineBoard,
  rng: Rng,
  clock: BudgetClock,
  settings: AnnealSettings,
  tally: AnnealTally,
  best: Int32Array,
  trace?: (event: TraceEvent) => void,
  trajectory?: TrajectoryRecorder,
): AnnealStop {
  const n = board.n;
  const { rows } = board;
  const { schedule, alpha, tMin, level, move, reheats } = settings;
  const fam = countedFamilies(board);
  let h = board.attackingPairs();
  let heat = settings.t0;
  let k = 0;
  let inLevel = 0;
  let t = heat;
  const decay = Math.exp(-alpha);
  const accept = new Float64Array(TABLE);
  let tableT = Number.NaN;
  const scaleN = n * UNIT;
  const scaleN1 = (n - 1) * UNIT;
  tally.temperature = t;
  if (h < tally.bestH) {
    tally.bestH = h;
    best.set(rows);
    trajectory?.improve(tally.steps, h);
  }
  for (;;) {
    if (h === 0) return 'solved';
    if (tally.steps >= clock.maxSteps) {
      clock.exhausted(tally.steps);
      return 'steps';
    }
    if ((tally.steps & 0xfff) === 0 && clock.expired()) return clock.reason === 'aborted' ? 'aborted' : 'time';
    // The schedule: exponential cools every step, the others every `level` steps.
    if (schedule === 'exponential') {
      if (k > 0) t *= decay;
      k++;
    } else if (++inLevel === level) {
      inLevel = 0;
      t = temperatureAt(schedule, heat, alpha, ++k);
    }
    if (!(t >= tMin)) {
      if (tally.reheats >= reheats) return 'frozen';
      tally.reheats++;
      heat = settings.reheatTo;
      t = heat;
      k = 0;
      inLevel = 0;
    }
    tally.temperature = t;
    tally.steps++;

    if (t !== tableT) {
      // Geometric, linear and logarithmic keep one temperature for a whole level: e^(−Δ/T) is read from a table.
      tableT = t;
      if (schedule !== 'exponential') for (let d = 1; d < TABLE; d++) accept[d] = Math.exp(-d / t);
    }
    if (move === 'column') {
      // Draws scaled from 32 bits (bias under n / 2³², nothing next to the walk's own randomness).
      const col = (rng.nextU32() * scaleN) >>> 0;
      const from = rows[col]!;
      let row = (rng.nextU32() * scaleN1) >>> 0;
      if (row >= from) row++;
      const delta = board.conflictsAt(col, row) - board.conflictsAt(col, from) + fam;
      // The draw is made only for an uphill move, as before the trace carried it: the same seed, the same run.
      const draw = delta <= 0 ? -1 : rng.nextU32() * UNIT;
      const accepted = delta <= 0 || draw < (schedule !== 'exponential' && delta < TABLE ? accept[delta]! : Math.exp(-delta / t));
      if (accepted) {
        board.lift(col);
        board.put(col, row);
        h += delta;
        tally.acceptances++;
        if (delta > 0) tally.uphill++;
      }
      if (trace) trace({ type: 'local', step: tally.steps, h, from: from * n + col, to: row * n + col, temperature: t, accepted, delta, ...(draw >= 0 ? { draw } : {}) });
    } else {
      const a = (rng.nextU32() * scaleN) >>> 0;
      let b = (rng.nextU32() * scaleN1) >>> 0;
      if (b >= a) b++;
      const ra = rows[a]!;
      const rb = rows[b]!;
      const delta = swap(board, a, b);
      const draw = delta <= 0 ? -1 : rng.nextU32() * UNIT;
      const accepted = delta <= 0 || draw < (schedule !== 'exponential' && delta < TABLE ? accept[delta]! : Math.exp(-delta / t));
      if (accepted) {
        h += delta;
        tally.acceptances++;
        if (delta > 0) tally.uphill++;
      } else {
        swap(board, a, b);
      }
      if (trace) trace({ type: 'local', step: tally.steps, h, from: ra * n + a, to: rb * n + a, swapped: { from: rb * n + b, to: ra * n + b }, temperature: t, accepted, delta, ...(draw >= 0 ? { draw } : {}) });
    }
    if (h < tally.bestH) {
      tally.bestH = h;
      best.set(rows);
      trajectory?.improve(tally.steps, h);
    }
  }
}

/**
 * Makes the board's placement a permutation (one piece per rank), as swap moves need: each column whose rank a
 * column to its left already uses takes one of the unused ranks, drawn at random. Changes nothing on a permutation.
 */
export function makePermutation(board: LineBoard, rng: Rng): void {
  const n = board.n;
  const used = new Uint8Array(n);
  const unused = new Int32Array(n);
  for (let col = 0; col < n; col++) used[board.rows[col]!] = 1;
  let free = 0;
  for (let row = 0; row < n; row++) if (!used[row]) unused[free++] = row;
  if (free === 0) return;
  rng.shuffle(unused, free);
  used.fill(0);
  for (let col = 0; col < n; col++) {
    const row = board.rows[col]!;
    if (!used[row]) {
      used[row] = 1;
      continue;
    }
    board.lift(col);
    board.put(col, unused[--free]!);
  }
}
