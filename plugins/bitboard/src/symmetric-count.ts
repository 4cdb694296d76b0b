import { Board, symmetryGroup } from '@bezzel/core';
import { boardRows, allowedRows, searchLines } from './line-loop.js';
import { leapAttacks, type RowRules } from '@bezzel/row-masks';
import type { NodeBudget } from './stopwatch.js';

/**
 * Counts n queen-like pieces on n×n (one per row) by searching only canonical placements — Takahashi's method.
 *
 * A piece that attacks along ranks, files and both diagonals makes no solution symmetric under a diagonal
 * mirror, so each orbit under the eight symmetries has 2, 4 or 8 members. Canonical means lexicographically
 * smallest (columns read row by row). A placement with a corner piece has an orbit of 8; moved to a1 and, of
 * the pair mirrored in the a1-h8 diagonal, kept the one whose second row's piece is left of where the b-file's
 * piece stands high. Otherwise the first row's column b is the nearest any edge piece comes to a corner, which
 * forbids the edge files near the top and bottom and bounds the last row; only when another edge piece is
 * exactly that near (a tie) does a leaf need comparing with its seven images, which also tells its symmetry.
 * Then total = 2·C2 + 4·C4 + 8·C8 and fundamental = C2 + C4 + C8, in one pass.
 */
export class SymmetricCounter {
  c2 = 0;
  c4 = 0;
  c8 = 0;
  readonly n: number;
  readonly #rules: RowRules;
  readonly #budget: NodeBudget;
  readonly #leaps: boolean;
  /** Columns allowed in each row by canonicity, for the current first rows. */
  readonly #allowed: Int32Array;
  /** The placement so far as one bit per row. */
  readonly #board: Int32Array;
  readonly #last: number;
  #corner = false;
  #b = 0;
  /** The seven non-identity symmetries as square → row and square → column tables. */
  readonly #imageCol: Int32Array[];
  /** Per symmetry: the source row (or, for those that swap rows and files, the source file) of each image row. */
  readonly #source: Int32Array[];
  readonly #transposes: boolean[];
  readonly #cols: Int32Array;
  readonly #image: Int32Array;
  readonly #leafHook = () => this.#leaf();

  constructor(rules: RowRules, budget: NodeBudget) {
    this.n = rules.width;
    this.#rules = rules;
    this.#budget = budget;
    this.#leaps = rules.leapRows.length > 0;
    this.#allowed = allowedRows;
    this.#board = boardRows;
    this.#cols = new Int32Array(this.n);
    this.#image = new Int32Array(this.n);
    this.#last = this.n - 1;
    const board = Board.square(this.n);
    const group = symmetryGroup(board).filter((s) => s.name !== 'identity');
    this.#imageCol = group.map(() => new Int32Array(board.size));
    this.#transposes = group.map((s) => s.transposes);
    this.#source = group.map((s) => {
      const source = new Int32Array(this.n);
      for (let line = 0; line < this.n; line++) source[(s.transposes ? s.map(0, line, this.n, this.n) : s.map(line, 0, this.n, this.n))[0]] = line;
      return source;
    });
    group.forEach((s, i) => {
      for (let r = 0; r < this.n; r++) {
        for (let c = 0; c < this.n; c++) {
          const c2 = s.map(r, c, this.n, this.n)[1];
          this.#imageCol[i]![r * this.n + c] = c2;
        }
      }
    });
  }

  /** Eligible sizes: below 4 there is nothing to prune and the corner reasoning needs room. */
  static applies(rules: RowRules, k: number): boolean {
    return rules.queenLike && rules.width === rules.height && k === rules.width && rules.width >= 4;
  }

  get total(): bigint {
    return 2n * BigInt(this.c2) + 4n * BigInt(this.c4) + 8n * BigInt(this.c8);
  }

  get fundamental(): bigint {
    return BigInt(this.c2 + this.c4 + this.c8);
  }

  /** The free columns of `row` after the rows above, as the search sees them. */
  #avail(row: number, left: number, down: number, right: number): number {
    let avail = this.#allowed[row]! & ~(left | down | right);
    if (this.#leaps) avail &= ~leapAttacks(this.#rules, this.#board, row);
    return avail;
  }

  /** Sets the canonicity constraints implied by the first row (and, for a corner piece, the second). */
  #constrain(first: number, second: number): void {
    const n = this.n;
    const full = this.#rules.full;
    const edges = 1 | (1 << (n - 1));
    this.#allowed.fill(full);
    this.#corner = first === 0;
    this.#b = first;
    this.#allowed[0] = 1 << first;
    if (this.#corner) {
      // The b-file's piece stands higher than the second row's piece: the diagonal mirror keeps one of the pair.
      for (let r = 2; r <= second && r < n; r++) this.#allowed[r] = full & ~2;
      return;
    }
    const b = first;
    for (let r = 1; r < b; r++) this.#allowed[r] = full & ~edges;
    for (let r = n - b; r < n - 1; r++) this.#allowed[r] = full & ~edges;
    this.#allowed[n - 1] = ((1 << (n - b)) - 1) & ~((1 << b) - 1);
  }

  /** Largest first-row column of a canonical placement: strictly left of the middle. */
  get maxFirst(): number {
    return Math.floor((this.n - 2) / 2);
  }

  /**
   * Replays pre-placed rows (one column each); returns the masks to continue from, or undefined when the
   * rows are not the start of a canonical placement. Needs at least two rows (the second fixes constraints).
   */
  replay(prefix: readonly number[]): { left: number; down: number; right: number } | undefined {
    if (prefix.length < 2 || prefix.length > this.n) return undefined;
    const first = prefix[0]!;
    if (!(first >= 0 && first <= this.maxFirst)) return undefined;
    this.#constrain(first, prefix[1]!);
    let left = 0, down = 0, right = 0;
    for (let row = 0; row < prefix.length; row++) {
      const col = prefix[row]!;
      if (!Number.isInteger(col) || col < 0 || col >= this.n) return undefined;
      const bit = 1 << col;
      if ((this.#avail(row, left, down, right) & bit) === 0) return undefined;
      this.#board[row] = bit;
      left = (left | bit) << 1;
      down |= bit;
      right = (right | bit) >>> 1;
    }
    return { left, down, right };
  }

  /** Every canonical start of `depth` rows (at least two), in search order. */
  prefixes(depth: number): number[][] {
    const d = Math.max(2, Math.min(depth, this.n));
    const out: number[][] = [];
    const extend = (prefix: number[]) => {
      if (prefix.length === d) {
        out.push(prefix);
        return;
      }
      for (let col = 0; col < this.n; col++) {
        const next = [...prefix, col];
        if (this.replay(next)) extend(next);
      }
    };
    for (let first = 0; first <= this.maxFirst; first++) {
      for (let second = 0; second < this.n; second++) if (this.replay([first, second])) extend([first, second]);
    }
    return out;
  }

  /** Searches the placements that start with `prefix`; false when the budget stopped it. */
  run(prefix: readonly number[]): boolean {
    const masks = this.replay(prefix);
    if (!masks) return true;
    const row = prefix.length;
    if (row === this.n) {
      this.#leaf();
      return true;
    }
    if (this.#leaps) this.#searchLeaping(row, masks.left, masks.down, masks.right);
    else this.#search(row, masks.left, masks.down, masks.right);
    return !this.#budget.stopped;
  }

  #search(row: number, left: number, down: number, right: number): void {
    searchLines(row, left, down, right, {
      last: this.#last,
      edgeDeadline: this.#corner ? -1 : this.n - 1 - this.#b,
      budget: this.#budget,
      leaf: this.#leafHook,
    });
  }

  /** The same with leaps (an amazon's knight moves) read from the rows above. */
  #searchLeaping(row: number, left: number, down: number, right: number): void {
    const board = this.#board;
    const budget = this.#budget;
    let avail = this.#allowed[row]! & ~(left | down | right) & ~leapAttacks(this.#rules, board, row);
    if (row === this.#last) {
      if (avail !== 0) {
        board[row] = avail;
        budget.nodes++;
        this.#leaf();
      }
      return;
    }
    while (avail !== 0) {
      const bit = avail & -avail;
      avail ^= bit;
      board[row] = bit;
      if (++budget.nodes >= budget.nextCheck && budget.poll()) return;
      this.#searchLeaping(row + 1, (left | bit) << 1, down | bit, (right | bit) >>> 1);
      if (budget.stopped) return;
    }
  }

  #leaf(): void {
    if (this.#corner) {
      this.c8++;
      return;
    }
    const n = this.n;
    const b = this.#b;
    const board = this.#board;
    const edges = 1 | (1 << (n - 1));
    const last = board[n - 1]!;
    const tie = last === 1 << b || last === 1 << (n - 1 - b) || (board[b]! & edges) !== 0 || (board[n - 1 - b]! & edges) !== 0;
    if (!tie) this.c8++;
    else this.#classify();
  }

  /** Compares the placement with its seven images: skip it if one is smaller, else count its orbit. */
  #classify(): void {
    const n = this.n;
    const cols = this.#cols;
    const rowOfCol = this.#image;
    for (let r = 0; r < n; r++) {
      const c = 31 - Math.clz32(this.#board[r]!);
      cols[r] = c;
      rowOfCol[c] = r;
    }
    let stabilizer = 1;
    for (let s = 0; s < this.#imageCol.length; s++) {
      const colOf = this.#imageCol[s]!;
      const source = this.#source[s]!;
      const byColumn = this.#transposes[s]!;
      // Image rows in order, each from the one piece that lands there, until the image differs.
      let order = 0;
      for (let r = 0; r < n && order === 0; r++) {
        const line = source[r]!;
        const sq = byColumn ? rowOfCol[line]! * n + line : line * n + cols[line]!;
        order = colOf[sq]! - cols[r]!;
      }
      if (order < 0) return;
      if (order === 0) stabilizer++;
    }
    if (stabilizer === 1) this.c8++;
    else if (stabilizer === 2) this.c4++;
    else this.c2++;
  }

}
