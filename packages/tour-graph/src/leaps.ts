import type { Board, Movement } from '@bezzel/core';

/**
 * A leaper's vectors as flat arrays, so a tour computes each move on the fly: a 10000×10000 board has 10⁸ squares
 * and a move table for it would need gigabytes.
 */
export class LeapGeometry {
  readonly count: number;
  readonly dx: Int32Array;
  readonly dy: Int32Array;
  readonly width: number;
  readonly height: number;
  readonly torus: boolean;
  /** The longest leap along either axis: squares this far from every edge have all their leaps. */
  readonly reach: number;

  constructor(board: Board, movement: Movement) {
    this.count = movement.leaps.length;
    this.dx = Int32Array.from(movement.leaps, (v) => v.dx);
    this.dy = Int32Array.from(movement.leaps, (v) => v.dy);
    this.width = board.width;
    this.height = board.height;
    this.torus = board.torus;
    this.reach = Math.max(0, ...movement.leaps.map((v) => Math.max(Math.abs(v.dx), Math.abs(v.dy))));
  }

  /** The square that leap `k` reaches from (row, col), or -1 off the board; removed squares are the caller's concern. */
  target(row: number, col: number, k: number): number {
    let r = row + this.dy[k]!;
    let c = col + this.dx[k]!;
    if (this.torus) {
      r = ((r % this.height) + this.height) % this.height;
      c = ((c % this.width) + this.width) % this.width;
    } else if (r < 0 || r >= this.height || c < 0 || c >= this.width) {
      return -1;
    }
    return r * this.width + c;
  }

  /** The square from which leap `k` reaches (row, col), or -1: used to update degrees of one-way leapers. */
  source(row: number, col: number, k: number): number {
    let r = row - this.dy[k]!;
    let c = col - this.dx[k]!;
    if (this.torus) {
      r = ((r % this.height) + this.height) % this.height;
      c = ((c % this.width) + this.width) % this.width;
    } else if (r < 0 || r >= this.height || c < 0 || c >= this.width) {
      return -1;
    }
    return r * this.width + c;
  }
}
