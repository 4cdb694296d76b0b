import { CLOCK_MASK, type BudgetClock, type StopReason, type TraceEvent } from '@bezzel/core';
import type { LineFamilies } from '@bezzel/columns';

/** SELECT-UNASSIGNED-VARIABLE: column order, fewest values left, or fewest values left then most constraints. */
export type Ordering = 'static' | 'mrv' | 'mrv+degree';
/** ORDER-DOMAIN-VALUES: rows in order, or least-constraining value first. */
export type ValueOrdering = 'order' | 'lcv';
/** INFERENCE after each assignment: none, forward checking, or maintaining arc consistency (AC-3). */
export type Inference = 'none' | 'forward-checking' | 'mac';

/** How the search chooses and what it infers. */
export interface CspSettings {
  /** Which variable next. */
  readonly ordering: Ordering;
  /** Which value first. */
  readonly values: ValueOrdering;
  /** What each assignment infers. */
  readonly inference: Inference;
  /** Conflict-directed backjumping instead of chronological backtracking. */
  readonly backjumping: boolean;
}

/** How a search ended: every assignment was tried, the visitor asked to stop, or the budget ran out. */
export type SearchEnd = 'done' | 'stopped' | StopReason;

/** Called with the row of each column of a solution, in a buffer the search reuses. True stops the search. */
export type SolutionVisitor = (rows: Int32Array) => boolean;

/** Index of the lowest set bit of a non-zero word. */
const lowBit = (word: number): number => 31 - Math.clz32(word & -word);

/**
 * Backtracking search over a binary CSP with one variable per column (its value: the row of the column's piece), for a
 * piece that attacks along whole lines: two columns c₁ < c₂ with rows r₁, r₂ conflict when they share a rank
 * (r₁ = r₂), a diagonal (r₂ − r₁ = c₂ − c₁) or an anti-diagonal (r₁ − r₂ = c₂ − c₁), for the families the piece rides.
 * Every pair of columns is constrained, and a row of one column conflicts with at most three rows of another.
 *
 * Domains are bit sets (`words` Int32 words a variable, in one Int32Array); each value removed is pushed on a trail
 * and put back when its assignment is taken back; the search runs on an explicit stack. Nothing is allocated per
 * node (only the trail grows, by doubling, when it must), except the events of a traced run.
 *
 * **Checks** count each test of a pair of values against a constraint, as the textbook pseudo-code makes them, so
 * that the figures compare across settings: plain backtracking tests a value against each earlier assignment until
 * one conflicts; forward checking tests the new assignment against every value left in each unassigned domain;
 * AC-3's REVISE(Xi, Xj) tests each value of Xi against the values of Xj in order until one supports it; MRV
 * without inference counts each column's legal values by testing them against the assignment; LCV tests each
 * candidate value against every value left in each other unassigned domain. Word operations find the same
 * answers faster (a row conflicts with at most three rows of another column), and the count is computed from
 * them exactly. The degree heuristic reads the domains with word operations and counts no checks.
 */
export class ColumnCsp {
  /** Assignments made (the nodes of the search tree, root excluded). */
  nodes = 0;
  /** Assignments taken back because they led to no (further) solution. */
  backtracks = 0;
  /** Pairs of values tested against a constraint (see the class comment). */
  checks = 0;
  /** Values removed from domains by inference. */
  pruned = 0;
  /** Backjumps: retreats past at least one level, whose remaining values are then never tried. */
  backjumps = 0;
  /** Values left untried at the levels backjumps passed (a jump past levels with no value left saves nothing). */
  skipped = 0;
  /** Solutions found. */
  solutions = 0;

  private readonly n: number;
  private readonly words: number;
  private readonly rank: boolean;
  private readonly diagonal: boolean;
  private readonly anti: boolean;
  private readonly staticOrder: boolean;
  private readonly degree: boolean;
  private readonly lcv: boolean;
  private readonly inference: 0 | 1 | 2;
  private readonly backjumping: boolean;
  /** The current domains, `words` words per variable. */
  private readonly dom: Int32Array;
  private readonly size: Int32Array;
  /** The row of each column, -1 while unassigned. */
  private readonly val: Int32Array;
  /** The variable assigned at each depth. */
  private readonly varAt: Int32Array;
  /** At each depth: the last value tried (rows in order) or its index in the LCV list. */
  private readonly cursor: Int32Array;
  /** Removed values, as variable·n + value, with the trail length when each depth's assignment was made. */
  private trail: Int32Array;
  private trailLength = 0;
  private readonly trailMark: Int32Array;
  /** Without inference: each unassigned variable's legal values (consistent with the assignment), when needed. */
  private readonly legal: Int32Array;
  private readonly legalSize: Int32Array;
  private readonly rowStamp: Int32Array;
  private stamp = 0;
  private readonly needLegal: boolean;
  /** LCV: each depth's values in the order to try, on a stack. */
  private lcvList: Int32Array;
  private readonly lcvStart: Int32Array;
  private readonly lcvKey: Int32Array;
  /** MAC: AC-3's queue of arcs (Xi, Xj) as i·n + j, circular, each arc at most once. */
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private head = 0;
  private tail = 0;
  /** CBJ: the conflict set of each depth (a set of depths), and each variable's past-fc set (depths that pruned it). */
  private readonly conf: Int32Array;
  private readonly pastFc: Int32Array;
  /** CBJ: past-fc sets saved before their first change at a depth (variable, then its words), with marks. */
  private setTrail: Int32Array;
  private setTrailLength = 0;
  private readonly setTrailMark: Int32Array;
  private readonly savedAt: Int32Array;
  private readonly levelEpoch: Int32Array;
  private epoch = 0;
  /** CBJ: a solution lies under this depth's current variable, so it backtracks chronologically. */
  private readonly solvedBelow: Uint8Array;
  /** Traced runs: values refused by the consistency test since the last event. */
  private rejected: number[] = [];

  constructor(n: number, lines: LineFamilies, settings: CspSettings) {
    this.n = n;
    const W = (this.words = (n + 31) >>> 5);
    this.rank = lines.rank;
    this.diagonal = lines.diagonal;
    this.anti = lines.antiDiagonal;
    this.staticOrder = settings.ordering === 'static';
    this.degree = settings.ordering === 'mrv+degree';
    this.lcv = settings.values === 'lcv';
    this.inference = settings.inference === 'none' ? 0 : settings.inference === 'forward-checking' ? 1 : 2;
    this.backjumping = settings.backjumping;
    this.needLegal = this.inference === 0 && (!this.staticOrder || this.lcv);

    this.dom = new Int32Array(n * W);
    for (let x = 0; x < n; x++) fill(this.dom, x * W, n);
    this.size = new Int32Array(n).fill(n);
    this.val = new Int32Array(n).fill(-1);
    this.varAt = new Int32Array(n);
    this.cursor = new Int32Array(n);
    this.trail = new Int32Array(Math.min(n * n, 1 << 16) || 1);
    this.trailMark = new Int32Array(n);
    this.legal = new Int32Array(this.needLegal ? n * W : 0);
    this.legalSize = new Int32Array(this.needLegal ? n : 0);
    this.rowStamp = new Int32Array(this.needLegal ? n : 0);
    this.lcvList = new Int32Array(this.lcv ? Math.min(n * n, 1 << 16) || 1 : 0);
    this.lcvStart = new Int32Array(this.lcv ? n + 1 : 0);
    this.lcvKey = new Int32Array(this.lcv ? n : 0);
    const mac = this.inference === 2;
    this.queue = new Int32Array(mac ? n * n : 0);
    this.queued = new Uint8Array(mac ? n * n : 0);
    const bj = this.backjumping;
    this.conf = new Int32Array(bj ? n * W : 0);
    this.pastFc = new Int32Array(bj && this.inference > 0 ? n * W : 0);
    this.setTrail = new Int32Array(bj && this.inference > 0 ? Math.min(n * (W + 1) * 4, 1 << 16) : 0);
    this.setTrailMark = new Int32Array(bj ? n : 0);
    this.savedAt = new Int32Array(bj ? n : 0).fill(-1);
    this.levelEpoch = new Int32Array(bj ? n : 0);
    this.solvedBelow = new Uint8Array(bj ? n : 0);
  }

  /** The row of each column (-1 where unassigned): the solution, inside the visitor. */
  get rows(): Int32Array {
    return this.val;
  }

  /**
   * Runs the search until it has tried everything, the visitor stops it or the clock does; `trace` (when someone
   * watches) hears every assignment, retreat, wipeout and solution.
   */
  run(clock: BudgetClock, visit: SolutionVisitor, progress: (search: ColumnCsp) => void = () => {}, trace?: (event: TraceEvent) => void): SearchEnd {
    const n = this.n;
    if (n === 0) {
      this.solutions++;
      return visit(this.val) ? 'stopped' : 'done';
    }
    const { val, varAt, backjumping: bj, inference } = this;
    const maxSteps = clock.maxSteps;
    // Read the clock every few thousand nodes, fewer where a node is heavy (quadratic in n with LCV, MAC or MRV
    // without inference), so that a time limit is kept within a few milliseconds on any board.
    const work = this.lcv || inference === 2 || this.needLegal ? n * n : n;
    const clockMask = Math.min(CLOCK_MASK, 2 ** Math.max(0, Math.floor(Math.log2(2 ** 20 / work))) - 1);
    const progressMask = (clockMask << 4) | 0xf;
    let depth = 0;
    this.enter(0);
    for (;;) {
      const x = varAt[depth]!;
      const v = this.nextValue(depth, x);
      if (v < 0) {
        // A dead end: every value of x failed. Back to the deepest level in x's conflict set (CBJ) or one up.
        if (depth === 0) return 'done';
        let target = depth - 1;
        if (bj && this.solvedBelow[depth] === 0) {
          if (inference > 0) this.unite(this.conf, depth * this.words, this.pastFc, x * this.words, -1);
          target = this.highest(this.conf, depth * this.words);
        }
        if (target < 0) {
          // No earlier assignment is to blame: there is no solution anywhere (CBJ proves it early).
          this.backjumps++;
          for (let level = depth - 1; level >= 0; level--) this.skipped += this.valuesLeft(level, varAt[level]!);
          if (trace) this.traceRetreat(trace, depth);
          return 'done';
        }
        if (bj) {
          this.unite(this.conf, target * this.words, this.conf, depth * this.words, target);
          this.solvedBelow[target]! |= this.solvedBelow[depth]!;
          if (target < depth - 1) this.backjumps++;
        }
        for (let level = depth - 1; level >= target; level--) {
          const variable = varAt[level]!;
          if (level > target) this.skipped += this.valuesLeft(level, variable);
          const value = val[variable]!;
          this.undo(level);
          this.backtracks++;
          if (trace) {
            const rejected = level === depth - 1 ? this.takeRejected() : {};
            trace({ type: 'unassign', variable, value, depth: level, ...(target < depth - 1 ? { backjumpTo: target } : {}), ...rejected });
          }
        }
        depth = target;
        continue;
      }

      if (inference === 0) {
        const culprit = this.firstConflict(x, v, depth);
        if (culprit >= 0) {
          if (bj) setBit(this.conf, depth * this.words, culprit);
          if (trace) this.rejected.push(v);
          continue;
        }
      }

      if (this.nodes >= maxSteps || (this.nodes & clockMask) === 0) {
        if (clock.exhausted(this.nodes)) return clock.reason ?? 'steps';
        if ((this.nodes & progressMask) === 0) progress(this);
      }
      this.nodes++;
      val[x] = v;
      this.trailMark[depth] = this.trailLength;
      if (bj) {
        this.levelEpoch[depth] = ++this.epoch;
        this.setTrailMark[depth] = this.setTrailLength;
      }
      const wiped = inference === 0 ? -1 : this.propagate(x, v, depth);
      if (trace) {
        const pruned: { variable: number; value: number }[] = [];
        for (let i = this.trailMark[depth]!; i < this.trailLength; i++) {
          const e = this.trail[i]!;
          const variable = (e / n) | 0;
          pruned.push({ variable, value: e - variable * n });
        }
        trace({ type: 'assign', variable: x, value: v, depth, pruned, ...this.takeRejected() });
        if (wiped >= 0) trace({ type: 'wipeout', variable: wiped, depth });
      }
      if (wiped >= 0) {
        if (bj) this.unite(this.conf, depth * this.words, this.pastFc, wiped * this.words, depth);
        this.undo(depth);
        this.backtracks++;
        if (trace) trace({ type: 'unassign', variable: x, value: v, depth });
        continue;
      }
      if (depth === n - 1) {
        this.solutions++;
        if (trace) trace({ type: 'solution', index: this.solutions - 1 });
        if (visit(val)) return 'stopped';
        if (bj) this.solvedBelow[depth] = 1;
        this.undo(depth);
        if (trace) trace({ type: 'unassign', variable: x, value: v, depth });
        continue;
      }
      depth++;
      this.enter(depth);
    }
  }

  /** For a trace: the jump from a dead end at `depth` past the root, which ends the search (levels depth−1 … 0). */
  private traceRetreat(trace: (event: TraceEvent) => void, depth: number): void {
    for (let level = depth - 1; level >= 0; level--) {
      const variable = this.varAt[level]!;
      trace({ type: 'unassign', variable, value: this.val[variable]!, depth: level, backjumpTo: -1, ...(level === depth - 1 ? this.takeRejected() : {}) });
    }
  }

  private takeRejected(): { rejected?: readonly number[] } {
    if (this.rejected.length === 0) return {};
    const rejected = this.rejected;
    this.rejected = [];
    return { rejected };
  }

  /** Starts a level: SELECT-UNASSIGNED-VARIABLE, then ORDER-DOMAIN-VALUES when it is LCV. */
  private enter(depth: number): void {
    if (this.needLegal) this.computeLegal(depth);
    const x = this.select();
    this.varAt[depth] = x;
    this.cursor[depth] = -1;
    if (this.lcv) this.orderValues(depth, x);
    if (this.backjumping) {
      this.conf.fill(0, depth * this.words, (depth + 1) * this.words);
      this.solvedBelow[depth] = 0;
    }
  }

  /** The next value of `x` to try at `depth`, or -1 when none is left. */
  private nextValue(depth: number, x: number): number {
    if (this.lcv) {
      const i = this.lcvStart[depth]! + ++this.cursor[depth]!;
      return i < this.lcvStart[depth + 1]! ? this.lcvList[i]! : -1;
    }
    const v = nextBit(this.dom, x * this.words, this.words, this.cursor[depth]! + 1);
    this.cursor[depth] = v;
    return v;
  }

  /** How many values of `x`, at `depth`, are still to be tried. */
  private valuesLeft(depth: number, x: number): number {
    if (this.lcv) return this.lcvStart[depth + 1]! - (this.lcvStart[depth]! + this.cursor[depth]! + 1);
    let left = 0;
    for (let v = nextBit(this.dom, x * this.words, this.words, this.cursor[depth]! + 1); v >= 0; v = nextBit(this.dom, x * this.words, this.words, v + 1)) left++;
    return left;
  }

  /** Whether (c₁, r₁) and (c₂, r₂), in different columns, attack each other along one of the piece's lines. */
  private conflict(c1: number, r1: number, c2: number, r2: number): boolean {
    return (this.rank && r1 === r2) || (this.diagonal && r2 - r1 === c2 - c1) || (this.anti && r1 - r2 === c2 - c1);
  }

  /** Plain backtracking's consistency test of x = v against the assignment, in order: the depth of the first conflict, or -1. */
  private firstConflict(x: number, v: number, depth: number): number {
    for (let p = 0; p < depth; p++) {
      this.checks++;
      const z = this.varAt[p]!;
      if (this.conflict(x, v, z, this.val[z]!)) return p;
    }
    return -1;
  }

  /**
   * Without inference, for MRV and LCV: the legal values of every unassigned variable. A value's test against the
   * assignment, in order, stops at the first conflict: the checks are counted as that test makes them.
   */
  private computeLegal(depth: number): void {
    const { n, words: W, legal, legalSize, rowStamp, varAt, val } = this;
    for (let y = 0; y < n; y++) {
      if (val[y]! >= 0) continue;
      const base = y * W;
      for (let w = 0; w < W; w++) legal[base + w] = this.dom[base + w]!;
      let left = n;
      const stamp = ++this.stamp;
      for (let p = 0; p < depth; p++) {
        const z = varAt[p]!;
        const r = val[z]!;
        const d = z - y;
        for (let k = 0; k < 3; k++) {
          const a = k === 0 ? (this.rank ? r : -1) : k === 1 ? (this.diagonal ? r - d : -1) : this.anti ? r + d : -1;
          if (a < 0 || a >= n || rowStamp[a] === stamp) continue;
          rowStamp[a] = stamp;
          clearBit(legal, base, a);
          left--;
          this.checks += p + 1;
        }
      }
      this.checks += left * depth;
      legalSize[y] = left;
    }
  }

  /** SELECT-UNASSIGNED-VARIABLE. */
  private select(): number {
    const { n, val } = this;
    if (this.staticOrder) {
      for (let y = 0; y < n; y++) if (val[y]! < 0) return y;
      return -1;
    }
    const sizes = this.needLegal ? this.legalSize : this.size;
    let best = -1;
    let bestSize = 0;
    let bestDegree = -1;
    for (let y = 0; y < n; y++) {
      if (val[y]! >= 0) continue;
      const s = sizes[y]!;
      if (best >= 0 && s > bestSize) continue;
      if (best < 0 || s < bestSize) {
        best = y;
        bestSize = s;
        bestDegree = -1;
        continue;
      }
      if (!this.degree) continue;
      // A tie on MRV: the degree heuristic (computed lazily for the incumbent).
      if (bestDegree < 0) bestDegree = this.degreeOf(best);
      const d = this.degreeOf(y);
      if (d > bestDegree) {
        best = y;
        bestDegree = d;
      }
    }
    return best;
  }

  /**
   * The degree heuristic: how many other unassigned variables `y` still constrains. Every column constrains every
   * other here, so AIMA's static degree would tie everywhere; a constraint counts while some pair of values left in
   * the two domains conflicts (once none does, it is satisfied whatever happens).
   */
  private degreeOf(y: number): number {
    const { n, val, words: W } = this;
    const live = this.needLegal ? this.legal : this.dom;
    let degree = 0;
    for (let z = 0; z < n; z++) {
      if (z === y || val[z]! >= 0) continue;
      const d = z - y;
      // Rows a of y and b of z conflict when b = a (rank), b = a + d (diagonal), b = a − d (anti-diagonal).
      if (
        (this.rank && shiftedMeet(live, y * W, live, z * W, W, 0)) ||
        (this.diagonal && shiftedMeet(live, y * W, live, z * W, W, d)) ||
        (this.anti && shiftedMeet(live, y * W, live, z * W, W, -d))
      ) {
        degree++;
      }
    }
    return degree;
  }

  /**
   * LCV: the values of `x` ordered by how many values they would rule out in the other unassigned domains, fewest
   * first (ties: lower row first). Testing a value against another domain checks each of its values.
   */
  private orderValues(depth: number, x: number): void {
    const { n, val, words: W } = this;
    const live = this.needLegal ? this.legal : this.dom;
    const sizes = this.needLegal ? this.legalSize : this.size;
    const start = this.lcvStart[depth]!;
    if (this.lcvList.length < start + n) this.lcvList = grow(this.lcvList, start + n);
    const keys = this.lcvKey;
    let count = 0;
    let otherValues = 0;
    for (let z = 0; z < n; z++) if (z !== x && val[z]! < 0) otherValues += sizes[z]!;
    // The values of x's domain: without inference all of them (the consistency test refuses the illegal ones, and
    // backjumping learns from each refusal), or what inference has left.
    const xBase = x * W;
    const dom = this.dom;
    for (let v = nextBit(dom, xBase, W, 0); v >= 0; v = nextBit(dom, xBase, W, v + 1)) {
      let ruled = 0;
      for (let z = 0; z < n; z++) {
        if (z === x || val[z]! >= 0) continue;
        const d = z - x;
        const zBase = z * W;
        if (this.rank && hasBit(live, zBase, v)) ruled++;
        if (this.diagonal && v + d >= 0 && v + d < n && hasBit(live, zBase, v + d)) ruled++;
        if (this.anti && v - d >= 0 && v - d < n && hasBit(live, zBase, v - d)) ruled++;
      }
      this.checks += otherValues;
      // Insertion sort on (ruled, value): values arrive in increasing order.
      const key = ruled * n + v;
      let i = count++;
      while (i > 0 && keys[i - 1]! > key) {
        keys[i] = keys[i - 1]!;
        i--;
      }
      keys[i] = key;
    }
    for (let i = 0; i < count; i++) this.lcvList[start + i] = keys[i]! % n;
    this.lcvStart[depth + 1] = start + count;
  }

  /**
   * INFERENCE after x = v at `depth`: forward checking, then (MAC) AC-3 from the arcs it changed. Returns the
   * variable whose domain it emptied, or -1.
   */
  private propagate(x: number, v: number, depth: number): number {
    const { n, val, dom, size, words: W } = this;
    const mac = this.inference === 2;
    // Forward checking, which is also MAC's first round: REVISE(Y, X) for every unassigned Y, in column order.
    for (let y = 0; y < n; y++) {
      if (val[y]! >= 0) continue;
      this.checks += size[y]!;
      const d = x - y;
      const base = y * W;
      const before = size[y]!;
      // Rows of y that x = v attacks: v (rank), v − d (diagonal), v + d (anti-diagonal).
      if (this.rank && hasBit(dom, base, v)) this.remove(y, v, depth, -1);
      if (this.diagonal && v - d >= 0 && v - d < n && hasBit(dom, base, v - d)) this.remove(y, v - d, depth, -1);
      if (this.anti && v + d >= 0 && v + d < n && hasBit(dom, base, v + d)) this.remove(y, v + d, depth, -1);
      if (size[y] === before) continue;
      if (size[y] === 0) {
        if (mac) this.clearQueue();
        return y;
      }
      if (mac) this.enqueueArcsInto(y, -1);
    }
    if (!mac) return -1;
    const queue = this.queue;
    const cap = queue.length;
    while (this.head !== this.tail) {
      const arc = queue[this.head]!;
      this.head = this.head + 1 === cap ? 0 : this.head + 1;
      this.queued[arc] = 0;
      const y = (arc / n) | 0;
      const z = arc - y * n;
      if (!this.revise(y, z, depth)) continue;
      if (size[y] === 0) {
        this.clearQueue();
        return y;
      }
      this.enqueueArcsInto(y, z);
    }
    return -1;
  }

  /** AC-3: adds the arcs (K, Y) for every unassigned K other than Y and `except`. */
  private enqueueArcsInto(y: number, except: number): void {
    const { n, val, queue, queued } = this;
    const cap = queue.length;
    for (let k = 0; k < n; k++) {
      if (k === y || k === except || val[k]! >= 0) continue;
      const arc = k * n + y;
      if (queued[arc]) continue;
      queued[arc] = 1;
      queue[this.tail] = arc;
      this.tail = this.tail + 1 === cap ? 0 : this.tail + 1;
    }
  }

  private clearQueue(): void {
    const cap = this.queue.length;
    while (this.head !== this.tail) {
      this.queued[this.queue[this.head]!] = 0;
      this.head = this.head + 1 === cap ? 0 : this.head + 1;
    }
  }

  /**
   * AC-3's REVISE(Y, Z), both unassigned: removes each value of Y that no value of Z supports. Only a row that
   * conflicts with Z's lowest value can lack support (any other is supported by it), and at most three do; for each,
   * the scan of Z's values in order is followed until a support or the end. Checks: one for every value of Y
   * (its test against Z's lowest), and one more for each further value of Z such a scan reaches.
   */
  private revise(y: number, z: number, depth: number): boolean {
    const { n, dom, words: W } = this;
    const yBase = y * W;
    const zBase = z * W;
    this.checks += this.size[y]!;
    const first = nextBit(dom, zBase, W, 0);
    const d = z - y;
    let changed = false;
    for (let k = 0; k < 3; k++) {
      // Rows a of y attacking row `first` of z: first (rank), first − d (diagonal), first + d (anti-diagonal).
      const a = k === 0 ? (this.rank ? first : -1) : k === 1 ? (this.diagonal ? first - d : -1) : this.anti ? first + d : -1;
      if (a < 0 || a >= n || !hasBit(dom, yBase, a)) continue;
      let scanned = 1;
      let b = nextBit(dom, zBase, W, first + 1);
      while (b >= 0 && this.conflict(y, a, z, b)) {
        scanned++;
        b = nextBit(dom, zBase, W, b + 1);
      }
      if (b >= 0) {
        this.checks += scanned;
      } else {
        this.checks += scanned - 1;
        this.remove(y, a, depth, z);
        changed = true;
      }
    }
    return changed;
  }

  /** Removes value a from y's domain at `depth`, on the trail; with CBJ, y's past-fc set learns why (depth, and z's reasons). */
  private remove(y: number, a: number, depth: number, z: number): void {
    clearBit(this.dom, y * this.words, a);
    this.size[y]!--;
    this.pruned++;
    if (this.trailLength === this.trail.length) this.trail = grow(this.trail, this.trailLength + 1);
    this.trail[this.trailLength++] = y * this.n + a;
    if (!this.backjumping) return;
    const W = this.words;
    if (this.savedAt[y] !== this.levelEpoch[depth]) {
      this.savedAt[y] = this.levelEpoch[depth]!;
      if (this.setTrail.length < this.setTrailLength + W + 1) this.setTrail = grow(this.setTrail, this.setTrailLength + W + 1);
      this.setTrail[this.setTrailLength++] = y;
      for (let w = 0; w < W; w++) this.setTrail[this.setTrailLength++] = this.pastFc[y * W + w]!;
    }
    setBit(this.pastFc, y * W, depth);
    if (z >= 0) this.unite(this.pastFc, y * W, this.pastFc, z * W, -1);
  }

  /** Takes back the assignment at `level` and everything its inference removed. */
  private undo(level: number): void {
    const { n, dom, size, trail, words: W } = this;
    const mark = this.trailMark[level]!;
    for (let i = this.trailLength - 1; i >= mark; i--) {
      const e = trail[i]!;
      const y = (e / n) | 0;
      setBit(dom, y * W, e - y * n);
      size[y]!++;
    }
    this.trailLength = mark;
    if (this.backjumping && this.inference > 0) {
      const setMark = this.setTrailMark[level]!;
      const entry = W + 1;
      for (let i = this.setTrailLength - entry; i >= setMark; i -= entry) {
        const y = this.setTrail[i]!;
        for (let w = 0; w < W; w++) this.pastFc[y * W + w] = this.setTrail[i + 1 + w]!;
      }
      this.setTrailLength = setMark;
    }
    this.val[this.varAt[level]!] = -1;
  }

  /** target ∪= source, leaving out bit `except` (-1: none). */
  private unite(target: Int32Array, targetBase: number, source: Int32Array, sourceBase: number, except: number): void {
    for (let w = 0; w < this.words; w++) target[targetBase + w]! |= source[sourceBase + w]!;
    if (except >= 0) clearBit(target, targetBase, except);
  }

  /** The highest member of a set, or -1 when it is empty. */
  private highest(set: Int32Array, base: number): number {
    for (let w = this.words - 1; w >= 0; w--) {
      const word = set[base + w]!;
      if (word !== 0) return (w << 5) + 31 - Math.clz32(word);
    }
    return -1;
  }
}

function fill(set: Int32Array, base: number, n: number): void {
  for (let v = 0; v < n; v++) setBit(set, base, v);
}

function hasBit(set: Int32Array, base: number, v: number): boolean {
  return (set[base + (v >>> 5)]! & (1 << (v & 31))) !== 0;
}

function setBit(set: Int32Array, base: number, v: number): void {
  set[base + (v >>> 5)]! |= 1 << (v & 31);
}

function clearBit(set: Int32Array, base: number, v: number): void {
  set[base + (v >>> 5)]! &= ~(1 << (v & 31));
}

/** The smallest member ≥ from of a set of `words` words, or -1. */
function nextBit(set: Int32Array, base: number, words: number, from: number): number {
  let w = from >>> 5;
  if (w >= words) return -1;
  let bits = set[base + w]! & (-1 << (from & 31));
  while (bits === 0) {
    if (++w >= words) return -1;
    bits = set[base + w]!;
  }
  return (w << 5) + lowBit(bits);
}

/** 32 bits of a set starting at bit `start` (bits outside the set read as 0). */
function bitsAt(set: Int32Array, base: number, words: number, start: number): number {
  if (start <= -32 || start >= words << 5) return 0;
  if (start < 0) return set[base]! << -start;
  const w = start >>> 5;
  const off = start & 31;
  const lo = set[base + w]! >>> off;
  const hi = off !== 0 && w + 1 < words ? set[base + w + 1]! << (32 - off) : 0;
  return lo | hi;
}

/** Whether some a in A has a + shift in B. */
function shiftedMeet(a: Int32Array, aBase: number, b: Int32Array, bBase: number, words: number, shift: number): boolean {
  for (let w = 0; w < words; w++) {
    if ((b[bBase + w]! & bitsAt(a, aBase, words, (w << 5) - shift)) !== 0) return true;
  }
  return false;
}

/** A copy at least `needed` long, doubling. */
function grow(array: Int32Array, needed: number): Int32Array {
  const bigger = new Int32Array(Math.max(needed, array.length * 2));
  bigger.set(array);
  return bigger;
}
