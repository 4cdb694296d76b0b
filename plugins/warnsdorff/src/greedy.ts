import { CLOCK_MASK, type Board, type BudgetClock, type Movement, type Rng } from '@bezzel/core';
import { LeapGeometry } from './leaps';

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
    for (let row = 0, sq = 0; row < height; row++) {
      for (let col = 0; col < width; col++, sq++) {
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
   * `playable` for a full tour, or BUDGET_STOP when the clock ran out; `path` holds the walk.
   */
  walk(start: number, tiebreak: Tiebreak, rng: Rng, clock: BudgetClock): number {
    const mode = TIEBREAKS.indexOf(tiebreak);
    const geo = this.#geo;
    const visited = this.#visited;
    const degree = this.#degree;
    const width = this.#board.width;
    const height = this.#board.height;
    const path = this.path;
    const total = this.playable;
    const maxSteps = clock.maxSteps;
    let cur = start;
    this.#visit(cur);
    path[0] = cur;
    let n = 1;
    while (n < total) {
      if (this.nodes >= maxSteps || ((this.nodes & CLOCK_MASK) === 0 && clock.exhausted(this.nodes))) {
        clock.exhausted(this.nodes);
        return BUDGET_STOP;
      }
      this.nodes++;
      const row = (cur / width) | 0;
      const col = cur - row * width;
      let best = -1;
      let bestDegree = DEAD_END + 1;
      let bestKey = 0;
      let ties = 0;
      for (let k = 0; k < geo.count; k++) {
        const t = geo.target(row, col, k);
        if (t < 0 || visited[t] !== 0) continue;
        const d = degree[t] === 0 && n + 1 < total ? DEAD_END : degree[t]!;
        if (d > bestDegree) continue;
        let key = 0;
        if (mode === ROTH) {
          const tr = (t / width) | 0;
          const dc = 2 * (t - tr * width) - (width - 1);
          const dr = 2 * tr - (height - 1);
          key = -(dc * dc + dr * dr);
        } else if (mode === POHL) {
          key = this.#neighbourDegrees(t);
        }
        if (d < bestDegree || key < bestKey) {
          best = t;
          bestDegree = d;
          bestKey = key;
          ties = 1;
        } else if (key === bestKey && mode === RANDOM) {
          ties++;
          if (rng.below(ties) === 0) best = t;
        }
        // `fixed`, and equal keys under `roth` and `pohl`, keep the first candidate in vector order.
      }
      if (best < 0) break;
      cur = best;
      this.#visit(cur);
      path[n++] = cur;
    }
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

  #visit(sq: number): void {
    const visited = this.#visited;
    const degree = this.#degree;
    const geo = this.#geo;
    visited[sq] = 1;
    const row = (sq / this.#board.width) | 0;
    const col = sq - row * this.#board.width;
    for (let k = 0; k < geo.count; k++) {
      const u = geo.source(row, col, k);
      if (u >= 0 && visited[u] === 0) degree[u]!--;
    }
  }

  /** Pohl's second look: the summed degrees of the unvisited squares one leap from `t`. */
  #neighbourDegrees(t: number): number {
    const row = (t / this.#board.width) | 0;
    const col = t - row * this.#board.width;
    let sum = 0;
    for (let k = 0; k < this.#geo.count; k++) {
      const u = this.#geo.target(row, col, k);
      if (u >= 0 && this.#visited[u] === 0) sum += this.#degree[u]!;
    }
    return sum;
  }
}
