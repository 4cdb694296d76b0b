import type { ExactCover } from './formulation.js';

/**
 * Knuth's dancing links ("Dancing Links", 2000) in typed arrays, one slot per node: node 0 is the root h, nodes
 * 1 … columns are the column headers, then one node per (option, column) pair. L/R link the primary headers into
 * the root's list and each option's nodes into a ring; U/D link each column's nodes (its header included) into a
 * ring; C is a node's column header (a header's is itself); S is a header's size, the options left in its column.
 * Secondary headers are linked to themselves, never into the root's list: they are covered when an option uses
 * them, but never chosen, so they may stay uncovered (Knuth's "at most once").
 */
export class DancingLinks {
  /** Left neighbour: in the root's list for headers, in the option's ring for other nodes. */
  readonly L: Int32Array;
  /** Right neighbour. */
  readonly R: Int32Array;
  /** Up neighbour, in the column's ring. */
  readonly U: Int32Array;
  /** Down neighbour. */
  readonly D: Int32Array;
  /** The column header of each node (a header's is itself). */
  readonly C: Int32Array;
  /** Each header's size: the options left in its column. */
  readonly S: Int32Array;
  /** The option (index into the cover's squares) of each node; -1 for the root and headers. */
  readonly option: Int32Array;
  /** Node updates (a node taken out of its column, a header out of the root's list): Knuth's "updates". */
  updates = 0;

  /** Links the matrix of `problem`: every option's nodes appended to their columns, in option order. */
  constructor(
    /** The exact cover the links hold. */
    readonly problem: ExactCover,
  ) {
    const f = problem.families.length;
    const options = problem.squares.length;
    const n = 1 + problem.columns + options * f;
    const L = (this.L = new Int32Array(n));
    const R = (this.R = new Int32Array(n));
    const U = (this.U = new Int32Array(n));
    const D = (this.D = new Int32Array(n));
    const C = (this.C = new Int32Array(n));
    const S = (this.S = new Int32Array(1 + problem.columns));
    this.option = new Int32Array(n).fill(-1);
    // The root's list: h, then the primary headers in order.
    let prev = 0;
    for (let h = 1; h <= problem.columns; h++) {
      U[h] = D[h] = C[h] = h;
      if (h <= problem.primary) {
        R[prev] = h;
        L[h] = prev;
        prev = h;
      } else {
        L[h] = R[h] = h;
      }
    }
    R[prev] = 0;
    L[0] = prev;
    let x = 1 + problem.columns;
    for (let i = 0; i < options; i++) {
      const start = x;
      for (let j = 0; j < f; j++, x++) {
        const h = 1 + problem.optionColumns[i * f + j]!;
        C[x] = h;
        this.option[x] = i;
        // Append to the column's ring, and to the option's.
        U[x] = U[h]!;
        D[x] = h;
        D[U[h]!] = x;
        U[h] = x;
        S[h]!++;
        L[x] = x === start ? x + f - 1 : x - 1;
        R[x] = j === f - 1 ? start : x + 1;
      }
    }
  }

  /** Removes column c from the root's list and every option meeting c from the other columns it uses. */
  cover(c: number): void {
    const { L, R, U, D, C, S } = this;
    L[R[c]!] = L[c]!;
    R[L[c]!] = R[c]!;
    let updates = 1;
    for (let i = D[c]!; i !== c; i = D[i]!) {
      for (let j = R[i]!; j !== i; j = R[j]!) {
        const u = U[j]!;
        const d = D[j]!;
        D[u] = d;
        U[d] = u;
        S[C[j]!]!--;
        updates++;
      }
    }
    this.updates += updates;
  }

  /** Undoes cover(c), in exactly the reverse order: the links dance back. */
  uncover(c: number): void {
    const { L, R, U, D, C, S } = this;
    for (let i = U[c]!; i !== c; i = U[i]!) {
      for (let j = L[i]!; j !== i; j = L[j]!) {
        S[C[j]!]!++;
        D[U[j]!] = j;
        U[D[j]!] = j;
      }
    }
    L[R[c]!] = c;
    R[L[c]!] = c;
  }

  /** Knuth's S heuristic: the primary column with the fewest options left (the first of the smallest); 0 when all are covered. */
  choose(): number {
    const { R, S } = this;
    let best = 0;
    let size = 0x7fffffff;
    for (let j = R[0]!; j !== 0; j = R[j]!) {
      const s = S[j]!;
      if (s < size) {
        best = j;
        size = s;
        if (s === 0) break;
      }
    }
    return best;
  }
}
