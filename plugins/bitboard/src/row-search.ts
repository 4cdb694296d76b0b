import { leapAttacks, type RowRules } from '@bezzel/row-masks';
import type { NodeBudget } from './stopwatch.js';

/** What a finished placement is handed to: its rows as masks, the rows that hold pieces, and the pieces. */
export type LeafVisitor = (rows: Int32Array, usedRows: number) => void;

/**
 * Row-by-row search for any piece row masks can express. A row holds any independent set of free squares
 * (at most one when the piece rides its rank), and may stay empty while enough rows remain for the pieces
 * still to place. Conflicts come from three propagated line masks and from shifting the masks of the few rows
 * above (leaps). Recursion, as in the symmetric counter: V8 runs it faster than an explicit stack.
 */
export class RowSearch {
  /** The placement so far, one mask per row. */
  readonly rows: Int32Array;
  readonly #rules: RowRules;
  readonly #budget: NodeBudget;
  readonly #leaf: LeafVisitor;
  readonly #upOn: number;
  readonly #fileOn: number;
  readonly #downOn: number;
  readonly #leaps: boolean;
  /** Set by a visitor that has seen enough (goal `one`). */
  done = false;

  constructor(rules: RowRules, budget: NodeBudget, leaf: LeafVisitor) {
    this.#rules = rules;
    this.#budget = budget;
    this.#leaf = leaf;
    this.rows = new Int32Array(rules.height);
    this.#upOn = rules.diagUp ? -1 : 0;
    this.#fileOn = rules.file ? -1 : 0;
    this.#downOn = rules.diagDown ? -1 : 0;
    this.#leaps = rules.leapRows.length > 0;
  }

  /** Free squares of `row` given the line masks and the rows above. */
  free(row: number, up: number, file: number, down: number): number {
    let free = this.#rules.full & ~(up | file | down) & ~this.#rules.removed[row]!;
    if (this.#leaps) free &= ~leapAttacks(this.#rules, this.rows, row);
    return free;
  }

  /** True when `set` is an allowed content of `row` (free and independent within the row). */
  fits(row: number, set: number, up: number, file: number, down: number): boolean {
    if ((set & ~this.free(row, up, file, down)) !== 0) return false;
    if (this.#rules.rank && (set & (set - 1)) !== 0) return false;
    for (let rest = set; rest !== 0; rest &= rest - 1) {
      const col = 31 - Math.clz32(rest & -rest);
      if ((this.#rules.sameRow[col]! & set) !== 0) return false;
    }
    return true;
  }

  /** Line masks after `set` is placed in a row, for the next row. */
  next(set: number, up: number, file: number, down: number): [number, number, number] {
    return [((up | set) << 1) & this.#upOn, (file | set) & this.#fileOn, ((down | set) >>> 1) & this.#downOn];
  }

  /** Can `remaining` pieces still fit in the rows from `row` on? */
  room(row: number, remaining: number): boolean {
    return remaining <= (this.#rules.height - row) * this.#rules.perRow;
  }

  /** Decides rows `row`… with `remaining` pieces still to place; stops early on budget or `done`. */
  search(row: number, up: number, file: number, down: number, remaining: number): void {
    if (remaining === 0) {
      this.#leaf(this.rows, row);
      return;
    }
    if (row === this.#rules.height || !this.room(row, remaining)) return;
    const budget = this.#budget;
    const free = this.free(row, up, file, down);
    if (this.room(row + 1, remaining)) {
      this.rows[row] = 0;
      this.search(row + 1, (up << 1) & this.#upOn, file, (down >>> 1) & this.#downOn, remaining);
      if (budget.stopped || this.done) return;
    }
    if (this.#rules.rank) {
      let avail = free;
      while (avail !== 0) {
        const bit = avail & -avail;
        avail ^= bit;
        this.rows[row] = bit;
        if (++budget.nodes >= budget.nextCheck && budget.poll()) return;
        this.search(row + 1, ((up | bit) << 1) & this.#upOn, (file | bit) & this.#fileOn, ((down | bit) >>> 1) & this.#downOn, remaining - 1);
        if (budget.stopped || this.done) return;
      }
    } else {
      this.#subsets(row, free, 0, up, file, down, remaining);
    }
  }

  /** Non-empty independent subsets of `avail` added to `chosen` (whose columns are all below `avail`'s). */
  #subsets(row: number, avail: number, chosen: number, up: number, file: number, down: number, remaining: number): void {
    const budget = this.#budget;
    const sameRow = this.#rules.sameRow;
    while (avail !== 0) {
      const bit = avail & -avail;
      avail ^= bit;
      const set = chosen | bit;
      this.rows[row] = set;
      if (++budget.nodes >= budget.nextCheck && budget.poll()) return;
      this.search(row + 1, ((up | set) << 1) & this.#upOn, (file | set) & this.#fileOn, ((down | set) >>> 1) & this.#downOn, remaining - 1);
      if (budget.stopped || this.done) return;
      if (remaining > 1) {
        const rest = avail & ~sameRow[31 - Math.clz32(bit)]!;
        if (rest !== 0) this.#subsets(row, rest, set, up, file, down, remaining - 1);
        if (budget.stopped || this.done) return;
      }
    }
  }

  /** Every allowed content of `row` (for splitting; allocates). */
  choices(row: number, up: number, file: number, down: number, remaining: number): number[] {
    const out: number[] = [];
    if (this.room(row + 1, remaining)) out.push(0);
    if (remaining === 0) return out;
    const free = this.free(row, up, file, down);
    const walk = (avail: number, chosen: number, left: number) => {
      while (avail !== 0) {
        const bit = avail & -avail;
        avail ^= bit;
        const set = chosen | bit;
        out.push(set);
        if (!this.#rules.rank && left > 1) walk(avail & ~this.#rules.sameRow[31 - Math.clz32(bit)]!, set, left - 1);
      }
    };
    walk(free, 0, remaining);
    return out;
  }
}
