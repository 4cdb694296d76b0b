import { magicTargets, type Board, type MagicKind } from '@bezzel/core';

/**
 * The lines a magic numbering sums, as the search keeps them: ranks are lines 0…h−1, files h…h+w−1, and for a
 * fully magic tour the a1–h8 diagonal h+w and the a8–h1 diagonal h+w+1. Every square lies on one rank, one file
 * and at most two diagonals.
 */
export class LineLayout {
  readonly count: number;
  readonly target: Float64Array;
  readonly length: Int32Array;
  /** Each square's rank line, file line, and diagonals (bit 0: the a1–h8 diagonal, bit 1: the a8–h1 one). */
  readonly rank: Int32Array;
  readonly file: Int32Array;
  readonly diagonals: Uint8Array;
  readonly squares: number;

  constructor(
    readonly board: Board,
    readonly magic: MagicKind,
  ) {
    const { width: w, height: h } = board;
    const targets = magicTargets(board);
    this.squares = w * h;
    this.count = h + w + (magic === 'full' ? 2 : 0);
    this.target = new Float64Array(this.count);
    this.length = new Int32Array(this.count);
    this.target.fill(targets.rank, 0, h);
    this.length.fill(w, 0, h);
    this.target.fill(targets.file, h, h + w);
    this.length.fill(h, h, h + w);
    if (magic === 'full') {
      this.target.fill(targets.diagonal!, h + w);
      this.length.fill(w, h + w);
    }
    this.rank = new Int32Array(this.squares);
    this.file = new Int32Array(this.squares);
    this.diagonals = new Uint8Array(this.squares);
    for (let sq = 0; sq < this.squares; sq++) {
      const row = Math.floor(sq / w);
      const col = sq - row * w;
      this.rank[sq] = row;
      this.file[sq] = h + col;
      if (magic === 'full') this.diagonals[sq] = (row === col ? 1 : 0) | (row + col === w - 1 ? 2 : 0);
    }
  }
}

/**
 * What the lines still need while the tour is numbered in order: after the numbers 1…v are placed, a line with m
 * empty squares gets m of the numbers v+1…N, so its remaining sum lies between the m smallest (m·v + m(m+1)/2) and
 * the m largest (m·N − m(m−1)/2). A line outside those bounds can no longer reach its target, whatever follows.
 */
export class LineNeeds {
  /** What each line still has to gain. */
  readonly need: Float64Array;
  /** Empty squares of each line. */
  readonly left: Int32Array;

  constructor(readonly layout: LineLayout) {
    this.need = new Float64Array(layout.count);
    this.left = new Int32Array(layout.count);
    this.reset();
  }

  reset(): void {
    this.need.set(this.layout.target);
    this.left.set(this.layout.length);
  }

  /** Numbers `sq` with `value`, filling one slot of each of its lines (`add(sq, -value, -1)` takes it back). */
  add(sq: number, value: number, slots: number): void {
    const { rank, file, diagonals } = this.layout;
    const need = this.need;
    const left = this.left;
    need[rank[sq]!]! -= value;
    left[rank[sq]!]! -= slots;
    need[file[sq]!]! -= value;
    left[file[sq]!]! -= slots;
    const diagonal = diagonals[sq]!;
    if (diagonal !== 0) {
      const first = this.layout.count - 2;
      if (diagonal & 1) {
        need[first]! -= value;
        left[first]! -= slots;
      }
      if (diagonal & 2) {
        need[first + 1]! -= value;
        left[first + 1]! -= slots;
      }
    }
  }

  /** Every line can still reach its target once 1…`placed` are on the board. */
  feasible(placed: number): boolean {
    const need = this.need;
    const left = this.left;
    const last = this.layout.squares;
    for (let line = 0; line < need.length; line++) {
      const m = left[line]!;
      const rest = need[line]!;
      if (rest < m * placed + (m * (m + 1)) / 2 || rest > m * last - (m * (m - 1)) / 2) return false;
    }
    return true;
  }
}
