import { MAX_WIDTH } from './row-rules';
import type { NodeBudget } from './stopwatch';

/**
 * The hot loop of the symmetric counter for pieces that only ride lines (queens): one piece per row, three
 * propagated masks, the rows' canonicity constraints in `allowedRows`, the placement in `boardRows`.
 *
 * Its state lives in module variables: V8 reads these faster than fields through `this` (n = 15, Node 20,
 * loaded 2-core machine: 98 M nodes/s against 86 M through a class). One board and one set of row constraints
 * serve every counter: constant arrays let V8 fold their address into the loop (n = 16: 3.27 s of CPU with
 * per-counter arrays, 2.98 s with these). Counters are used one at a time, each replay-then-search
 * synchronous, so sharing them is safe.
 */
export const allowedRows = new Int32Array(MAX_WIDTH);
export const boardRows = new Int32Array(MAX_WIDTH);
let hotNodes = 0;
let hotNextCheck = 0;
let beforeLast = 0;
let twoBeforeLast = 0;
/** The last row that may use an edge file (n−1−b), or −1; the edge-file mask. */
let edgeDeadline = -1;
let edgeFiles = 0;

/**
 * Every file holds a piece, and canonicity keeps the edge files out of the rows below b and above n−1−b, so by
 * row n−1−b both must be used: if both are free there, give up; if one is, this row must take it.
 */
function fillEdges(avail: number, down: number): number {
  const open = edgeFiles & ~down;
  if (open === edgeFiles) return 0;
  return open === 0 ? avail : avail & open;
}
/** Thrown to unwind the recursion when the budget is spent: free until thrown, unlike a flag tested per node. */
const STOP = new Error('budget spent');
let hotLeaf: () => void = () => {};
let hotPoll: () => boolean = () => false;

// The hot loop. Recursion measured against an explicit Int32Array stack on the plain n = 15 count in Node 20
// (V8 11.3): recursion 1.46 s (116 M nodes/s), explicit stack 2.6–3.9 s (44–65 M nodes/s); V8 keeps these
// small frames in registers, so recursion stays. The last row is decided without a call (about 5% faster),
// and a spent budget unwinds by an exception rather than a flag tested after every call.
function descend(row: number, left: number, down: number, right: number): void {
  let avail = allowedRows[row]! & ~(left | down | right);
  if (row === edgeDeadline) {
    // fillEdges, inlined: this is the loop's own call site.
    const open = edgeFiles & ~down;
    if (open === edgeFiles) return;
    if (open !== 0) avail &= open;
  }
  const next = row + 1;
  while (avail !== 0) {
    const bit = avail & -avail;
    avail ^= bit;
    boardRows[row] = bit;
    if (++hotNodes >= hotNextCheck && hotPoll()) throw STOP;
    if (next === twoBeforeLast) rowsBeforeLast(next, (left | bit) << 1, down | bit, (right | bit) >>> 1);
    else descendTriple(next, (left | bit) << 1, down | bit, (right | bit) >>> 1);
  }
}

/**
 * Three rows per call: calls cost more than a node's bit operations (n = 16, CPU: one row per call 3.27 s,
 * two 2.72 s, three 2.55 s). `descend` and `descendPair` only take up the rows that do not divide by three.
 */
function descendTriple(row: number, left: number, down: number, right: number): void {
  let avail = allowedRows[row]! & ~(left | down | right);
  if (row === edgeDeadline) {
    const open = edgeFiles & ~down;
    if (open === edgeFiles) return;
    if (open !== 0) avail &= open;
  }
  const second = row + 1;
  const third = row + 2;
  const next = row + 3;
  const secondAllowed = allowedRows[second]!;
  const thirdAllowed = allowedRows[third]!;
  const deadline2 = second === edgeDeadline;
  const deadline3 = third === edgeDeadline;
  while (avail !== 0) {
    const bit = avail & -avail;
    avail ^= bit;
    boardRows[row] = bit;
    if (++hotNodes >= hotNextCheck && hotPoll()) throw STOP;
    const l = (left | bit) << 1;
    const d = down | bit;
    const r = (right | bit) >>> 1;
    let avail2 = secondAllowed & ~(l | d | r);
    if (deadline2) {
      const open = edgeFiles & ~d;
      if (open === edgeFiles) continue;
      if (open !== 0) avail2 &= open;
    }
    while (avail2 !== 0) {
      const bit2 = avail2 & -avail2;
      avail2 ^= bit2;
      boardRows[second] = bit2;
      if (++hotNodes >= hotNextCheck && hotPoll()) throw STOP;
      const l2 = (l | bit2) << 1;
      const d2 = d | bit2;
      const r2 = (r | bit2) >>> 1;
      let avail3 = thirdAllowed & ~(l2 | d2 | r2);
      if (deadline3) {
        const open = edgeFiles & ~d2;
        if (open === edgeFiles) continue;
        if (open !== 0) avail3 &= open;
      }
      while (avail3 !== 0) {
        const bit3 = avail3 & -avail3;
        avail3 ^= bit3;
        boardRows[third] = bit3;
        if (++hotNodes >= hotNextCheck && hotPoll()) throw STOP;
        if (next === twoBeforeLast) rowsBeforeLast(next, (l2 | bit3) << 1, d2 | bit3, (r2 | bit3) >>> 1);
        else descendTriple(next, (l2 | bit3) << 1, d2 | bit3, (r2 | bit3) >>> 1);
      }
    }
  }
}

/** Two rows, then on by threes. */
function descendPair(row: number, left: number, down: number, right: number): void {
  let avail = allowedRows[row]! & ~(left | down | right);
  if (row === edgeDeadline) {
    const open = edgeFiles & ~down;
    if (open === edgeFiles) return;
    if (open !== 0) avail &= open;
  }
  const second = row + 1;
  const next = row + 2;
  const secondAllowed = allowedRows[second]!;
  const deadline = second === edgeDeadline;
  while (avail !== 0) {
    const bit = avail & -avail;
    avail ^= bit;
    boardRows[row] = bit;
    if (++hotNodes >= hotNextCheck && hotPoll()) throw STOP;
    const l = (left | bit) << 1;
    const d = down | bit;
    const r = (right | bit) >>> 1;
    let avail2 = secondAllowed & ~(l | d | r);
    if (deadline) {
      const open = edgeFiles & ~d;
      if (open === edgeFiles) continue;
      if (open !== 0) avail2 &= open;
    }
    while (avail2 !== 0) {
      const bit2 = avail2 & -avail2;
      avail2 ^= bit2;
      boardRows[second] = bit2;
      if (++hotNodes >= hotNextCheck && hotPoll()) throw STOP;
      if (next === twoBeforeLast) rowsBeforeLast(next, (l | bit2) << 1, d | bit2, (r | bit2) >>> 1);
      else descendTriple(next, (l | bit2) << 1, d | bit2, (r | bit2) >>> 1);
    }
  }
}

/** The third-last row with the two below it decided in loops, not calls: most nodes live this deep. */
function rowsBeforeLast(row: number, left: number, down: number, right: number): void {
  let avail = allowedRows[row]! & ~(left | down | right);
  if (row === edgeDeadline) avail = fillEdges(avail, down);
  const second = row + 1;
  const last = row + 2;
  const secondAllowed = allowedRows[second]!;
  const lastAllowed = allowedRows[last]!;
  while (avail !== 0) {
    const bit = avail & -avail;
    avail ^= bit;
    boardRows[row] = bit;
    if (++hotNodes >= hotNextCheck && hotPoll()) throw STOP;
    const l = (left | bit) << 1;
    const d = down | bit;
    const r = (right | bit) >>> 1;
    let next = secondAllowed & ~(l | d | r);
    if (second === edgeDeadline) next = fillEdges(next, d);
    while (next !== 0) {
      const bit2 = next & -next;
      next ^= bit2;
      hotNodes++;
      const final = lastAllowed & ~(((l | bit2) << 1) | d | bit2 | ((r | bit2) >>> 1));
      if (final !== 0) {
        boardRows[second] = bit2;
        boardRows[last] = final;
        hotNodes++;
        hotLeaf();
      }
    }
  }
}

function rowBeforeLast(row: number, left: number, down: number, right: number): void {
  let avail = allowedRows[row]! & ~(left | down | right);
  if (row === edgeDeadline) avail = fillEdges(avail, down);
  const last = row + 1;
  const lastAllowed = allowedRows[last]!;
  while (avail !== 0) {
    const bit = avail & -avail;
    avail ^= bit;
    hotNodes++;
    const final = lastAllowed & ~(((left | bit) << 1) | down | bit | ((right | bit) >>> 1));
    if (final !== 0) {
      boardRows[row] = bit;
      boardRows[last] = final;
      hotNodes++;
      hotLeaf();
    }
  }
}

function lastRow(row: number, left: number, down: number, right: number): void {
  const final = allowedRows[row]! & ~(left | down | right);
  if (final !== 0) {
    boardRows[row] = final;
    hotNodes++;
    hotLeaf();
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
  const budget = o.budget;
  hotNodes = budget.nodes;
  hotNextCheck = budget.nextCheck;
  hotLeaf = o.leaf;
  hotPoll = () => {
    budget.nodes = hotNodes;
    const stop = budget.poll();
    hotNextCheck = budget.nextCheck;
    return stop;
  };
  const last = o.last;
  beforeLast = last - 1;
  twoBeforeLast = last - 2;
  edgeDeadline = o.edgeDeadline;
  edgeFiles = 1 | (1 << last);
  try {
    if (row === last) lastRow(row, left, down, right);
    else if (row === last - 1) rowBeforeLast(row, left, down, right);
    else if (row === last - 2) rowsBeforeLast(row, left, down, right);
    else if ((twoBeforeLast - row) % 3 === 0) descendTriple(row, left, down, right);
    else if ((twoBeforeLast - row) % 3 === 2) descendPair(row, left, down, right);
    else descend(row, left, down, right);
  } catch (error) {
    if (error !== STOP) throw error;
  }
  budget.nodes = hotNodes;
}
