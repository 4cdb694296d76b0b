import { CLOCK_MASK, type BudgetClock, type StopReason, type TraceEvent } from '@bezzel/core';
import { columnNames } from './formulation.js';
import type { DancingLinks } from './links.js';

/** How often (a mask on the node counter) the search reports progress. */
const PROGRESS_MASK = 0x3ffff;

/** What the search tells its caller. */
export interface SearchHooks {
  /** The budget: its step limit counts search nodes (options chosen); its clock is read every few thousand. */
  readonly clock: BudgetClock;
  /** Each exact cover found, as the squares of its options; returning true ends the search (goal `one`). */
  readonly onSolution?: (squares: number[]) => boolean;
  /** Nodes and solutions so far, now and then. */
  readonly progress?: (nodes: number, solutions: number) => void;
  /** Cover and uncover steps, and solutions, for a visualiser. */
  readonly trace?: (event: TraceEvent) => void;
}

/** How a search ended: the tree exhausted, stopped by the caller at a solution, or stopped by the budget. */
export type SearchEnd = 'done' | 'stopped' | StopReason;

/**
 * Algorithm X as Knuth's search(k), without recursion: `chosen[k]` is the node of the option chosen at depth k
 * (Knuth's O_k), so backtracking reads where to go on from the links themselves.
 *
 *     search(k): if R[h] = h, print the solution and return.
 *                choose a column c (fewest options); cover(c)
 *                for each r ← D[c], D[D[c]], …, while r ≠ c:
 *                    O_k ← r; for each j ← R[r], R[R[r]], …, while j ≠ r: cover(C[j])
 *                    search(k + 1)
 *                    for each j ← L[r], L[L[r]], …, while j ≠ r: uncover(C[j])
 *                uncover(c)
 */
export class AlgorithmX {
  /** Search nodes: options chosen. */
  nodes = 0;
  /** Exact covers found. */
  solutions = 0;
  /** Options chosen at each depth (node ids), Knuth's O. */
  readonly #chosen: Int32Array;
  /** For coverage: the chosen column's size and the place of the option being tried in it, at each depth. */
  readonly #sizes: Int32Array;
  readonly #places: Int32Array;
  #depth = 0;

  constructor(readonly links: DancingLinks) {
    const depth = links.problem.primary + 1;
    this.#chosen = new Int32Array(depth);
    this.#sizes = new Int32Array(depth);
    this.#places = new Int32Array(depth);
  }

  /** Runs the whole search (once); see {@link SearchEnd}. */
  run(hooks: SearchHooks): SearchEnd {
    const x = this.links;
    const { L, R, D, C, S } = x;
    const squares = x.problem.squares;
    const option = x.option;
    const chosen = this.#chosen;
    const sizes = this.#sizes;
    const places = this.#places;
    const { clock, onSolution, progress, trace } = hooks;
    const maxSteps = clock.maxSteps;
    const names = trace ? columnNames(x.problem) : [];
    let k = 0;
    let nodes = this.nodes;
    let solutions = this.solutions;
    let end: SearchEnd = 'done';

    search: for (;;) {
      // Entering depth k: a solution when no primary column is left, else branch on the smallest column.
      let r: number;
      if (R[0] === 0) {
        if (trace) trace({ type: 'solution', index: solutions });
        solutions++;
        if (onSolution) {
          const found: number[] = [];
          for (let i = 0; i < k; i++) found.push(squares[option[chosen[i]!]!]!);
          if (onSolution(found)) {
            end = 'stopped';
            break;
          }
        }
        r = -1;
      } else {
        const c = x.choose();
        sizes[k] = S[c]!;
        places[k] = 0;
        x.cover(c);
        r = D[c]!;
      }
      // Find the next option to try at depth k, backtracking while a column has none left.
      for (;;) {
        if (r >= 0 && C[r] !== r) break;
        if (r >= 0) x.uncover(r);
        if (k === 0) break search;
        k--;
        r = chosen[k]!;
        for (let j = L[r]!; j !== r; j = L[j]!) x.uncover(C[j]!);
        if (trace) trace({ type: 'uncover', row: squares[option[r]!]!, column: names[C[r]! - 1]!, depth: k });
        places[k]!++;
        r = D[r]!;
      }
      chosen[k] = r;
      nodes++;
      if (nodes >= maxSteps || ((nodes & CLOCK_MASK) === 0 && clock.expired())) {
        clock.exhausted(nodes);
        this.#depth = k;
        end = clock.reason ?? 'steps';
        break;
      }
      if (progress && (nodes & PROGRESS_MASK) === 0) progress(nodes, solutions);
      for (let j = R[r]!; j !== r; j = R[j]!) x.cover(C[j]!);
      if (trace) {
        const also: string[] = [];
        for (let j = R[r]!; j !== r; j = R[j]!) also.push(names[C[j]! - 1]!);
        trace({ type: 'cover', row: squares[option[r]!]!, column: names[C[r]! - 1]!, depth: k, size: sizes[k]!, also });
      }
      k++;
    }
    this.nodes = nodes;
    this.solutions = solutions;
    if (end === 'done') this.#depth = 0;
    return end;
  }

  /**
   * The share of the tree finished when the search stopped: at each depth, the options already tried in its
   * column over the column's size, weighted by the share of the tree below the choices above.
   */
  coverage(): number {
    let share = 1;
    let done = 0;
    for (let d = 0; d <= this.#depth && d < this.#sizes.length; d++) {
      const size = this.#sizes[d]!;
      if (size === 0) break;
      share /= size;
      done += this.#places[d]! * share;
    }
    return Math.min(done, 1);
  }
}
