import type { Rng } from '@bezzel/core';
import type { LineFamilies } from './lines.js';

/**
 * One piece per column on an n×n board, with a counter per rank and per diagonal in each direction, so the
 * conflicts of any square are three array reads and a move is six updates. Each line also keeps the XOR of
 * the columns on it: when a line goes from one piece to two, XOR-ing out the newcomer names the other one
 * in O(1), which is how the list of conflicted columns stays complete without scanning.
 *
 * Families a piece does not ride are never counted, so their counters stay zero and cost nothing to read.
 */
export class LineBoard {
  /** The row of each column's piece; -1 for an empty column. */
  readonly rows: Int32Array;
  /** Pieces on each rank (counted only when the piece rides ranks). */
  readonly rankCount: Int32Array;
  /** Pieces on each diagonal, `row - col + n - 1`. */
  readonly diagonalCount: Int32Array;
  /** Pieces on each anti-diagonal, `row + col`. */
  readonly antiCount: Int32Array;
  /** The XOR of the columns on each rank. */
  readonly rankXor: Int32Array;
  /** The XOR of the columns on each diagonal. */
  readonly diagonalXor: Int32Array;
  /** The XOR of the columns on each anti-diagonal. */
  readonly antiXor: Int32Array;
  /** Columns that may be in conflict: every conflicted column is here; others leave when drawn. */
  readonly suspects: Int32Array;
  /** Where each column is in `suspects`; -1 when it is not there. */
  readonly suspectAt: Int32Array;
  /** How many entries of `suspects` are in use. */
  suspectCount = 0;
  /** Ranks with no piece, kept only while a repair runs (see `trackFreeRanks`); freeAt[row] is -1 for a used rank. */
  freeRanks: Int32Array | undefined;
  /** Where each rank is in `freeRanks` (see there). */
  freeAt: Int32Array | undefined;
  /** How many entries of `freeRanks` are in use. */
  freeCount = 0;

  constructor(
    /** Columns and rows: an n×n board. */
    readonly n: number,
    /** The line families the piece rides: only these are counted. */
    readonly lines: LineFamilies,
  ) {
    this.rows = new Int32Array(n).fill(-1);
    const unused = new Int32Array(1);
    this.rankCount = new Int32Array(n);
    this.diagonalCount = new Int32Array(2 * n - 1);
    this.antiCount = new Int32Array(2 * n - 1);
    this.rankXor = lines.rank ? new Int32Array(n) : unused;
    this.diagonalXor = lines.diagonal ? new Int32Array(2 * n - 1) : unused;
    this.antiXor = lines.antiDiagonal ? new Int32Array(2 * n - 1) : unused;
    this.suspects = new Int32Array(n);
    this.suspectAt = new Int32Array(n).fill(-1);
  }

  /** Pieces already on the lines through (row, col), not counting one standing there. */
  conflictsAt(col: number, row: number): number {
    return this.rankCount[row]! + this.diagonalCount[row - col + this.n - 1]! + this.antiCount[row + col]!;
  }

  /** Puts the piece of `col` on `row`; the column must be empty. Marks everyone a new pair makes conflicted. */
  put(col: number, row: number): void {
    const n = this.n;
    this.rows[col] = row;
    let conflicted = false;
    if (this.lines.rank) {
      const c = ++this.rankCount[row]!;
      this.rankXor[row]! ^= col;
      if (c === 1 && this.freeAt) this.#useRank(row);
      if (c === 2) this.suspect(this.rankXor[row]! ^ col);
      conflicted ||= c > 1;
    }
    if (this.lines.diagonal) {
      const d = row - col + n - 1;
      const c = ++this.diagonalCount[d]!;
      this.diagonalXor[d]! ^= col;
      if (c === 2) this.suspect(this.diagonalXor[d]! ^ col);
      conflicted ||= c > 1;
    }
    if (this.lines.antiDiagonal) {
      const a = row + col;
      const c = ++this.antiCount[a]!;
      this.antiXor[a]! ^= col;
      if (c === 2) this.suspect(this.antiXor[a]! ^ col);
      conflicted ||= c > 1;
    }
    if (conflicted) this.suspect(col);
  }

  /** Lifts the piece of `col` off the board; whoever it leaves alone is dropped lazily when drawn. */
  lift(col: number): void {
    const row = this.rows[col]!;
    const n = this.n;
    if (this.lines.rank) {
      if (--this.rankCount[row]! === 0 && this.freeAt) this.#freeRank(row);
      this.rankXor[row]! ^= col;
    }
    if (this.lines.diagonal) {
      const d = row - col + n - 1;
      this.diagonalCount[d]!--;
      this.diagonalXor[d]! ^= col;
    }
    if (this.lines.antiDiagonal) {
      const a = row + col;
      this.antiCount[a]!--;
      this.antiXor[a]! ^= col;
    }
    this.rows[col] = -1;
  }

  /** True when the piece of `col` shares a line with another. */
  isConflicted(col: number): boolean {
    const row = this.rows[col]!;
    return this.rankCount[row]! > 1 || this.diagonalCount[row - col + this.n - 1]! > 1 || this.antiCount[row + col]! > 1;
  }

  /** Adds a column to the suspects, if it is not there. */
  suspect(col: number): void {
    if (this.suspectAt[col]! >= 0) return;
    this.suspectAt[col] = this.suspectCount;
    this.suspects[this.suspectCount++] = col;
  }

  /** Removes the suspect at index i by moving the last one into its place. */
  clearSuspect(i: number): void {
    const col = this.suspects[i]!;
    const last = this.suspects[--this.suspectCount]!;
    this.suspects[i] = last;
    this.suspectAt[last] = i;
    this.suspectAt[col] = -1;
  }

  /** A conflicted column drawn at random from the suspects, dropping those no longer in conflict; -1 when none is left. */
  drawConflicted(rng: Rng): number {
    while (this.suspectCount > 0) {
      const i = this.suspectCount === 1 ? 0 : rng.below(this.suspectCount);
      const col = this.suspects[i]!;
      if (this.isConflicted(col)) return col;
      this.clearSuspect(i);
    }
    return -1;
  }

  /**
   * Starts keeping the list of empty ranks (one linear pass), which lets a repair find the rows with no
   * conflict without scanning all n: such a row has no piece on its rank. Only for pieces that ride ranks.
   */
  trackFreeRanks(): void {
    if (!this.lines.rank) return;
    this.freeRanks ??= new Int32Array(this.n);
    this.freeAt ??= new Int32Array(this.n);
    this.freeCount = 0;
    for (let row = 0; row < this.n; row++) {
      if (this.rankCount[row] === 0) {
        this.freeAt[row] = this.freeCount;
        this.freeRanks[this.freeCount++] = row;
      } else {
        this.freeAt[row] = -1;
      }
    }
  }

  #freeRank(row: number): void {
    this.freeAt![row] = this.freeCount;
    this.freeRanks![this.freeCount++] = row;
  }

  #useRank(row: number): void {
    const at = this.freeAt![row]!;
    const last = this.freeRanks![--this.freeCount]!;
    this.freeRanks![at] = last;
    this.freeAt![last] = at;
    this.freeAt![row] = -1;
  }

  /** Empties the board for a fresh start, keeping the arrays; free ranks are tracked again only when asked. */
  clear(): void {
    this.freeAt = undefined;
    this.freeRanks = undefined;
    this.freeCount = 0;
    this.rows.fill(-1);
    for (const a of [this.rankCount, this.diagonalCount, this.antiCount, this.rankXor, this.diagonalXor, this.antiXor]) a.fill(0);
    this.suspectAt.fill(-1);
    this.suspectCount = 0;
  }

  /** Attacking pairs: on each line with c pieces, c·(c − 1)/2. The h that local search reports. */
  attackingPairs(): number {
    let pairs = 0;
    for (const counts of [this.rankCount, this.diagonalCount, this.antiCount]) {
      for (let i = 0; i < counts.length; i++) {
        const c = counts[i]!;
        if (c > 1) pairs += (c * (c - 1)) / 2;
      }
    }
    return pairs;
  }

  /** The placement as squares row * n + col. */
  squares(): number[] {
    return columnSquares(this.rows);
  }
}

/** The squares (`row × n + column`) of a row per column, as plain numbers: they pass 2³¹ from n = 46,341 on. */
export function columnSquares(rows: ArrayLike<number>): number[] {
  const squares: number[] = [];
  for (let col = 0; col < rows.length; col++) squares.push(rows[col]! * rows.length + col);
  return squares;
}
