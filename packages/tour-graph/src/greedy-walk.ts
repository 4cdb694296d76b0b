import { CLOCK_MASK, type Board, type BudgetClock, type Movement, type Rng, type TraceEvent } from '@bezzel/core';
import { LeapGeometry } from './leaps.js';

export const TIEBREAKS = ['fixed', 'roth', 'pohl', 'random'] as const;
/**
 * How to choose among squares of equal lowest degree: the first in the piece's vector order (`fixed`), the one
 * farthest from the centre (`roth`), the one whose unvisited neighbours have the smallest total degree (`pohl`),
 * or one at random (`random`, seeded).
 */
export type Tiebreak = (typeof TIEBREAKS)[number];

const ROTH = 1;
const POHL = 2;
const RANDOM = 3;
/** A degree-0 square ends the tour, so it ranks behind every other unless it is the last square left. */
const DEAD_END = 1 << 20;

/** Why a greedy walk stopped short: it got stuck, or the budget ran out. */
export const BUDGET_STOP = -1;

/**
 * Warnsdorff's rule on flat typed arrays: `visited` and `degree` have one byte a square and degrees are updated
 * incrementally as squares are visited, so a step costs a few leaps and nothing is allocated after construction.
 * The walk is a loop, never recursion, because a path can have 10⁸ squares.
 */
export class GreedyTour {
  readonly path: Int32Array;
  readonly playable: number;
  /** Moves made over every walk so far. */
  nodes = 0;
  readonly #geo: LeapGeometry;
  readonly #board: Board;
  readonly #visited: Uint8Array;
  readonly #degree: Uint8Array;

  constructor(board: Board, movement: Movement) {
    this.#board = board;
    this.#geo = new LeapGeometry(board, movement);
    this.playable = board.playable;
    this.path = new Int32Array(board.playable);
    this.#visited = new Uint8Array(board.size);
    this.#degree = new Uint8Array(board.size);
  }

  /** Clears the board: removed squares count as visited, each degree is its number of moves onto the board. */
  reset(): void {
    const { width, height } = this.#board;
    const geo = this.#geo;
    const visited = this.#visited;
    const degree = this.#degree;
    visited.fill(0);
    for (const sq of this.#board.removed) visited[sq] = 1;
    const full = this.#board.hasRemoved() || geo.torus ? -1 : geo.count;
    // On a plain board every square at least `reach` from the edge has all its leaps, so only the rim is counted.
    const reach = geo.reach;
    for (let row = 0, sq = 0; row < height; row++) {
      const inner = full >= 0 && row >= reach && row < height - reach;
      for (let col = 0; col < width; col++, sq++) {
        if (inner && col >= reach && col < width - reach) {
          degree[sq] = full;
          continue;
        }
        let d = 0;
        for (let k = 0; k < geo.count; k++) {
          const t = geo.target(row, col, k);
          if (t >= 0 && visited[t] === 0 && t !== sq) d++;
        }
        degree[sq] = d;
      }
    }
  }

  /**
   * One greedy walk from `start` (call `reset` first). Returns the number of squares visited, which is
   * `playable` for a full tour, or BUDGET_STOP when the clock ran out; `path` holds the walk. `trace`, when a
   * visualiser watches, gets every move with the candidates weighed and their onward degrees.
   */
  walk(start: number, tiebreak: Tiebreak, rng: Rng, clock: BudgetClock, trace?: (event: TraceEvent) => void): number {
    const mode = TIEBREAKS.indexOf(tiebreak);
    const geo = this.#geo;
    const { dx, dy, count, torus } = geo;
    const visited = this.#visited;
    const degree = this.#degree;
    const width = this.#board.width;
    const height = this.#board.height;
    const path = this.path;
    const total = this.playable;
    const maxSteps = clock.maxSteps;
    // Locals, not fields, in the loop: V8 keeps them in registers.
    let nodes = this.nodes;
    // The current square's row and column are carried along, so no step divides.
    let row = (start / width) | 0;
    let col = start - row * width;
    this.#visit(start, row, col);
    path[0] = start;
    if (trace) trace({ type: 'move', square: start, depth: 0 });
    let n = 1;
    while (n < total) {
      if (nodes >= maxSteps || ((nodes & CLOCK_MASK) === 0 && clock.exhausted(nodes))) {
        clock.exhausted(nodes);
        this.nodes = nodes;
        return BUDGET_STOP;
      }
      nodes++;
      let best = -1;
      let bestK = -1;
      let bestDegree = DEAD_END + 1;
      let bestKey = 0;
      let ties = 0;
      for (let k = 0; k < count; k++) {
        let r = row + dy[k]!;
        let c = col + dx[k]!;
        if (torus) {
          r = ((r % height) + height) % height;
          c = ((c % width) + width) % width;
        } else if (r < 0 || r >= height || c < 0 || c >= width) continue;
        const t = r * width + c;
        if (visited[t] !== 0) continue;
        const d = degree[t] === 0 && n + 1 < total ? DEAD_END : degree[t]!;
        if (d > bestDegree) continue;
        let key = 0;
        if (mode === ROTH) {
          const dc = 2 * c - (width - 1);
          const dr = 2 * r - (height - 1);
          key = -(dc * dc + dr * dr);
        } else if (mode === POHL) {
          key = this.#neighbourDegrees(r, c);
        }
        if (d < bestDegree || key < bestKey) {
          best = t;
          bestK = k;
          bestDegree = d;
          bestKey = key;
          ties = 1;
        } else if (key === bestKey && mode === RANDOM) {
          ties++;
          if (rng.below(ties) === 0) {
            best = t;
            bestK = k;
          }
        }
        // `fixed`, and equal keys under `roth` and `pohl`, keep the first candidate in vector order.
      }
      if (best < 0) break;
      if (trace) trace({ type: 'move', square: best, depth: n, candidates: this.#candidates(row, col) });
      row += dy[bestK]!;
      col += dx[bestK]!;
      if (torus) {
        row = ((row % height) + height) % height;
        col = ((col % width) + width) % width;
      }
      // Visit inline: mark the square, and the squares that reach it lose one onward move.
      visited[best] = 1;
      for (let k = 0; k < count; k++) {
        let r = row - dy[k]!;
        let c = col - dx[k]!;
        if (torus) {
          r = ((r % height) + height) % height;
          c = ((c % width) + width) % width;
        } else if (r < 0 || r >= height || c < 0 || c >= width) continue;
        const u = r * width + c;
        if (visited[u] === 0) degree[u]!--;
      }
      path[n++] = best;
    }
    this.nodes = nodes;
    return n;
  }

  /** True when the last square of a full walk is one leap from the first. */
  closes(length: number): boolean {
    if (length < 2) return false;
    const last = this.path[length - 1]!;
    const row = (last / this.#board.width) | 0;
    const col = last - row * this.#board.width;
    for (let k = 0; k < this.#geo.count; k++) if (this.#geo.target(row, col, k) === this.path[0]) return true;
    return false;
  }

  #visit(sq: number, row: number, col: number): void {
    const visited = this.#visited;
    const degree = this.#degree;
    const { dx, dy, count, torus, width, height } = this.#geo;
    visited[sq] = 1;
    for (let k = 0; k < count; k++) {
      // The squares that reach `sq` by leap k lose one onward move.
      let r = row - dy[k]!;
      let c = col - dx[k]!;
      if (torus) {
        r = ((r % height) + height) % height;
        c = ((c % width) + width) % width;
      } else if (r < 0 || r >= height || c < 0 || c >= width) continue;
      const u = r * width + c;
      if (visited[u] === 0) degree[u]!--;
    }
  }

  /** For a trace: the unvisited squares one leap from (row, col), in vector order, with their onward degrees. */
  #candidates(row: number, col: number): { square: number; degree: number }[] {
    const candidates: { square: number; degree: number }[] = [];
    for (let k = 0; k < this.#geo.count; k++) {
      const t = this.#geo.target(row, col, k);
      if (t >= 0 && this.#visited[t] === 0) candidates.push({ square: t, degree: this.#degree[t]! });
    }
    return candidates;
  }

  /** Pohl's second look: the summed degrees of the unvisited squares one leap from (row, col). */
  #neighbourDegrees(row: number, col: number): number {
    let sum = 0;
    for (let k = 0; k < this.#geo.count; k++) {
      const u = this.#geo.target(row, col, k);
      if (u >= 0 && this.#visited[u] === 0) sum += this.#degree[u]!;
    }
    return sum;
  }
}

/**
 * The time model of a walk, calibrated by bench/sections/85-auto.ts: it clears and counts degrees over the board,
 * then makes one step a square (1000×1000: 0.33 s).
 */
const MS_PER_RUN = 0.2;
const MS_PER_SQUARE = 3e-4;

/** Bytes of a walk: a byte of visited and of degree a square, and an Int32 of the path a playable square. */
export function walkBytes(board: Board): number {
  return 2 * board.size + 4 * board.playable;
}

/** Milliseconds of one walk over the board, by the time model above. */
export function walkMs(board: Board): number {
  return MS_PER_RUN + MS_PER_SQUARE * board.size;
}
