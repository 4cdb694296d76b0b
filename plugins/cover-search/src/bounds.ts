import { lowestBit, popcount, type CoverModel } from './model.js';

/**
 * Each subgradient step aims this far past the cut (total weight exceeding what j pieces can cover), in pieces.
 * A step aimed a whole piece past overshoots: the weights swing, and children start from worse ones (knights
 * 14×14 proof: 67,000 nodes with 1, 19,000 with 0.1).
 */
const OVERSHOOT = 0.1;

/**
 * Lower bounds on the pieces still needed at a search node, as tests "j more pieces cannot cover what is left",
 * and the squares the same bound rules out.
 *
 * Both come from one inequality. Give each uncovered square a weight u ≥ 0 and let w(c) be the weight a piece on c
 * would cover. If j pieces cover every uncovered square, their w's add up to at least the total weight, so the
 * total cannot exceed the sum of the j largest w(c) over the squares still allowed. With every weight 1 that is
 * the coverage bound (strong for queens, whose lines overlap little once a few are placed); with the weights of
 * the covering LP's dual it is the LP bound and more, since it also knows j and which squares are excluded (strong
 * for knights, whose small covers overlap in ways the LP sees). Weights are improved at each node by a few
 * subgradient steps, starting from the parent's: any weights give a true bound, so no step can make one wrong.
 */
export class Bounds {
  readonly #m: CoverModel;
  /** The j largest values seen (descending), for the coverage bound: a histogram, since values are small integers. */
  readonly #histogram: Int32Array;
  readonly #w: Float64Array;
  readonly #top: Int32Array;
  readonly #gradient: Float64Array;
  readonly #relevant: Int32Array;
  /** The uncovered squares, and the allowed squares that cover one of them, at the node being bounded. */
  readonly #squares: Int32Array;
  readonly #candidates: Int32Array;
  /** The compacted node of the weighted bound: square numbers, weights, and each candidate's covered numbers. */
  readonly #local: Int32Array;
  readonly #weight: Float64Array;
  readonly #first: Int32Array;
  readonly #targets: Int32Array;
  #short = 0;
  /** The unit-weight coverage of each allowed square at the node being bounded. */
  readonly #gain: Int32Array;
  /** Subgradient steps at most per node. */
  readonly iterations: number;

  constructor(model: CoverModel, iterations: number) {
    this.#m = model;
    this.#histogram = new Int32Array(model.maxCover + 1);
    this.#w = new Float64Array(model.size);
    this.#top = new Int32Array(model.size + 1);
    this.#gradient = new Float64Array(model.size);
    this.#relevant = new Int32Array(model.words);
    this.#gain = new Int32Array(model.size);
    this.#squares = new Int32Array(model.size);
    this.#candidates = new Int32Array(model.size);
    this.#local = new Int32Array(model.size);
    this.#weight = new Float64Array(model.size);
    this.#first = new Int32Array(model.size + 1);
    this.#targets = new Int32Array(model.coverTargets.length);
    this.iterations = iterations;
  }

  /**
   * True when j pieces from `allowed` cannot cover `uncovered` by the unit-weight count; otherwise clears from
   * `allowed` the squares that count rules out.
   */
  coverageCannot(uncovered: Int32Array, uo: number, allowed: Int32Array, ao: number, j: number): boolean {
    const { words, cover } = this.#m;
    let total = 0;
    for (let w = 0; w < words; w++) total += popcount(uncovered[uo + w]!);
    const histogram = this.#histogram;
    const gain = this.#gain;
    histogram.fill(0);
    for (let w = 0; w < words; w++) {
      let bits = allowed[ao + w]!;
      while (bits !== 0) {
        const c = (w << 5) + lowestBit(bits);
        bits &= bits - 1;
        let m = 0;
        const o = c * words;
        for (let v = 0; v < words; v++) m += popcount(cover[o + v]! & uncovered[uo + v]!);
        histogram[m]!++;
        gain[c] = m;
      }
    }
    // The sum of the j − 1 largest coverages, and the j-th largest.
    let need = j - 1;
    let belowOne = 0;
    let m = histogram.length - 1;
    for (; m > 0; m--) {
      const h = histogram[m]!;
      if (h === 0) continue;
      if (need === 0) break;
      const take = Math.min(need, h);
      belowOne += take * m;
      need -= take;
      if (take < h) break;
    }
    const jth = need === 0 && m > 0 ? m : 0;
    if (belowOne + jth < total) return true;
    const short = total - belowOne;
    if (short > 0) {
      for (let w = 0; w < words; w++) {
        let bits = allowed[ao + w]!;
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          if (gain[(w << 5) + 31 - Math.clz32(low)]! < short) allowed[ao + w]! &= ~low;
        }
      }
    }
    return false;
  }

  /**
   * True when j pieces cannot cover the squares with positive weight in `u` (covered squares carry weight 0);
   * otherwise clears from `allowed` the squares the weights rule out. Updates `u` in place by a fixed number of
   * subgradient steps (a stall in one step says little: the method is not monotone); the caller hands the result
   * to the children.
   */
  weightedCannot(u: Float64Array, uo: number, uncovered: Int32Array, uo2: number, allowed: Int32Array, ao: number, j: number): boolean {
    const { words, coverOffsets, coverTargets, coverers } = this.#m;
    // The node's problem, compacted once for the steps: the uncovered squares (numbered 0…count − 1, their weights
    // in `weight`), and each allowed square that covers one of them with the numbers of those it covers (`targets`
    // from `first[r]`). Squares already covered weigh 0 and drop out.
    const squares = this.#squares;
    const local = this.#local;
    const relevant = this.#relevant;
    const weight = this.#weight;
    relevant.fill(0);
    let count = 0;
    for (let v = 0; v < words; v++) {
      let bits = uncovered[uo2 + v]!;
      while (bits !== 0) {
        const s = (v << 5) + lowestBit(bits);
        bits &= bits - 1;
        local[s] = count;
        weight[count] = u[uo + s]!;
        squares[count++] = s;
        const o = s * words;
        for (let x = 0; x < words; x++) relevant[x]! |= coverers[o + x]!;
      }
    }
    const candidates = this.#candidates;
    const first = this.#first;
    const targets = this.#targets;
    let size = 0;
    let filled = 0;
    for (let v = 0; v < words; v++) {
      let bits = relevant[v]! & allowed[ao + v]!;
      while (bits !== 0) {
        const c = (v << 5) + lowestBit(bits);
        bits &= bits - 1;
        first[size] = filled;
        candidates[size++] = c;
        for (let i = coverOffsets[c]!; i < coverOffsets[c + 1]!; i++) {
          const t = coverTargets[i]!;
          if ((uncovered[uo2 + (t >>> 5)]! & (1 << (t & 31))) !== 0) targets[filled++] = local[t]!;
        }
      }
    }
    first[size] = filled;
    const cannot = this.#steps(count, size, j);
    for (let i = 0; i < count; i++) u[uo + squares[i]!] = weight[i]!;
    if (cannot || this.#short <= 0) return cannot;
    // Each relevant square whose own weight falls short, with the j − 1 best beside it, of the total is ruled out.
    const w = this.#w;
    for (let r = 0; r < size; r++) {
      const c = candidates[r]!;
      if (w[r]! < this.#short) allowed[ao + (c >>> 5)]! &= ~(1 << (c & 31));
    }
    return false;
  }

  /**
   * The subgradient steps on the compacted node: true when the weights show j pieces cannot cover it; otherwise
   * leaves in `#short` how much weight a piece needs, beside the j − 1 best, to reach the total.
   */
  #steps(count: number, size: number, j: number): boolean {
    const weight = this.#weight;
    const first = this.#first;
    const targets = this.#targets;
    const w = this.#w;
    const top = this.#top;
    const g = this.#gradient;
    for (let it = 0; ; it++) {
      let total = 0;
      for (let i = 0; i < count; i++) total += weight[i]!;
      // The j largest w > 0 go to the front of `top` (a quickselect: no order among them is needed).
      let n = 0;
      for (let r = 0; r < size; r++) {
        let sum = 0;
        for (let q = first[r]!; q < first[r + 1]!; q++) sum += weight[targets[q]!]!;
        w[r] = sum;
        if (sum > 0) top[n++] = r;
      }
      if (n > j) {
        selectLargest(top, w, n, j);
        n = j;
      }
      let best = 0;
      let least = Infinity;
      for (let i = 0; i < n; i++) {
        best += w[top[i]!]!;
        least = Math.min(least, w[top[i]!]!);
      }
      if (total > best + 1e-7) return true;
      // Subgradient: squares no chosen piece covers gain weight, squares covered twice lose it.
      g.fill(1, 0, count);
      for (let i = 0; i < n; i++) {
        const r = top[i]!;
        for (let q = first[r]!; q < first[r + 1]!; q++) g[targets[q]!]! -= 1;
      }
      let norm = 0;
      for (let i = 0; i < count; i++) if (g[i]! > 0 || weight[i]! > 0) norm += g[i]! * g[i]!;
      if (it >= this.iterations || norm === 0) {
        // The j − 1 largest: all of the top when it holds fewer than j, else the top without its least.
        this.#short = total - (n < j ? best : best - least) - 1e-7;
        return false;
      }
      const step = (best - total + OVERSHOOT) / norm;
      for (let i = 0; i < count; i++) {
        const next = weight[i]! + step * g[i]!;
        weight[i] = next > 0 ? next : 0;
      }
    }
  }
}

/**
 * Reorders `items[0 .. n)` so that the j with the largest `value` come first, in no particular order (Hoare's
 * quickselect, middle pivot: expected linear, no allocation).
 */
function selectLargest(items: Int32Array, value: Float64Array, n: number, j: number): void {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = value[items[(lo + hi) >>> 1]!]!;
    let i = lo;
    let k = hi;
    while (i <= k) {
      while (value[items[i]!]! > pivot) i++;
      while (value[items[k]!]! < pivot) k--;
      if (i <= k) {
        const t = items[i]!;
        items[i++] = items[k]!;
        items[k--] = t;
      }
    }
    // [lo, k] ≥ pivot ≥ [i, hi]; the j-th largest (index j − 1) lies in one part, or between them.
    if (j - 1 <= k) hi = k;
    else if (j - 1 >= i) lo = i;
    else return;
  }
}
