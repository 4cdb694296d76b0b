import type { BudgetClock, Rng, TraceEvent, TrajectoryRecorder } from '@bezzel/core';
import type { LineFamilies } from '@bezzel/columns';

/** Why a beam search stopped. */
export type BeamStop = 'solved' | 'steps' | 'time' | 'aborted';

/** The settings of one run, every default resolved. */
export interface BeamSettings {
  /** States kept from step to step. */
  readonly k: number;
  /** Successors drawn at random from each state when it has more than this many (n(n − 1)); else all of them. */
  readonly sample: number;
  /** Stochastic beam search: the k successors are drawn with probabilities ∝ e^(−h/T); otherwise the k best. */
  readonly stochastic: boolean;
  /** T of the stochastic draw. */
  readonly temperature: number;
}

/** What a beam search counts. */
export interface BeamTally {
  /** Steps: each expands the k states and keeps k successors. */
  steps: number;
  /** Successors evaluated. */
  successors: number;
  /** The lowest h seen. */
  bestH: number;
}

/** A fixed 32-bit key of a piece on (col, row): a state's key is the XOR of its pieces' (Zobrist hashing). */
function key(square: number): number {
  let z = Math.imul(square ^ 0x5bd1e995, 0x9e3779b1);
  z = Math.imul(z ^ (z >>> 15), 0x85ebca6b);
  return z ^ (z >>> 13);
}

/**
 * The k states of a beam, one piece per column each, with counters per rank and diagonal, in flat typed arrays
 * (state s's rows are rows[s·n … s·n + n)). Families a piece does not ride are never counted.
 */
export class Beam {
  /** The row of each column's piece, state by state. */
  readonly rows: Int32Array;
  /** Pieces on each rank, state by state (n per state). */
  readonly rank: Int32Array;
  /** Pieces on each diagonal row − col + n − 1, state by state (2n − 1 per state). */
  readonly diagonal: Int32Array;
  /** Pieces on each anti-diagonal row + col, state by state (2n − 1 per state). */
  readonly anti: Int32Array;
  /** Each state's h: attacking pairs. */
  readonly h: Int32Array;
  /** Each state's key (the XOR of its pieces' keys), to keep k different states. */
  readonly keys: Int32Array;
  /** How many states are in use. */
  size = 0;

  constructor(
    /** Columns and rows. */
    readonly n: number,
    /** Room for this many states. */
    readonly capacity: number,
    /** The line families counted. */
    readonly lines: LineFamilies,
  ) {
    this.rows = new Int32Array(capacity * n);
    this.rank = new Int32Array(capacity * n);
    this.diagonal = new Int32Array(capacity * (2 * n - 1));
    this.anti = new Int32Array(capacity * (2 * n - 1));
    this.h = new Int32Array(capacity);
    this.keys = new Int32Array(capacity);
  }

  /** Adds a state from the row of each column; returns its index. */
  add(rows: ArrayLike<number>): number {
    const s = this.size++;
    const n = this.n;
    const d = 2 * n - 1;
    this.rank.fill(0, s * n, s * n + n);
    this.diagonal.fill(0, s * d, s * d + d);
    this.anti.fill(0, s * d, s * d + d);
    let hash = 0;
    for (let col = 0; col < n; col++) {
      const row = rows[col]!;
      this.rows[s * n + col] = row;
      if (this.lines.rank) this.rank[s * n + row]!++;
      if (this.lines.diagonal) this.diagonal[s * d + row - col + n - 1]!++;
      if (this.lines.antiDiagonal) this.anti[s * d + row + col]!++;
      hash ^= key(col * n + row);
    }
    this.keys[s] = hash;
    let pairs = 0;
    for (const [counts, from, length] of [[this.rank, s * n, n], [this.diagonal, s * d, d], [this.anti, s * d, d]] as const) {
      for (let i = from; i < from + length; i++) pairs += (counts[i]! * (counts[i]! - 1)) / 2;
    }
    this.h[s] = pairs;
    return s;
  }

  /** Copies state `s` of `other` into a new state here, with column `col` moved to `row` and h = `h`. */
  addMoved(other: Beam, s: number, col: number, row: number, h: number): number {
    const t = this.size++;
    const n = this.n;
    const d = 2 * n - 1;
    this.rows.set(other.rows.subarray(s * n, s * n + n), t * n);
    this.rank.set(other.rank.subarray(s * n, s * n + n), t * n);
    this.diagonal.set(other.diagonal.subarray(s * d, s * d + d), t * d);
    this.anti.set(other.anti.subarray(s * d, s * d + d), t * d);
    const from = this.rows[t * n + col]!;
    this.rows[t * n + col] = row;
    if (this.lines.rank) {
      this.rank[t * n + from]!--;
      this.rank[t * n + row]!++;
    }
    if (this.lines.diagonal) {
      this.diagonal[t * d + from - col + n - 1]!--;
      this.diagonal[t * d + row - col + n - 1]!++;
    }
    if (this.lines.antiDiagonal) {
      this.anti[t * d + from + col]!--;
      this.anti[t * d + row + col]!++;
    }
    this.keys[t] = other.keys[s]! ^ key(col * n + from) ^ key(col * n + row);
    this.h[t] = h;
    return t;
  }

  /** Pieces of state `s` already on the lines through (row, col), counting one standing there. */
  conflictsAt(s: number, col: number, row: number): number {
    const n = this.n;
    const d = s * (2 * n - 1);
    return this.rank[s * n + row]! + this.diagonal[d + row - col + n - 1]! + this.anti[d + row + col]!;
  }

  /** The rows of state `s`, as plain numbers. */
  rowsOf(s: number): number[] {
    return Array.from(this.rows.subarray(s * this.n, s * this.n + this.n));
  }
}

/**
 * Local beam search (Russell and Norvig §4.1.3) over one piece per column, h = attacking pairs. Each step
 * generates the successors of all k states — every single-column move, or `sample` drawn at random from a state
 * with more — stops at the first with h = 0, and keeps k different successors: the k best (ties at random), or
 * for stochastic beam search k drawn with probability ∝ e^(−h/T). `beams` are the two buffers the search swaps,
 * `beams[0]` holding the start states; the candidates' arrays have room for all successors of a step.
 * `best` receives the rows of the lowest-h state seen; `trace` gets the beam after every step; `trajectory`, when
 * an experiment records, each new lowest h.
 */
export function beamSearch(
  beams: [Beam, Beam],
  rng: Rng,
  clock: BudgetClock,
  settings: BeamSettings,
  tally: BeamTally,
  best: Int32Array,
  trace?: (event: TraceEvent) => void,
  trajectory?: TrajectoryRecorder,
): { stop: BeamStop; solution?: number[] } {
  let [current, next] = beams;
  const n = current.n;
  const { k, sample, stochastic, temperature } = settings;
  const fam = (current.lines.rank ? 1 : 0) + (current.lines.diagonal ? 1 : 0) + (current.lines.antiDiagonal ? 1 : 0);
  const all = n * (n - 1);
  const each = all <= sample ? all : sample;
  const capacity = k * each;
  const candState = new Int32Array(capacity);
  const candCol = new Int32Array(capacity);
  const candRow = new Int32Array(capacity);
  const candH = new Int32Array(capacity);
  const order = new Int32Array(capacity);
  const maxH = (n * (n - 1)) / 2 + n;
  const bucket = new Int32Array(maxH + 2);
  const weights = new Float64Array(maxH + 2);
  const chosenKeys = new Int32Array(k);
  const scaleN = n / 0x100000000;
  const scaleN1 = (n - 1) / 0x100000000;

  const keepBest = (s: number) => {
    if (current.h[s]! < tally.bestH) {
      tally.bestH = current.h[s]!;
      best.set(current.rows.subarray(s * n, s * n + n));
      trajectory?.improve(tally.steps, tally.bestH);
    }
  };
  for (let s = 0; s < current.size; s++) {
    keepBest(s);
    if (current.h[s] === 0) return { stop: 'solved', solution: current.rowsOf(s) };
  }
  const traceBeam = (step: number) =>
    trace?.({ type: 'local', step, h: tally.bestH === Number.MAX_SAFE_INTEGER ? 0 : Math.min(...current.h.subarray(0, current.size)), states: Array.from({ length: current.size }, (_, s) => ({ rows: current.rowsOf(s), h: current.h[s]! })) });
  if (trace) traceBeam(0);

  for (;;) {
    if (tally.steps >= clock.maxSteps) {
      clock.exhausted(tally.steps);
      return { stop: 'steps' };
    }
    if (clock.expired()) return { stop: clock.reason === 'aborted' ? 'aborted' : 'time' };
    tally.steps++;

    // Every successor of every state, with its h from the counters: h + conflicts at the new row − those at the old.
    let m = 0;
    let low = 0x7fffffff;
    let high = 0;
    for (let s = 0; s < current.size; s++) {
      const hs = current.h[s]!;
      const base = s * n;
      const visit = (col: number, row: number, from: number) => {
        const h = hs + current.conflictsAt(s, col, row) - current.conflictsAt(s, col, from) + fam;
        candState[m] = s;
        candCol[m] = col;
        candRow[m] = row;
        candH[m++] = h;
        if (h < low) low = h;
        if (h > high) high = h;
      };
      if (each === all) {
        for (let col = 0; col < n; col++) {
          const from = current.rows[base + col]!;
          for (let row = 0; row < n; row++) if (row !== from) visit(col, row, from);
        }
      } else {
        // Draws scaled from 32 bits (bias under n / 2³², nothing next to the sample's own randomness).
        for (let i = 0; i < each; i++) {
          const col = (rng.nextU32() * scaleN) >>> 0;
          const from = current.rows[base + col]!;
          let row = (rng.nextU32() * scaleN1) >>> 0;
          if (row >= from) row++;
          visit(col, row, from);
        }
      }
    }
    tally.successors += m;
    if (low === 0) {
      // A successor is a goal: the search stops there, whatever the selection would have kept.
      let i = 0;
      while (candH[i] !== 0) i++;
      next.size = 0;
      const t = next.addMoved(current, candState[i]!, candCol[i]!, candRow[i]!, 0);
      tally.bestH = 0;
      best.set(next.rows.subarray(t * n, t * n + n));
      trajectory?.improve(tally.steps, 0);
      if (trace) trace({ type: 'local', step: tally.steps, h: 0, states: [{ rows: next.rowsOf(t), h: 0 }] });
      return { stop: 'solved', solution: next.rowsOf(t) };
    }

    // Counting sort of the candidates by h: bucket[h − low] … bucket[h − low + 1] is level h in `order`.
    const levels = high - low + 1;
    bucket.fill(0, 0, levels + 1);
    for (let i = 0; i < m; i++) bucket[candH[i]! - low + 1]!++;
    for (let l = 1; l <= levels; l++) bucket[l]! += bucket[l - 1]!;
    for (let i = 0; i < m; i++) order[bucket[candH[i]! - low]!++] = i;
    // bucket[l] is now the end of level l; its start is bucket[l − 1] (0 for l = 0).

    next.size = 0;
    let picked = 0;
    const take = (i: number): boolean => {
      const s = candState[i]!;
      const col = candCol[i]!;
      const row = candRow[i]!;
      const hash = current.keys[s]! ^ key(col * n + current.rows[s * n + col]!) ^ key(col * n + row);
      for (let j = 0; j < picked; j++) if (chosenKeys[j] === hash) return false;
      chosenKeys[picked++] = hash;
      next.addMoved(current, s, col, row, candH[i]!);
      return true;
    };
    if (!stochastic) {
      // The k best different successors: level by level, each level's candidates in random order.
      for (let l = 0; l < levels && picked < k; l++) {
        let lo = l === 0 ? 0 : bucket[l - 1]!;
        const hi = bucket[l]!;
        while (lo < hi && picked < k) {
          const j = lo + rng.below(hi - lo);
          const i = order[j]!;
          order[j] = order[lo]!;
          order[lo++] = i;
          take(i);
        }
      }
    } else {
      // k different successors drawn with probability ∝ e^(−(h − low)/T): a level by its weight, then one of it.
      let total = 0;
      for (let l = 0; l < levels; l++) {
        const size = bucket[l]! - (l === 0 ? 0 : bucket[l - 1]!);
        weights[l] = size * Math.exp(-l / temperature);
        total += weights[l]!;
      }
      const distinct = Math.min(k, m);
      for (let tries = 0; picked < distinct && tries < 20 * k; tries++) {
        let r = rng.float() * total;
        let l = 0;
        while (l < levels - 1 && r >= weights[l]!) r -= weights[l++]!;
        const lo = l === 0 ? 0 : bucket[l - 1]!;
        take(order[lo + rng.below(bucket[l]! - lo)]!);
      }
    }

    [current, next] = [next, current];
    for (let s = 0; s < current.size; s++) {
      keepBest(s);
      if (current.h[s] === 0) {
        if (trace) traceBeam(tally.steps);
        return { stop: 'solved', solution: current.rowsOf(s) };
      }
    }
    if (trace) traceBeam(tally.steps);
  }
}
