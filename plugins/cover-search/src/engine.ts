import type { TraceEvent } from '@bezzel/core';
import { Bounds } from './bounds.js';
import { lowestBit, popcount, type CoverModel } from './model.js';
import { binomial } from './binomial.js';

/**
 * A node here costs tens of microseconds (coverage masks and bounds), not the core's few nanoseconds: the clock
 * is read every 256 nodes, so a stop is seen within milliseconds.
 */
const NODES_BETWEEN_CLOCKS = 0xff;

/**
 * `find`: one set of at most k pieces; `exact`: one set of exactly k; `count`: the sets of exactly k; `all`: each
 * set of exactly k, to a callback.
 */
export type Mode = 'find' | 'exact' | 'count' | 'all';

export interface EngineOptions {
  /** Starting weights of the Lagrangian bound (the covering LP's dual), or undefined for the coverage bound alone. */
  readonly weights?: Float64Array;
  /** Subgradient steps per node. */
  readonly iterations?: number;
  /** Square permutations of the board's symmetries (identity left out); `find` and `exact` use them at the root. */
  readonly symmetries?: readonly Int32Array[];
  /** Asked every few thousand nodes; true stops the search. */
  readonly stop?: (nodes: number) => boolean;
  readonly onSet?: (squares: number[]) => void;
  /** A watcher of every step (the web page's step-through): pieces placed and taken back, cuts, sets found. */
  readonly trace?: (event: TraceEvent) => void;
  /**
   * Finding: the nodes shallower than this take their branches last first (see `#sweep`), and `onSwept` hears
   * the path of each branch finished there: every node from it on, in the usual order, has been searched. A
   * helper searches this way from the back while another thread searches from the front.
   */
  readonly fromTheBack?: number;
  readonly onSwept?: (path: readonly number[]) => void;
}

/**
 * Depth-first search over dominating sets. At each node it takes the uncovered square with the fewest allowed
 * coverers and branches on them in turn, each branch excluding the squares tried before it, so every set is
 * reached exactly once. Masks are Int32Array words, one block per depth, allocated once.
 */
export class CoverEngine {
  nodes = 0;
  count = 0n;
  stopped = false;
  found: number[] | undefined;
  readonly #m: CoverModel;
  readonly #o: EngineOptions;
  readonly #bounds: Bounds;
  readonly #independent: boolean;
  #uncovered = new Int32Array(0);
  #allowed = new Int32Array(0);
  #working = new Int32Array(0);
  #weights = new Float64Array(0);
  #candidates = new Int32Array(0);
  #placed = new Int32Array(0);
  #gains = new Int32Array(0);
  /** Scratch: each candidate's cover of the uncovered squares, for #undominated. */
  #masks = new Int32Array(0);
  /** For a trace: the uncovered square each depth branched on. */
  #aim = new Int32Array(0);
  #sets = 0;
  #mode: Mode = 'find';
  /** The branch index taken at each depth on the way to the current node. */
  #index = new Int32Array(0);
  /** The last search, and the branch indices to the node where it stopped: what `resume` continues. */
  #last: { mode: Mode; k: number; path: readonly number[] } | undefined;
  #stoppedAt: number[] | undefined;
  /** While resuming: the path back to that node, replayed without counting its nodes again. */
  #resumeAt: number[] | undefined;
  /**
   * Finding with symmetries: pairs of squares no set searched below the current root branch holds both of
   * (`#afterBranch`), as a mask of partners per square.
   */
  #partners = new Int32Array(0);
  #pairing = false;
  /** Finding with symmetries: which squares hold a piece on the way to the current node. */
  #isPlaced = new Uint8Array(0);
  /** The depth of the node being searched: `position` is the path to it. */
  #depth = 0;

  constructor(model: CoverModel, options: EngineOptions = {}) {
    this.#m = model;
    this.#o = options;
    this.#bounds = new Bounds(model, options.iterations ?? 15);
    this.#independent = model.conflicts !== undefined;
  }

  /** Allocates the blocks for a search of at most k pieces. */
  #reset(mode: Mode, k: number): void {
    const { words, size } = this.#m;
    const depth = k + 2;
    this.#mode = mode;
    this.#uncovered = new Int32Array(depth * words);
    this.#allowed = new Int32Array(depth * words);
    this.#working = new Int32Array(depth * words);
    this.#candidates = new Int32Array(depth * size);
    this.#placed = new Int32Array(depth);
    this.#gains = new Int32Array(size);
    this.#masks = new Int32Array(size * words);
    this.#aim = new Int32Array(depth);
    this.#index = new Int32Array(depth);
    this.#pairing = (mode === 'find' || mode === 'exact') && (this.#o.symmetries?.length ?? 0) > 0;
    this.#partners = new Int32Array(this.#pairing ? size * words : 0);
    this.#isPlaced = new Uint8Array(this.#pairing ? size : 0);
    this.#uncovered.set(this.#m.needed);
    this.#allowed.set(this.#m.usable);
    if (this.#o.weights) {
      this.#weights = new Float64Array(depth * size);
      this.#weights.set(this.#o.weights);
    }
    this.found = undefined;
  }

  /** Searches from the empty board, or from the node a path of branch indices leads to (a split's sub-task). */
  search(mode: Mode, k: number, path: readonly number[] = []): void {
    this.#last = { mode, k, path };
    this.#stoppedAt = undefined;
    this.#run();
  }

  /**
   * Continues a search its `stop` ended from the node where it stopped, as if it had never stopped (a short look
   * that did not settle a size goes on as the full search, its nodes not searched twice). The way back to that
   * node is replayed: the masks and bounds along it are computed again, the same as before, but not counted.
   * False when there is nothing to continue.
   */
  resume(): boolean {
    if (!this.stopped || !this.#stoppedAt || !this.#last) return false;
    this.stopped = false;
    this.#resumeAt = this.#stoppedAt;
    this.#stoppedAt = undefined;
    this.#run();
    return true;
  }

  /** Runs the last search from the root (or its path's node), fresh blocks allocated. */
  #run(): void {
    const { mode, k, path } = this.#last!;
    this.#reset(mode, k);
    const start = this.#follow(path, k);
    if (start >= 0) this.#search(start, k - start);
  }

  /** Replays a path of branch indices from the root; the depth reached, or -1 when the path leaves the tree. */
  #follow(path: readonly number[], k: number): number {
    for (let d = 0; d < path.length; d++) {
      if (d >= k || this.#isCovered(d)) return -1;
      const n = this.#listCandidates(d);
      const index = path[d]!;
      if (n <= 0 || index >= n) return -1;
      const { words } = this.#m;
      for (let v = 0; v < words; v++) this.#working[d * words + v] = this.#allowed[d * words + v]!;
      for (let i = 0; i <= index; i++) {
        const c = this.#candidates[d * this.#m.size + i]!;
        this.#working[d * words + (c >>> 5)]! &= ~(1 << (c & 31));
      }
      this.#index[d] = index;
      this.#descend(d, this.#candidates[d * this.#m.size + index]!);
    }
    return path.length;
  }

  /** For a split: how many branches the node a path leads to has (0 at a leaf, or off the tree). */
  branches(path: readonly number[], k: number): number {
    this.#reset('count', k);
    const d = this.#follow(path, k);
    if (d < 0 || d >= k || this.#isCovered(d)) return 0;
    return Math.max(0, this.#listCandidates(d));
  }

  /**
   * Knuth's estimate of a count's search tree from one random walk down it: each node on the way stands for the
   * product of the branch counts above it (1 + b₀ + b₀b₁ + …). The walk stops where the search would: a cover
   * (a leaf), the bound, a square no allowed piece covers. The mean of many walks is the tree's size on average.
   * `pick(n)` chooses a branch in 0 … n − 1.
   */
  probe(k: number, pick: (n: number) => number): number {
    this.#reset('count', k);
    const { words, size } = this.#m;
    let estimate = 0;
    let weight = 1;
    for (let d = 0; ; d++) {
      estimate += weight;
      const j = k - d;
      if (this.#isCovered(d) || j === 0) return estimate;
      const u = d * words;
      const left = this.#countUncovered(d);
      const cut =
        j < left &&
        (this.#weights.length > 0
          ? this.#bounds.weightedCannot(this.#weights, d * size, this.#uncovered, u, this.#allowed, u, j)
          : this.#bounds.coverageCannot(this.#uncovered, u, this.#allowed, u, j));
      if (cut) return estimate;
      const n = this.#listCandidates(d);
      if (n <= 0) return estimate;
      const index = pick(n);
      // The branch as the search takes it: the candidates before it left out.
      for (let v = 0; v < words; v++) this.#working[u + v] = this.#allowed[u + v]!;
      for (let i = 0; i <= index; i++) {
        const c = this.#candidates[d * size + i]!;
        this.#working[u + (c >>> 5)]! &= ~(1 << (c & 31));
      }
      this.#descend(d, this.#candidates[d * size + index]!);
      weight *= n;
    }
  }

  #isCovered(d: number): boolean {
    const { words } = this.#m;
    let any = 0;
    for (let w = 0; w < words; w++) any |= this.#uncovered[d * words + w]!;
    return any === 0;
  }

  /**
   * Lists the allowed coverers of the uncovered square with the fewest of them into the depth's candidate block:
   * their number, or 0 when some square can no longer be covered.
   */
  #listCandidates(d: number): number {
    const { words, coverers, size } = this.#m;
    const u = d * words;
    const allowed = this.#allowed;
    let best = -1;
    let fewest = Infinity;
    for (let w = 0; w < words; w++) {
      let bits = this.#uncovered[u + w]!;
      while (bits !== 0) {
        const s = (w << 5) + lowestBit(bits);
        bits &= bits - 1;
        let n = 0;
        const o = s * words;
        for (let v = 0; v < words; v++) n += popcount(coverers[o + v]! & allowed[u + v]!);
        if (n < fewest) {
          fewest = n;
          best = s;
          if (n <= 1) break;
        }
      }
      if (fewest <= 1) break;
    }
    this.#aim[d] = best;
    if (fewest === 0) return 0;
    let n = 0;
    const base = d * size;
    const o = best * words;
    for (let w = 0; w < words; w++) {
      let bits = coverers[o + w]! & allowed[u + w]!;
      while (bits !== 0) {
        this.#candidates[base + n++] = (w << 5) + lowestBit(bits);
        bits &= bits - 1;
      }
    }
    if (this.#mode === 'find' && !this.#independent) n = this.#undominated(d, n);
    if (this.#mode === 'find' || this.#mode === 'exact') this.#byGain(d, n);
    return n;
  }

  /**
   * Finding a set: drops each candidate whose cover of the uncovered squares another candidate's contains (the first
   * of equal ones stays). A set with the dropped piece stays a set, no larger, with the other in its place, and
   * that one's route (see #afterBranch) comes earlier: it branches here. Not for counts (each set counts), nor
   * independent sets (the swap may bring two pieces into conflict).
   */
  #undominated(d: number, n: number): number {
    const { words, cover, size } = this.#m;
    const base = d * size;
    const u = d * words;
    const list = this.#candidates;
    const masks = this.#masks;
    for (let i = 0; i < n; i++) {
      const c = list[base + i]!;
      for (let v = 0; v < words; v++) masks[i * words + v] = cover[c * words + v]! & this.#uncovered[u + v]!;
    }
    let kept = 0;
    for (let i = 0; i < n; i++) {
      let dominated = false;
      for (let j = 0; j < n && !dominated; j++) {
        if (j === i) continue;
        let inside = true;
        let equal = true;
        for (let v = 0; v < words; v++) {
          const a = masks[i * words + v]!;
          const b = masks[j * words + v]!;
          if ((a & ~b) !== 0) {
            inside = false;
            break;
          }
          if (a !== b) equal = false;
        }
        dominated = inside && (!equal || j < i);
      }
      if (!dominated) list[base + kept++] = list[base + i]!;
    }
    return kept;
  }

  /** Finding one set (of at most k, or exactly k): the candidates that cover the most first (an insertion sort, allocation-free), so good sets come early. */
  #byGain(d: number, n: number): void {
    const { words, cover, size } = this.#m;
    const base = d * size;
    const list = this.#candidates;
    const gains = this.#gains;
    for (let i = 0; i < n; i++) {
      const c = list[base + i]!;
      let g = 0;
      for (let v = 0; v < words; v++) g += popcount(cover[c * words + v]! & this.#uncovered[d * words + v]!);
      let at = i;
      while (at > 0 && gains[at - 1]! < g) {
        gains[at] = gains[at - 1]!;
        list[base + at] = list[base + at - 1]!;
        at--;
      }
      gains[at] = g;
      list[base + at] = c;
    }
  }

  /** Sets up depth d + 1 for a piece on c: covered squares cleared, allowed squares from the working mask. */
  #descend(d: number, c: number): void {
    const { words, cover, conflicts, size } = this.#m;
    const from = d * words;
    const to = from + words;
    for (let v = 0; v < words; v++) {
      this.#uncovered[to + v] = this.#uncovered[from + v]! & ~cover[c * words + v]!;
      this.#allowed[to + v] = conflicts ? this.#working[from + v]! & ~conflicts[c * words + v]! : this.#working[from + v]!;
    }
    if (this.#pairing && d > 0) for (let v = 0; v < words; v++) this.#allowed[to + v]! &= ~this.#partners[c * words + v]!;
    this.#placed[d] = c;
    if (this.#pairing) this.#isPlaced[c] = 1;
    if (this.#weights.length > 0) {
      this.#weights.copyWithin((d + 1) * size, d * size, (d + 1) * size);
      const { coverOffsets, coverTargets } = this.#m;
      for (let i = coverOffsets[c]!; i < coverOffsets[c + 1]!; i++) this.#weights[(d + 1) * size + coverTargets[i]!] = 0;
    }
  }

  /** True to stop the whole search (a set found, or the budget spent). */
  #search(d: number, j: number): boolean {
    this.#depth = d;
    const resume = this.#resumeAt;
    const replaying = resume !== undefined && d < resume.length;
    if (!replaying) {
      // The node a resumed search stopped at is searched from here on as any other.
      if (resume) this.#resumeAt = undefined;
      this.nodes++;
      if ((this.nodes & NODES_BETWEEN_CLOCKS) === 0 && this.#o.stop?.(this.nodes)) {
        this.stopped = true;
        this.#stoppedAt = Array.from(this.#index.subarray(0, d));
        return true;
      }
    }
    if (this.#isCovered(d)) return this.#leaf(d, j);
    const trace = this.#o.trace;
    const { words, size } = this.#m;
    const u = d * words;
    // With a piece left for every uncovered square no bound can cut (a first search for any set, k the whole board).
    const left = this.#countUncovered(d);
    const cannot =
      j === 0 ||
      (j < left &&
        (this.#weights.length > 0
          ? this.#bounds.weightedCannot(this.#weights, d * size, this.#uncovered, u, this.#allowed, u, j)
          : this.#bounds.coverageCannot(this.#uncovered, u, this.#allowed, u, j)));
    if (cannot) {
      if (trace) trace({ type: 'cut', depth: d, why: 'bound', left: j, count: left });
      return false;
    }
    const n = this.#listCandidates(d);
    if (n === 0) {
      if (trace) trace({ type: 'cut', depth: d, why: 'uncoverable', left: j, count: left, square: this.#aim[d]! });
      return false;
    }
    if (d < (this.#o.fromTheBack ?? 0) && this.#mode === 'find' && !replaying) return this.#sweep(d, j, n);
    return this.#branches(d, j, n, replaying ? resume[d]! : 0, n);
  }

  /**
   * Branches `from` … `until` − 1 of the node at depth d (its n candidates listed). The branches before `from` are
   * left out as after their search, whether or not they were searched (a resumed search, a sweep from the back):
   * the exclusions hold either way (see #afterBranch).
   */
  #branches(d: number, j: number, n: number, from: number, until: number): boolean {
    const trace = this.#o.trace;
    const { words, size } = this.#m;
    const u = d * words;
    const working = this.#working;
    for (let v = 0; v < words; v++) working[u + v] = this.#allowed[u + v]!;
    // A root branch's pairs are made one level down, by its branches there (none are made before them).
    if (d === 1 && this.#pairing) this.#partners.fill(0);
    const symmetries = d === 0 && (this.#mode === 'find' || this.#mode === 'exact') ? this.#o.symmetries : undefined;
    for (let i = 0; i < until; i++) {
      const c = this.#candidates[d * size + i]!;
      // At the root a set can be turned by a symmetry so that its first branch is as early as possible: later
      // branches may then leave out every image of the squares tried before (and skip a square that is one).
      if ((working[u + (c >>> 5)]! & (1 << (c & 31))) === 0) continue;
      working[u + (c >>> 5)]! &= ~(1 << (c & 31));
      if (i < from) {
        this.#excludeAfter(d, c, u, symmetries);
        continue;
      }
      this.#index[d] = i;
      if (d === 0 && this.#pairing) this.#partners.fill(0);
      this.#descend(d, c);
      if (trace) trace({ type: 'place', square: c, depth: d, covering: this.#aim[d]! });
      const done = this.#search(d + 1, j - 1);
      if (this.#pairing) this.#isPlaced[c] = 0;
      if (done) return true;
      if (trace) trace({ type: 'remove', square: c, depth: d });
      this.#excludeAfter(d, c, u, symmetries);
    }
    return false;
  }

  /** What a branch on c leaves out of its node's later branches, once searched: its images at the root, pairs below. */
  #excludeAfter(d: number, c: number, u: number, symmetries: readonly Int32Array[] | undefined): void {
    const working = this.#working;
    if (symmetries) for (const perm of symmetries) working[u + (perm[c]! >>> 5)]! &= ~(1 << (perm[c]! & 31));
    if (this.#pairing && d > 0) this.#afterBranch(d, c, u);
  }

  /**
   * A node's branches last first, each searched in the state the usual order gives it (`#branches` from it to
   * it): so each branch's subtree is the very one the usual search meets, and a search from the front and this
   * one from the back together cover the tree. After each, `onSwept` hears its path: all from there on is done.
   */
  #sweep(d: number, j: number, n: number): boolean {
    for (let i = n - 1; i >= 0; i--) {
      // Set here too: a branch left out (an image of an earlier one) is searched already, and its path says so.
      this.#index[d] = i;
      if (this.#branches(d, j, n, i, i + 1)) return true;
      this.#o.onSwept?.(Array.from(this.#index.subarray(0, d + 1)));
    }
    return false;
  }

  /** The branch indices from the root to the node being searched (for a `stop` to see where the search is). */
  position(): number[] {
    return Array.from(this.#index.subarray(0, this.#depth));
  }

  /**
   * After the branch on x at depth d ≥ 1 (the pieces P placed above it): for every symmetry g, no set searched from
   * here on in this node's subtree needs all of g(P ∪ {x}). Where all but one of those squares hold pieces already,
   * that one is left out of this node's later branches; one level below the root, where two are missing (g(r) and
   * g(x)), each becomes the other's partner for the rest of the root branch: placing one leaves the other out.
   *
   * Why no set is lost: give each dominating set its route, from the root the first branch at each node whose piece
   * it holds (a set holding only dropped candidates takes the place of the one that dominates it, whose route comes
   * earlier), and take the set whose route comes first. Nothing above ever cuts it: if it held all of g(P ∪ {x}),
   * its image under g⁻¹ would hold P ∪ {x}, follow the same route down to this node (holding each piece of P, it
   * branches no later above) and then branch on x, earlier. So the search reaches that set's last node and finds
   * a set there. The root's exclusions are this rule at depth 0 (P empty). It keeps only the earliest image of a
   * set, so it serves finding only.
   */
  #afterBranch(d: number, x: number, u: number): void {
    const { words } = this.#m;
    const placed = this.#placed;
    for (const perm of this.#o.symmetries!) {
      let first = -1;
      let second = -1;
      let missing = 0;
      for (let q = 0; q <= d && missing <= 2; q++) {
        const image = perm[q < d ? placed[q]! : x]!;
        if (this.#isPlaced[image] === 1) continue;
        if (missing++ === 0) first = image;
        else second = image;
      }
      if (missing === 1) this.#working[u + (first >>> 5)]! &= ~(1 << (first & 31));
      else if (missing === 2 && d === 1) {
        this.#partners[first * words + (second >>> 5)]! |= 1 << (second & 31);
        this.#partners[second * words + (first >>> 5)]! |= 1 << (first & 31);
      }
    }
  }

  /** Everything is covered with j pieces still to place. */
  #leaf(d: number, j: number): boolean {
    const trace = this.#o.trace;
    if (this.#mode === 'find') {
      this.found = Array.from(this.#placed.subarray(0, d));
      if (trace) trace({ type: 'solution', index: this.#sets++ });
      return true;
    }
    if (this.#mode === 'exact') {
      // Plain and total domination stay dominated whatever is added: fill up with the first allowed squares.
      if (j > 0 && this.#independent) return false;
      this.found = [...this.#placed.subarray(0, d), ...this.#free(d).slice(0, j)].sort((a, b) => a - b);
      const done = this.found.length === d + j;
      if (done && trace) trace({ type: 'solution', index: this.#sets++ });
      return done;
    }
    if (j === 0) {
      this.count++;
      if (trace) trace({ type: 'solution', index: this.#sets++ });
      if (this.#mode === 'all') this.#o.onSet?.(Array.from(this.#placed.subarray(0, d)).sort((a, b) => a - b));
      return false;
    }
    // Independent sets take no extra piece: every square is covered, so an extra one would be attacked.
    if (this.#independent) return false;
    const { words } = this.#m;
    let free = 0;
    for (let v = 0; v < words; v++) free += popcount(this.#allowed[d * words + v]!);
    if (trace) trace({ type: 'cut', depth: d, why: 'spare', left: j, count: free });
    if (this.#mode === 'count') {
      this.count += binomial(free, j);
      return false;
    }
    return this.#extras(d, j);
  }

  /** For a trace: how many squares are still uncovered at depth d. */
  #countUncovered(d: number): number {
    const { words } = this.#m;
    let n = 0;
    for (let w = 0; w < words; w++) n += popcount(this.#uncovered[d * words + w]!);
    return n;
  }

  /** The allowed squares at depth d, ascending. */
  #free(d: number): number[] {
    const { words } = this.#m;
    const free: number[] = [];
    for (let v = 0; v < words; v++) {
      let bits = this.#allowed[d * words + v]!;
      while (bits !== 0) {
        free.push((v << 5) + lowestBit(bits));
        bits &= bits - 1;
      }
    }
    return free;
  }

  /** Goal `all`: each way of adding j allowed squares to the covering pieces. */
  #extras(d: number, j: number): boolean {
    const free = this.#free(d);
    const base = Array.from(this.#placed.subarray(0, d));
    const pick: number[] = [];
    const choose = (from: number): boolean => {
      if (pick.length === j) {
        this.count++;
        this.#o.onSet?.([...base, ...pick].sort((a, b) => a - b));
        return (this.count & 0xfffn) === 0n && (this.#o.stop?.(this.nodes) ?? false) ? ((this.stopped = true), true) : false;
      }
      for (let i = from; i <= free.length - (j - pick.length); i++) {
        pick.push(free[i]!);
        if (choose(i + 1)) return true;
        pick.pop();
      }
      return false;
    };
    return choose(0);
  }
}
