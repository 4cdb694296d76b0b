import { fail, ok, type Parsed } from './errors.js';

/** A board as plain data, so a problem can cross threads and machines. */
export interface BoardSpec {
  /** Files (columns): 8 for a chessboard. */
  readonly width: number;
  /** Ranks (rows). */
  readonly height: number;
  /** Squares (row * width + col) that are not part of the board. */
  readonly removed?: readonly number[];
  /** Opposite edges are joined, so moves wrap around. */
  readonly torus?: boolean;
}

/** The largest side we accept: a 10⁸-square tour is the biggest job the project aims at. */
export const MAX_SIDE = 100_000_000;

/**
 * The largest side of a square board: squares are numbered `row * width + col` as safe integers, so the sides may
 * multiply to 2⁵³ − 1 at most, and 94,906,265² is the largest square below it.
 */
export const MAX_SQUARE_SIDE = Math.floor(Math.sqrt(Number.MAX_SAFE_INTEGER));

/**
 * Board geometry. Squares are integers `row * width + col`; row 0 is rank 1, printed at the bottom.
 * Square numbers may exceed 2³¹ on huge boards (a million queens), so they are plain numbers, not int32.
 */
export class Board {
  /** Files (columns). */
  readonly width: number;
  /** Ranks (rows). */
  readonly height: number;
  /** Squares in all, removed ones included: `width × height`, one more than the largest square number. */
  readonly size: number;
  /** Whether opposite edges are joined, so that moves wrap around. */
  readonly torus: boolean;
  /** Sorted removed squares. */
  readonly removed: readonly number[];
  readonly #removedSet: ReadonlySet<number>;

  constructor(spec: BoardSpec) {
    this.width = spec.width;
    this.height = spec.height;
    this.size = spec.width * spec.height;
    this.torus = spec.torus ?? false;
    this.removed = [...new Set(spec.removed ?? [])].sort((a, b) => a - b);
    this.#removedSet = new Set(this.removed);
  }

  /** Validates a spec: positive integer sides, removed squares on the board. */
  static parse(spec: BoardSpec): Parsed<Board> {
    for (const [name, side] of [
      ['width', spec.width],
      ['height', spec.height],
    ] as const) {
      if (!Number.isSafeInteger(side) || side < 1 || side > MAX_SIDE) {
        return fail('ERR_BOARD', `board ${name} must be a whole number from 1 to ${MAX_SIDE}, not ${String(side)}`);
      }
    }
    if (spec.width * spec.height > Number.MAX_SAFE_INTEGER) {
      return fail('ERR_BOARD', `a ${spec.width}×${spec.height} board has ${(spec.width * spec.height).toExponential(2)} squares, more than the 2⁵³ − 1 a board may number (its sides may multiply to that at most; a square board may be ${MAX_SQUARE_SIDE.toLocaleString('en-US')} a side)`);
    }
    for (const sq of spec.removed ?? []) {
      if (!Number.isSafeInteger(sq) || sq < 0 || sq >= spec.width * spec.height) {
        return fail('ERR_BOARD', `removed square ${sq} is not on the ${spec.width}×${spec.height} board`);
      }
    }
    return ok(new Board(spec));
  }

  /** An n×n board. */
  static square(n: number): Board {
    return new Board({ width: n, height: n });
  }

  /** The board as plain data, to put in a task. */
  get spec(): BoardSpec {
    const spec: { width: number; height: number; removed?: number[]; torus?: boolean } = {
      width: this.width,
      height: this.height,
    };
    if (this.removed.length > 0) spec.removed = [...this.removed];
    if (this.torus) spec.torus = true;
    return spec;
  }

  /** Whether width and height are equal. */
  get isSquare(): boolean {
    return this.width === this.height;
  }

  /** Squares a piece may stand on. */
  get playable(): number {
    return this.size - this.removed.length;
  }

  /** Whether any square has been removed. */
  hasRemoved(): boolean {
    return this.removed.length > 0;
  }

  /** Whether a square has been removed from the board (no piece may stand there). */
  isRemoved(sq: number): boolean {
    return this.#removedSet.has(sq);
  }

  /** The row of a square: 0 is rank 1, at the bottom. */
  row(sq: number): number {
    return Math.floor(sq / this.width);
  }

  /** The column of a square: 0 is file a, on the left. */
  col(sq: number): number {
    return sq % this.width;
  }

  /** The square at (row, col), with no check that it is on the board (see `squareAt`). */
  at(row: number, col: number): number {
    return row * this.width + col;
  }

  /** The square `(row, col)` after wrapping on a torus, or -1 off the board or on a removed square. */
  squareAt(row: number, col: number): number {
    if (this.torus) {
      row = ((row % this.height) + this.height) % this.height;
      col = ((col % this.width) + this.width) % this.width;
    } else if (row < 0 || row >= this.height || col < 0 || col >= this.width) {
      return -1;
    }
    const sq = row * this.width + col;
    return this.#removedSet.size > 0 && this.#removedSet.has(sq) ? -1 : sq;
  }

  /** Algebraic names (`a1`) have one letter a file, so they exist up to 26 files. */
  get algebraic(): boolean {
    return this.width <= 26;
  }

  /** `a1` on boards with at most 26 files, `(row,col)` (0-based, row 0 at the bottom) otherwise. */
  name(sq: number): string {
    const row = this.row(sq);
    const col = this.col(sq);
    return this.algebraic ? String.fromCharCode(97 + col) + (row + 1) : `(${row},${col})`;
  }

  /** A column's name: `a`… on boards of at most 26 files, its number beyond. */
  fileName(col: number): string {
    return this.algebraic ? String.fromCharCode(97 + col) : String(col);
  }

  /** Reads `c5` or `(4,2)`; the square must be on the board and not removed. */
  parseSquare(text: string): Parsed<number> {
    const t = text.trim().toLowerCase();
    let row: number;
    let col: number;
    const alg = /^([a-z])(\d+)$/.exec(t);
    const pair = /^\(?\s*(\d+)\s*,\s*(\d+)\s*\)?$/.exec(t);
    if (alg) {
      col = alg[1]!.charCodeAt(0) - 97;
      row = Number(alg[2]) - 1;
    } else if (pair) {
      row = Number(pair[1]);
      col = Number(pair[2]);
    } else {
      return fail('ERR_SQUARE', `"${text}" is not a square: write it as c5 or (row,col)`);
    }
    if (row < 0 || row >= this.height || col < 0 || col >= this.width) {
      return fail('ERR_SQUARE', `square ${text} is not on the ${this.width}×${this.height} board`);
    }
    const sq = row * this.width + col;
    if (this.isRemoved(sq)) return fail('ERR_SQUARE', `square ${text} has been removed from the board`);
    return ok(sq);
  }

  /** Square colour: 0 for the colour of a1. */
  colour(sq: number): 0 | 1 {
    return ((this.row(sq) + this.col(sq)) & 1) as 0 | 1;
  }

  /** The size, as `8×8`. */
  toString(): string {
    return `${this.width}×${this.height}`;
  }
}
