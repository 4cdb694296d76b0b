import type { LineFamilies } from '@bezzel/columns';

/**
 * The textbook fitness of a digit string (one row per column): the number of non-attacking pairs, at most
 * n(n − 1)/2, reached exactly by a solution. A pair attacks when the two pieces share a line the piece rides
 * (rank, diagonal, anti-diagonal; files are columns, one piece each), whether or not a piece stands between —
 * the count Russell and Norvig use, and zero exactly when no piece attacks another.
 *
 * O(n) per evaluation and no allocation: a counter per rank and per diagonal, filled while the digits are read
 * (a piece joining a line with c pieces makes c new pairs) and zeroed again by a second pass over the same digits.
 */
export class PairCounter {
  /** The most non-attacking pairs: n(n − 1)/2, a solution's fitness. */
  readonly maxFitness: number;
  readonly #rank: Int32Array;
  readonly #diagonal: Int32Array;
  readonly #anti: Int32Array;
  /** 1 when the piece rides that family, else 0: pairs on lines it does not ride are counted but weigh nothing. */
  readonly #rides: readonly [number, number, number];

  constructor(
    /** Columns and rows: an n×n board, n digits a string. */
    readonly n: number,
    lines: LineFamilies,
  ) {
    this.maxFitness = (n * (n - 1)) / 2;
    this.#rank = new Int32Array(n);
    this.#diagonal = new Int32Array(Math.max(2 * n - 1, 1));
    this.#anti = new Int32Array(Math.max(2 * n - 1, 1));
    this.#rides = [lines.rank ? 1 : 0, lines.diagonal ? 1 : 0, lines.antiDiagonal ? 1 : 0];
  }

  /** Pairs sharing a ridden line in the string `genes[at … at + n)`, each digit a row in 0 … n − 1. */
  attackingPairs(genes: Int32Array, at: number): number {
    const n = this.n;
    const rank = this.#rank;
    const diagonal = this.#diagonal;
    const anti = this.#anti;
    let onRanks = 0;
    let onDiagonals = 0;
    let onAntis = 0;
    for (let col = 0; col < n; col++) {
      const row = genes[at + col]!;
      onRanks += rank[row]!++;
      onDiagonals += diagonal[row - col + n - 1]!++;
      onAntis += anti[row + col]!++;
    }
    for (let col = 0; col < n; col++) {
      const row = genes[at + col]!;
      rank[row] = 0;
      diagonal[row - col + n - 1] = 0;
      anti[row + col] = 0;
    }
    const [r, d, a] = this.#rides;
    return r * onRanks + d * onDiagonals + a * onAntis;
  }

  /** The fitness: non-attacking pairs, `maxFitness` minus {@link attackingPairs}. */
  fitness(genes: Int32Array, at: number): number {
    return this.maxFitness - this.attackingPairs(genes, at);
  }
}
