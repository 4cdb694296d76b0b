import type { Birth, Rng } from '@bezzel/core';
import type { PairCounter } from './fitness.js';

/** How parents are drawn. */
export type Selection = 'proportional' | 'tournament';
/** How a child is made from two parents. */
export type Crossover = 'one-point' | 'uniform';

/** The tuning a run reads from its options. */
export interface GaSettings {
  /** Individuals a generation. */
  readonly size: number;
  /** `proportional`: WEIGHTED-RANDOM-CHOICES by fitness (the textbook); `tournament`: the best of `tournament` drawn. */
  readonly selection: Selection;
  /** Individuals drawn for a tournament. */
  readonly tournament: number;
  /** `one-point`: the textbook's REPRODUCE; `uniform`: each digit from either parent. */
  readonly crossover: Crossover;
  /** The chance that each digit of a child is redrawn. */
  readonly mutationRate: number;
  /** The best individuals copied unchanged into the next generation. */
  readonly elitism: number;
}

/** What one generation looks like, summed while it is evaluated. */
export interface GenerationSummary {
  /** The index of its best individual (the first of equals). */
  best: number;
  /** That individual's fitness. */
  bestFitness: number;
  /** The sum of all fitnesses (the mean times the size). */
  sum: number;
}

/**
 * A population of digit strings in one flat Int32Array (individual `i` is `genes[i·n … (i + 1)·n)`, a row per
 * column) with its fitness in an Int32Array; the next generation is bred into a second pair of buffers and the
 * two are swapped, so a run allocates nothing after it starts.
 */
export class Population {
  /** The current generation's strings. */
  genes: Int32Array;
  /** Their fitness (non-attacking pairs). */
  fitness: Int32Array;
  /** Fitness evaluations so far: the first generation, then every child bred (elites are not evaluated again). */
  evaluations = 0;
  readonly summary: GenerationSummary = { best: 0, bestFitness: -1, sum: 0 };
  #nextGenes: Int32Array;
  #nextFitness: Int32Array;
  /** Running sums of fitness, for proportional selection. */
  readonly #cumulative: Float64Array;
  /** Indices, partly sorted to find the elites. */
  readonly #order: Int32Array;
  /** Per-row counts of one position, for the diversity. */
  readonly #counts: Int32Array;
  /** Digits still to pass before the next mutation (a geometric gap, so mutation costs a draw per mutation, not per digit). */
  #skip = 0;
  readonly #logKeep: number;

  constructor(
    readonly settings: GaSettings,
    /** Digits an individual: the board's side. */
    readonly n: number,
    readonly counter: PairCounter,
    readonly rng: Rng,
  ) {
    const { size } = settings;
    this.genes = new Int32Array(size * n);
    this.#nextGenes = new Int32Array(size * n);
    this.fitness = new Int32Array(size);
    this.#nextFitness = new Int32Array(size);
    this.#cumulative = new Float64Array(size);
    this.#order = new Int32Array(size);
    this.#counts = new Int32Array(n);
    this.#logKeep = Math.log1p(-settings.mutationRate);
    this.#skip = this.#gap();
  }

  /**
   * Evaluates the first generation, once its strings are written into `genes`, and sums it up.
   */
  evaluateAll(): void {
    const { n, counter, fitness, genes } = this;
    for (let i = 0; i < this.settings.size; i++) fitness[i] = counter.fitness(genes, i * n);
    this.evaluations += this.settings.size;
    this.#summarise();
  }

  /**
   * The next generation, as in GENETIC-ALGORITHM: the `elitism` best copied, every other place a child of two
   * parents drawn by the selection, made by REPRODUCE (the crossover), then MUTATE (each digit redrawn with
   * probability `mutationRate`), and evaluated. The buffers are then swapped and the generation summed up.
   */
  breed(watch?: { birth: Birth | undefined }): void {
    const { size, elitism, selection, crossover } = this.settings;
    const { n, counter } = this;
    const genes = this.genes;
    const fitness = this.fitness;
    const next = this.#nextGenes;
    const nextFitness = this.#nextFitness;

    let total = 0;
    if (selection === 'proportional') {
      const cumulative = this.#cumulative;
      for (let i = 0; i < size; i++) cumulative[i] = total += fitness[i]!;
    }

    // Only the first `elitism` places matter, so a partial selection sort is enough.
    const order = this.#order;
    for (let i = 0; i < size; i++) order[i] = i;
    for (let e = 0; e < elitism; e++) {
      let best = e;
      for (let j = e + 1; j < size; j++) if (fitness[order[j]!]! > fitness[order[best]!]!) best = j;
      const tmp = order[e]!;
      order[e] = order[best]!;
      order[best] = tmp;
      next.set(genes.subarray(order[e]! * n, order[e]! * n + n), e * n);
      nextFitness[e] = fitness[order[e]!]!;
    }

    for (let c = elitism; c < size; c++) {
      // Someone watching sees how the first child is made; the others are bred without a record.
      const record = watch !== undefined && c === elitism ? newRecord(selection === 'tournament', crossover === 'uniform') : undefined;
      const a = selection === 'tournament' ? this.#tournament(record?.drawnA) : this.#proportional(total);
      const b = selection === 'tournament' ? this.#tournament(record?.drawnB) : this.#proportional(total);
      const cut = crossover === 'one-point' ? this.#onePoint(a, b, next, c * n) : this.#uniform(a, b, next, c * n, record?.from);
      if (record) record.crossed = Array.from(next.subarray(c * n, c * n + n));
      this.#mutate(next, c * n, record?.mutated);
      nextFitness[c] = counter.fitness(next, c * n);
      if (record) watch!.birth = this.#birth(record, a, b, cut, next, c * n, nextFitness[c]!);
    }
    this.evaluations += size - elitism;

    this.#nextGenes = genes;
    this.#nextFitness = fitness;
    this.genes = next;
    this.fitness = nextFitness;
    this.#summarise();
  }

  /**
   * Diversity: the mean Hamming distance between two different individuals, as a fraction of the n digits (0 when
   * all are equal, about 1 − 1/n for random strings). Exact, not sampled: at each position the pairs that differ
   * are (P² − Σ c²)/2 for the counts c of each row there, so it costs O(P·n), as much as evaluating a generation,
   * and is computed only when reported.
   */
  diversity(): number {
    const { size } = this.settings;
    const { n, genes } = this;
    if (size < 2 || n === 0) return 0;
    const counts = this.#counts;
    let differing = 0;
    for (let pos = 0; pos < n; pos++) {
      let squares = 0;
      for (let i = pos; i < size * n; i += n) squares += 2 * counts[genes[i]!]!++ + 1;
      for (let i = pos; i < size * n; i += n) counts[genes[i]!] = 0;
      differing += (size * size - squares) / 2;
    }
    return differing / (n * ((size * (size - 1)) / 2));
  }

  /** The record of a child's making as the trace tells it. */
  #birth(record: BirthRecord, a: number, b: number, cut: number, next: Int32Array, at: number, fitness: number): Birth {
    const { selection, crossover } = this.settings;
    const parent = (i: number, drawn: number[] | undefined) => ({ rows: this.rows(i), fitness: this.fitness[i]!, ...(drawn ? { drawn } : {}) });
    return {
      selection,
      parents: [parent(a, record.drawnA), parent(b, record.drawnB)],
      crossover: crossover === 'one-point' ? { kind: 'one-point', cut } : { kind: 'uniform', from: record.from! },
      crossed: record.crossed,
      mutated: record.mutated,
      child: Array.from(next.subarray(at, at + this.n)),
      fitness,
    };
  }

  /** Individual `i`'s digits, copied (for a trace or an answer). */
  rows(i: number): number[] {
    return Array.from(this.genes.subarray(i * this.n, (i + 1) * this.n));
  }

  #summarise(): void {
    const { fitness } = this;
    let best = 0;
    let sum = 0;
    for (let i = 0; i < this.settings.size; i++) {
      sum += fitness[i]!;
      if (fitness[i]! > fitness[best]!) best = i;
    }
    this.summary.best = best;
    this.summary.bestFitness = fitness[best]!;
    this.summary.sum = sum;
  }

  /** The best of `tournament` individuals drawn uniformly (with replacement; the first of equals); `drawn` gets their fitness. */
  #tournament(drawn?: number[]): number {
    const { size, tournament } = this.settings;
    const fitness = this.fitness;
    let best = this.rng.below(size);
    drawn?.push(fitness[best]!);
    for (let t = 1; t < tournament; t++) {
      const other = this.rng.below(size);
      drawn?.push(fitness[other]!);
      if (fitness[other]! > fitness[best]!) best = other;
    }
    return best;
  }

  /** WEIGHTED-RANDOM-CHOICE: an individual drawn with probability fitness / total (uniformly when all are 0). */
  #proportional(total: number): number {
    const size = this.settings.size;
    if (total <= 0) return this.rng.below(size);
    const target = this.rng.float() * total;
    const cumulative = this.#cumulative;
    // The first index whose running sum passes the target: never one of fitness 0.
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** REPRODUCE: c drawn from 1 … n − 1, the child is parent a's first c digits and b's others; returns c. */
  #onePoint(a: number, b: number, into: Int32Array, at: number): number {
    const { n, genes } = this;
    const c = n > 1 ? 1 + this.rng.below(n - 1) : n;
    into.set(genes.subarray(a * n, a * n + c), at);
    into.set(genes.subarray(b * n + c, b * n + n), at + c);
    return c;
  }

  /** Uniform crossover: each digit from a or b by a fair coin (one 32-bit draw per 32 digits); `from` gets the coin of each. */
  #uniform(a: number, b: number, into: Int32Array, at: number, from?: (0 | 1)[]): number {
    const { n, genes } = this;
    let bits = 0;
    for (let g = 0; g < n; g++) {
      if ((g & 31) === 0) bits = this.rng.nextU32();
      const coin = (bits >>> (g & 31)) & 1;
      into[at + g] = genes[(coin ? b : a) * n + g]!;
      from?.push(coin as 0 | 1);
    }
    return -1;
  }

  /**
   * MUTATE, per digit: each digit of the child is redrawn (a uniformly random row, which may be the one it had) with
   * probability `mutationRate`. The gaps between mutated digits, across children, are drawn geometrically, so a
   * child without mutation costs no random draw.
   */
  #mutate(into: Int32Array, at: number, record?: { at: number; from: number; to: number }[]): void {
    const n = this.n;
    let g = this.#skip;
    while (g < n) {
      const was = into[at + g]!;
      into[at + g] = this.rng.below(n);
      record?.push({ at: g, from: was, to: into[at + g]! });
      g += 1 + this.#gap();
    }
    this.#skip = g - n;
  }

  /** Digits passed before the next mutated one: geometric with parameter `mutationRate`. */
  #gap(): number {
    const p = this.settings.mutationRate;
    if (p >= 1) return 0;
    if (p <= 0) return Number.POSITIVE_INFINITY;
    const gap = Math.floor(Math.log(1 - this.rng.float()) / this.#logKeep);
    return Number.isFinite(gap) ? gap : Number.POSITIVE_INFINITY;
  }
}

/** What breed() notes of the child it is watched making, before it is a {@link Birth}. */
interface BirthRecord {
  drawnA: number[] | undefined;
  drawnB: number[] | undefined;
  from: (0 | 1)[] | undefined;
  crossed: number[];
  mutated: { at: number; from: number; to: number }[];
}

function newRecord(tournament: boolean, uniform: boolean): BirthRecord {
  return { drawnA: tournament ? [] : undefined, drawnB: tournament ? [] : undefined, from: uniform ? [] : undefined, crossed: [], mutated: [] };
}
