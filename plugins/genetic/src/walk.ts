import type { Board, Movement } from '@bezzel/core';

/**
 * A leaper's moves by vector index: `targets[sq * count + k]` is where move `k` leads from `sq`, or -1 off the
 * board or onto a removed square. A chromosome is a list of such indices, so the table is what decodes it.
 */
export class MoveTable {
  readonly count: number;
  readonly targets: Int32Array;

  constructor(board: Board, movement: Movement) {
    this.count = movement.leaps.length;
    this.targets = new Int32Array(board.size * this.count);
    for (let sq = 0; sq < board.size; sq++) {
      for (let k = 0; k < this.count; k++) {
        const v = movement.leaps[k]!;
        this.targets[sq * this.count + k] = board.isRemoved(sq) ? -1 : board.squareAt(board.row(sq) + v.dy, board.col(sq) + v.dx);
      }
    }
  }

  target(square: number, k: number): number {
    return this.targets[square * this.count + k]!;
  }
}

/**
 * What a repair part sees of a walk in progress: the moves, and which squares the walk has visited. Visits are
 * stamped with the walk's number, so starting a new walk clears nothing.
 */
export class TourWalk {
  readonly #stamps: Int32Array;
  #walk = 0;

  constructor(
    readonly moves: MoveTable,
    size: number,
  ) {
    this.#stamps = new Int32Array(size);
  }

  begin(): void {
    this.#walk++;
  }

  visit(square: number): void {
    this.#stamps[square] = this.#walk;
  }

  visited(square: number): boolean {
    return this.#stamps[square] === this.#walk;
  }

  /** Where move `k` leads from `square` when that square is free, else -1. */
  free(square: number, k: number): number {
    const t = this.moves.target(square, k);
    return t >= 0 && this.#stamps[t] !== this.#walk ? t : -1;
  }
}
