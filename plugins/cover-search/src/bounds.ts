import { lowestBit, popcount, type CoverModel } from './model.js';

/**
 * Lower bounds on the pieces still needed at a search node, as tests "j more pieces cannot cover what is left".
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
  /** Subgradient steps at most per node. */
  readonly iterations: number;

  constructor(model: CoverModel, iterations: number) {
    this.#m = model;
    this.#histogram = new Int32Array(model.maxCover + 1);
    this.#w = new Float64Array(model.size);
    this.#top = new Int32Array(model.size + 1);
    this.#gradient = new Float64Array(model.size);
    this.#relevant = new Int32Array(model.words);
    this.iterations = iterations;
  }

  /** True when j pieces from `allowed` cannot cover `uncovered` by the unit-weight count. */
  coverageCannot(uncovered: Int32Array, uo: number, allowed: Int32Array, ao: number, j: number): boolean {
    const { words, cover } = this.#m;
    let total = 0;
    for (let w = 0; w < words; w++) total += popcount(uncovered[uo + w]!);
    const histogram = this.#histogram;
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
      }
    }
    let left = j;
    let sum = 0;
    for (let m = histogram.length - 1; m > 0 && left > 0; m--) {
      const take = Math.min(left, histogram[m]!);
      sum += take * m;
      left -= take;
    }
    return sum < total;
  }

  /**
   * True when j pieces cannot cover the squares with positive weight in `u` (covered squares carry weight 0).
   * Updates `u` in place by subgradient steps; the caller hands the result to the children.
   */
  weightedCannot(u: Float64Array, uo: number, uncovered: Int32Array, uo2: number, allowed: Int32Array, ao: number, j: number): boolean {
    const { words, coverOffsets, coverTargets, coverers } = this.#m;
    const w = this.#w;
    const top = this.#top;
    const g = this.#gradient;
    // Only allowed squares that would cover something uncovered have a weight to add up.
    const relevant = this.#relevant;
    relevant.fill(0);
    for (let v = 0; v < words; v++) {
      let bits = uncovered[uo2 + v]!;
      while (bits !== 0) {
        const o = ((v << 5) + lowestBit(bits)) * words;
        bits &= bits - 1;
        for (let x = 0; x < words; x++) relevant[x]! |= coverers[o + x]!;
      }
    }
    for (let x = 0; x < words; x++) relevant[x]! &= allowed[ao + x]!;
    let lastGap = Infinity;
    for (let it = 0; ; it++) {
      let total = 0;
      for (let v = 0; v < words; v++) {
        let bits = uncovered[uo2 + v]!;
        while (bits !== 0) {
          total += u[uo + (v << 5) + lowestBit(bits)]!;
          bits &= bits - 1;
        }
      }
      let n = 0;
      for (let v = 0; v < words; v++) {
        let bits = relevant[v]!;
        while (bits !== 0) {
          const c = (v << 5) + lowestBit(bits);
          bits &= bits - 1;
          let sum = 0;
          for (let i = coverOffsets[c]!; i < coverOffsets[c + 1]!; i++) sum += u[uo + coverTargets[i]!]!;
          w[c] = sum;
          if (sum <= 0) continue;
          // Keep the j largest in `top`, descending.
          if (n < j) n++;
          else if (sum <= w[top[j - 1]!]!) continue;
          let at = n - 1;
          while (at > 0 && w[top[at - 1]!]! < sum) {
            top[at] = top[at - 1]!;
            at--;
          }
          top[at] = c;
        }
      }
      let best = 0;
      for (let i = 0; i < n; i++) best += w[top[i]!]!;
      if (total > best + 1e-7) return true;
      const gap = best - total;
      if (it >= this.iterations || gap > lastGap * 0.99) return false;
      lastGap = gap;
      // Subgradient: squares no chosen piece covers gain weight, squares covered twice lose it.
      let norm = 0;
      for (let v = 0; v < words; v++) {
        let bits = uncovered[uo2 + v]!;
        while (bits !== 0) {
          g[(v << 5) + lowestBit(bits)] = 1;
          bits &= bits - 1;
        }
      }
      for (let i = 0; i < n; i++) {
        const c = top[i]!;
        for (let q = coverOffsets[c]!; q < coverOffsets[c + 1]!; q++) g[coverTargets[q]!]! -= 1;
      }
      for (let v = 0; v < words; v++) {
        let bits = uncovered[uo2 + v]!;
        while (bits !== 0) {
          const s = (v << 5) + lowestBit(bits);
          bits &= bits - 1;
          if (g[s]! > 0 || u[uo + s]! > 0) norm += g[s]! * g[s]!;
        }
      }
      if (norm === 0) return false;
      const step = (gap + 1) / norm;
      for (let v = 0; v < words; v++) {
        let bits = uncovered[uo2 + v]!;
        while (bits !== 0) {
          const s = (v << 5) + lowestBit(bits);
          bits &= bits - 1;
          const next = u[uo + s]! + step * g[s]!;
          u[uo + s] = next > 0 ? next : 0;
        }
      }
    }
  }
}
