import { MAX_WIDTH } from '@bezzel/row-masks';
import { NodeBudget } from './stopwatch.js';

/**
 * The hot loop of the symmetric counter for pieces that only ride lines (queens): one piece per row, three
 * propagated masks, the rows' canonicity constraints in `allowedRows`, the placement in `boardRows`.
 *
 * One board and one set of row constraints serve every counter (module constants; n = 16: 3.27 s of CPU with
 * per-counter arrays, 2.98 s with these, in the recursion this loop replaced). Counters are used one at a
 * time, each replay-then-search synchronous, so sharing them is safe.
 */
export const allowedRows = new Int32Array(MAX_WIDTH);
export const boardRows = new Int32Array(MAX_WIDTH);

/** Thrown to unwind the search when the budget is spent: free until thrown, unlike a flag tested per node. */
const STOP = new Error('budget spent');

/**
 * The search of rows `start`…`last` as one function of nested loops, one loop per row, written out for that
 * pair of rows and compiled once (`new Function`). Against the recursion it replaced (three rows per call,
 * the budget compared at every node), n = 16 in one thread, CPU: 2.7 s → 1.85 s (133 M nodes/s). What pays:
 * no calls at all, every row's index a constant, the row constraints read once per sub-task, and the budget
 * compared at one row only (`POLL_DEPTH`): a comparison in every loop cost about 25% by itself, as V8 then
 * keeps the loops' values on the stack around the call it guards. What is left of a node's cost is mostly its
 * unpredictable branches: without the node counter, with the board written only at a complete placement (from
 * the `d` masks), with the last two rows decided without branches, or with the last two rows looked ahead at
 * from row n − 5 on to prune (20% fewer nodes), n = 16 measured the same within 2%. Returns the nodes visited.
 */
type Loop = (
  allowed: Int32Array,
  board: Int32Array,
  leaf: () => void,
  poll: (nodes: number) => number,
  check: number,
  deadline: number,
  left: number,
  down: number,
  right: number,
) => number;

/**
 * The budget is looked at in the loop of row last − POLL_DEPTH (or the first row searched, if lower): a node
 * there heads at most POLL_DEPTH rows, under 2,000 nodes, so a step limit overshoots by no more than that.
 * Depth 3, 6, 9 or none at all measured the same (n = 16: 1.80–1.81 s).
 */
const POLL_DEPTH = 6;

/**
 * Rows one loop searches at most, the last ones; rows above are searched one per call (`descend`), where nodes
 * are few. V8's compile time grows fast with the nesting (OSR compile of the loop from row 2: n = 18, 16 rows,
 * 35 ms; n = 20 50 ms; n = 22 175 ms; n = 32 460 ms, so that a 2 s count of n = 32 visited 42 M nodes, against
 * 172 M by the old recursion and 263 M with at most 16 rows per loop). On n = 16, 12 rows per loop measured the
 * same as 16, 9 rows 7% slower.
 */
const MAX_LOOP_ROWS = 16;

/** The loop for each pair of rows, or undefined where code generation is refused. */
const loops = new Map<string, Loop | undefined>();

let pollBudget = new NodeBudget(undefined);
/** The budget's node count when the running loop started; the loop counts from 0. */
let pollBase = 0;

/** Called by a loop every few thousand nodes: records its nodes, throws STOP when spent, else the next check. */
function poll(nodes: number): number {
  pollBudget.nodes = pollBase + nodes;
  if (pollBudget.poll()) throw STOP;
  return pollBudget.nextCheck - pollBase;
}

function loopFor(start: number, last: number): Loop | undefined {
  const key = `${start}/${last}`;
  if (loops.has(key)) return loops.get(key);
  let loop: Loop | undefined;
  try {
    loop = new Function('allowed', 'board', 'leaf', 'poll', 'check', 'deadline', 'left', 'down', 'right', loopSource(start, last)) as Loop;
  } catch {
    // A Content-Security-Policy without 'unsafe-eval' (a browser): the plain recursion below.
    loop = undefined;
  }
  loops.set(key, loop);
  if (loop) warm(loop, start, last);
  return loop;
}

/**
 * The source of a loop. Row r's loop holds its free columns in `avR`, the piece it placed in `bR` and the masks
 * for the row above in `lR+1`, `dR+1`, `rR+1`. The last two rows are decided in the innermost loop: the
 * second-last row's pieces without their own loop body, the last row as one mask test. At the row
 * `deadline` (n−1−b, or −1) both edge files must be used by now: canonicity keeps them out of the rows below
 * b and above n−1−b and every file holds a piece, so if both are free the row is skipped, if one is the row
 * must take it.
 */
function loopSource(start: number, last: number): string {
  const edges = 1 | (1 << last);
  const out: string[] = ['"use strict";'];
  for (let r = start; r <= last; r++) out.push(`const a${r} = allowed[${r}];`);
  out.push('let nodes = 0;', `const l${start} = left, d${start} = down, r${start} = right;`);
  if (start === last) {
    out.push(`const f = a${last} & ~(l${last} | d${last} | r${last});`, `if (f !== 0) { board[${last}] = f; nodes++; leaf(); }`, 'return nodes;');
    return out.join('\n');
  }
  const edgeRule = (r: number) =>
    `if (deadline === ${r}) { const open = ${edges} & ~d${r}; if (open === ${edges}) av${r} = 0; else if (open !== 0) av${r} &= open; }`;
  const pollRow = Math.max(start, last - POLL_DEPTH);
  for (let r = start; r < last - 1; r++) {
    out.push(`let av${r} = a${r} & ~(l${r} | d${r} | r${r});`, edgeRule(r), `while (av${r} !== 0) {`);
    out.push(`const b${r} = av${r} & -av${r};`, `av${r} ^= b${r};`, `board[${r}] = b${r};`, 'nodes++;');
    if (r === pollRow) out.push('if (nodes >= check) check = poll(nodes);');
    out.push(`const l${r + 1} = (l${r} | b${r}) << 1, d${r + 1} = d${r} | b${r}, r${r + 1} = (r${r} | b${r}) >>> 1;`);
  }
  const r = last - 1;
  out.push(`let av${r} = a${r} & ~(l${r} | d${r} | r${r});`, edgeRule(r), `while (av${r} !== 0) {`);
  out.push(`const b = av${r} & -av${r};`, `av${r} ^= b;`, 'nodes++;');
  out.push(`const f = a${last} & ~(((l${r} | b) << 1) | d${r} | b | ((r${r} | b) >>> 1));`);
  out.push(`if (f !== 0) { board[${r}] = b; board[${last}] = f; nodes++; leaf(); }`);
  for (let row = start; row <= r; row++) out.push('}');
  out.push('return nodes;');
  return out.join('\n');
}

/**
 * Runs a new loop down one placement, with the edge rule at each row in turn, so that every line of it has run
 * before V8 optimizes it. V8 optimizes such a loop while it runs (on-stack replacement), when only the inner
 * loops have run: each outer row's code, reached later, then has no type feedback, throws the optimized code
 * away and is compiled again — n = 16: about 20 compilations of 15–30 ms on V8's threads, the first count of
 * a process 0.3 s slower in wall time and 0.7 s in CPU. Twice: V8 records feedback only from a function's
 * second run or so (its feedback vector is allocated lazily). Each round passes other `leaf` and `poll`
 * functions, so V8 calls them from the loop instead of inlining them: inlined, the budget's clock (a new one
 * per sub-task in a worker) changed shape under the loop and threw it away 3–4 times per worker (n = 16 with
 * a counter and clock per sub-task: 2.00 s → 1.93 s).
 */
function warm(loop: Loop, start: number, last: number): void {
  // Left of the last file, so that a row at the deadline finds one edge file used, the other free.
  const cols = onePlacement(last - start + 1, last);
  if (!cols) return;
  const allowed = new Int32Array(MAX_WIDTH);
  cols.forEach((c, i) => (allowed[start + i] = 1 << c));
  const board = new Int32Array(MAX_WIDTH);
  const [budget, base] = [pollBudget, pollBase];
  pollBudget = new NodeBudget(undefined);
  pollBase = 0;
  const rounds = [
    { leaf: () => {}, poll },
    { leaf: () => undefined, poll: (nodes: number) => poll(nodes) },
  ];
  for (const round of rounds) {
    for (let deadline = -1; deadline < last; deadline++) loop(allowed, board, round.leaf, round.poll, 0, deadline, 0, 0, 0);
  }
  [pollBudget, pollBase] = [budget, base];
}

/** Columns of `rows` non-attacking queens in consecutive rows of a board `width` wide, the first in column 0. */
function onePlacement(rows: number, width: number): number[] | undefined {
  const cols: number[] = [];
  const place = (row: number, left: number, down: number, right: number): boolean => {
    if (row === rows) return true;
    for (let c = 0; c < (row === 0 ? 1 : width); c++) {
      const bit = 1 << c;
      if (((left | down | right) & bit) !== 0) continue;
      cols[row] = c;
      if (place(row + 1, (left | bit) << 1, down | bit, (right | bit) >>> 1)) return true;
    }
    return false;
  };
  return place(0, 0, 0, 0) ? cols : undefined;
}

/**
 * The rows above the loop, one per call: on boards taller than `MAX_LOOP_ROWS` + 2 (where nodes are few this
 * high), and all rows where code generation is refused.
 */
function descend(row: number, left: number, down: number, right: number, o: LineSearch, loop: Loop | undefined, from: number): void {
  if (row === from && loop) {
    const budget = o.budget;
    pollBudget = budget;
    pollBase = budget.nodes;
    budget.nodes = pollBase + loop(allowedRows, boardRows, o.leaf, poll, budget.nextCheck - pollBase, o.edgeDeadline, left, down, right);
    return;
  }
  let avail = allowedRows[row]! & ~(left | down | right);
  if (row === o.edgeDeadline) {
    const edges = 1 | (1 << o.last);
    const open = edges & ~down;
    if (open === edges) return;
    if (open !== 0) avail &= open;
  }
  const budget = o.budget;
  while (avail !== 0) {
    const bit = avail & -avail;
    avail ^= bit;
    boardRows[row] = bit;
    if (++budget.nodes >= budget.nextCheck && budget.poll()) throw STOP;
    if (row === o.last) o.leaf();
    else descend(row + 1, (left | bit) << 1, down | bit, (right | bit) >>> 1, o, loop, from);
  }
}

export interface LineSearch {
  /** The last row (n − 1). */
  readonly last: number;
  /** The row by which both edge files must be used (n − 1 − b), or −1. */
  readonly edgeDeadline: number;
  readonly budget: NodeBudget;
  /** Called with the placement complete in `boardRows`. */
  readonly leaf: () => void;
}

/** Searches rows `row`… from the given masks; stops (with `budget.stopped`) when the budget is spent. */
export function searchLines(row: number, left: number, down: number, right: number, o: LineSearch): void {
  const from = Math.max(row, o.last + 1 - MAX_LOOP_ROWS);
  try {
    descend(row, left, down, right, o, loopFor(from, o.last), from);
  } catch (error) {
    // The budget holds the nodes counted up to the stop.
    if (error !== STOP) throw error;
  }
}
