import { CanonicalTest, symmetryGroup, type Board, type Goal, type Movement, type Solution } from '@bezzel/core';
import { mirrorWeight } from './prefix.js';
import type { RowRules } from '@bezzel/row-masks';
import { RowSearch } from './row-search.js';
import type { NodeBudget } from './stopwatch.js';
import { SymmetricCounter } from './symmetric-count.js';

/** A share of the search: pre-placed first rows (masks) and the weight its counts carry. */
export interface Unit {
  readonly rows: readonly number[];
  readonly weight: number;
}

/**
 * One way to run a task, cut into units by pre-placed first rows: the same units make the in-process
 * progress steps, the pool's sub-tasks and a queue's jobs, so all of them give the same numbers.
 */
export interface Engine {
  /** Every unit with `depth` pre-placed rows (fewer where a placement is complete sooner). */
  units(depth: number): Unit[];
  /** The shallowest useful depth. */
  readonly minDepth: number;
  /** Searches one unit, adding its (unweighted) counts to `count` and `fundamental`; false when stopped. */
  run(rows: readonly number[]): boolean;
  /** Counts so far of the units run, unweighted. */
  counts(): { count: bigint; fundamental?: bigint };
}

const bitCount = (mask: number) => {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
};

/** Takahashi's symmetric counter, for queen-like pieces with k = n: fundamental comes free with the total. */
export function symmetricEngine(rules: RowRules, budget: NodeBudget): Engine {
  const counter = new SymmetricCounter(rules, budget);
  const columns = (rows: readonly number[]) => rows.map((mask) => 31 - Math.clz32(mask));
  return {
    minDepth: 2,
    units: (depth) => counter.prefixes(depth).map((cols) => ({ rows: cols.map((c) => 1 << c), weight: 1 })),
    run: (rows) => {
      if (rows.some((mask) => mask === 0 || (mask & (mask - 1)) !== 0)) return true;
      return counter.run(columns(rows));
    },
    counts: () => ({ count: counter.total, fundamental: counter.fundamental }),
  };
}

export interface RowEngineOptions {
  readonly board: Board;
  readonly movement: Movement;
  readonly rules: RowRules;
  readonly k: number;
  readonly goal: Goal;
  readonly budget: NodeBudget;
  readonly onSolution: (solution: Solution) => void;
  /** Halve a plain count by the left-right mirror (units then carry weight 2, 1 or are left out). */
  readonly mirror: boolean;
}

/**
 * The general row search. `count-fundamental` tests each placement found for being the smallest of its
 * orbit under the symmetries that preserve the board and the piece (4 on a rectangle, 8 on a square).
 */
export function rowEngine(o: RowEngineOptions): Engine & { first(): Solution | undefined; readonly done: boolean } {
  const { board, rules, k, goal, budget } = o;
  const test = goal === 'count-fundamental' ? new CanonicalTest(board, symmetryGroup(board, o.movement), k) : undefined;
  let count = 0n;
  let fundamental = 0n;
  let first: Solution | undefined;
  const squares = new Int32Array(Math.max(k, 1));
  const fill = (rows: Int32Array, used: number) => {
    let i = 0;
    for (let r = 0; r < used; r++) for (let m = rows[r]!; m !== 0; m &= m - 1) squares[i++] = r * rules.width + (31 - Math.clz32(m & -m));
    return i;
  };
  const search: RowSearch = new RowSearch(rules, budget, (rows, used) => {
    count++;
    if (goal === 'count') return;
    const n = fill(rows, used);
    if (goal === 'count-fundamental') {
      if (test!.isCanonical(squares, n)) fundamental++;
      return;
    }
    const solution: Solution = { kind: 'placement', squares: Array.from(squares.subarray(0, n)) };
    if (goal === 'one') {
      // The result carries it; only goal `all` streams.
      first = solution;
      search.done = true;
      return;
    }
    o.onSolution(solution);
  });
  return {
    minDepth: 1,
    units(depth) {
      const out: Unit[] = [];
      const extend = (prefix: number[], up: number, file: number, down: number, remaining: number) => {
        const row = prefix.length;
        if (row === depth || remaining === 0 || row === rules.height) {
          if (remaining === 0 || search.room(row, remaining)) {
            const weight = o.mirror ? mirrorWeight(prefix, rules.width) : 1;
            if (weight > 0) out.push({ rows: prefix, weight });
          }
          return;
        }
        for (const set of search.choices(row, up, file, down, remaining)) {
          search.rows[row] = set;
          const [u, f, d] = search.next(set, up, file, down);
          extend([...prefix, set], u, f, d, remaining - bitCount(set));
        }
      };
      extend([], 0, 0, 0, k);
      return out;
    },
    run(rows) {
      let up = 0, file = 0, down = 0, remaining = k;
      for (let r = 0; r < rows.length; r++) {
        const set = rows[r]!;
        if (r >= rules.height || !search.fits(r, set, up, file, down)) return true;
        search.rows[r] = set;
        [up, file, down] = search.next(set, up, file, down);
        remaining -= bitCount(set);
        if (remaining < 0) return true;
      }
      search.search(rows.length, up, file, down, remaining);
      return !budget.stopped;
    },
    counts: () => (goal === 'count-fundamental' ? { count, fundamental } : { count }),
    first: () => first,
    get done() {
      return search.done;
    },
  };
}
