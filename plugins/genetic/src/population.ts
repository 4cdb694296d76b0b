import type { Rng } from '@bezzel/core';
import type { TourRepair } from './repair.js';
import type { MoveTable, TourWalk } from './walk.js';

/** The tuning a run reads from its options. */
export interface GeneticSettings {
  readonly size: number;
  readonly tournament: number;
  /** Genes copied from one parent before crossover may switch to the other (the thesis's K). */
  readonly crossoverAfter: number;
  readonly crossoverRate: number;
  readonly mutationRate: number;
  readonly elitism: number;
}

/**
 * A population of chromosomes in one flat byte array: chromosome `i` is `genes[i * length ...]`, a move index a
 * gene, read from the start square. Two buffers are swapped each generation, so breeding allocates nothing.
 */
export class Population {
  genes: Uint8Array;
  #next: Uint8Array;
  readonly fitness: Int32Array;
  readonly #order: Int32Array;

  constructor(
    readonly settings: GeneticSettings,
    readonly length: number,
    readonly start: number,
    readonly moves: MoveTable,
    readonly walk: TourWalk,
    readonly rng: Rng,
  ) {
    this.genes = new Uint8Array(settings.size * length);
    this.#next = new Uint8Array(settings.size * length);
    this.fitness = new Int32Array(settings.size);
    this.#order = new Int32Array(settings.size);
    for (let i = 0; i < settings.size; i++) this.#randomTail(this.genes, i * length, 0);
  }

  /**
   * Squares visited before the first illegal or repeated move. With a repair part, the first illegal move and
   * every move after it are the part's choices, written back into the chromosome so the repair is inherited —
   * Al-Gharaibeh et al. repeat the substitution "until a substitution cannot be made".
   */
  evaluate(i: number, repair: TourRepair | undefined): number {
    const { genes, walk, length } = this;
    const base = i * length;
    walk.begin();
    let square = this.start;
    walk.visit(square);
    let visited = 1;
    let repairing = false;
    for (let g = 0; g < length; g++) {
      let t = repairing ? -1 : walk.free(square, genes[base + g]!);
      if (t < 0) {
        repairing = repair !== undefined;
        const k = repair ? repair.repair(walk, square) : -1;
        if (k < 0) break;
        genes[base + g] = k;
        t = this.moves.target(square, k);
      }
      walk.visit(t);
      square = t;
      visited++;
    }
    this.fitness[i] = visited;
    return visited;
  }

  /** The squares chromosome `i` visits, up to its first illegal move (after `evaluate`, so repairs are in). */
  decode(i: number): Int32Array {
    const path = new Int32Array(this.fitness[i]!);
    path[0] = this.start;
    for (let g = 1; g < path.length; g++) path[g] = this.moves.target(path[g - 1]!, this.genes[i * this.length + g - 1]!);
    return path;
  }

  /** The next generation: elites copied, the rest bred by tournament, crossover and mutation. */
  breed(): void {
    const { size, elitism, crossoverRate, mutationRate } = this.settings;
    const { length, rng } = this;
    const next = this.#next;
    const order = this.#order;
    for (let i = 0; i < size; i++) order[i] = i;
    // Only the first `elitism` places matter, so a partial selection sort is enough.
    for (let e = 0; e < elitism; e++) {
      let best = e;
      for (let j = e + 1; j < size; j++) if (this.fitness[order[j]!]! > this.fitness[order[best]!]!) best = j;
      const tmp = order[e]!;
      order[e] = order[best]!;
      order[best] = tmp;
      copy(this.genes, order[e]! * length, next, e * length, length);
    }
    for (let c = elitism; c < size; c++) {
      const a = this.#tournament();
      const b = this.#tournament();
      if (rng.float() < crossoverRate) this.#crossover(a, b, next, c * length);
      else copy(this.genes, a * length, next, c * length, length);
      if (rng.float() < mutationRate) this.#randomTail(next, c * length, rng.below(length));
    }
    this.#next = this.genes;
    this.genes = next;
  }

  /** The best of `tournament` chromosomes drawn at random. */
  #tournament(): number {
    let best = this.rng.below(this.settings.size);
    for (let t = 1; t < this.settings.tournament; t++) {
      const other = this.rng.below(this.settings.size);
      if (this.fitness[other]! > this.fitness[best]!) best = other;
    }
    return best;
  }

  /**
   * The thesis's crossover: copy genes from one parent, and once `crossoverAfter` genes have come from it, switch
   * to the other parent as soon as the other's next move is legal from where the child stands.
   */
  #crossover(a: number, b: number, into: Uint8Array, at: number): void {
    const { length, walk, genes } = this;
    let current = a * length;
    let other = b * length;
    let copied = 0;
    let square = this.start;
    walk.begin();
    walk.visit(square);
    for (let g = 0; g < length; g++) {
      if (square >= 0 && copied >= this.settings.crossoverAfter && walk.free(square, genes[other + g]!) >= 0) {
        const tmp = current;
        current = other;
        other = tmp;
        copied = 0;
      }
      const k = genes[current + g]!;
      into[at + g] = k;
      copied++;
      if (square >= 0) {
        square = walk.free(square, k);
        if (square >= 0) walk.visit(square);
      }
    }
  }

  /**
   * Seeds the generation with a walk from the start square (another strategy's best, handed on by a pipeline):
   * each chromosome keeps a random first part of it, at least half, and goes on with random moves, so the seed's
   * good start spreads while the tails stay varied. Moves of the walk that are not this piece's leaps end it.
   */
  seed(walk: ArrayLike<number>): void {
    const moves: number[] = [];
    for (let i = 1; i < walk.length && moves.length < this.length; i++) {
      let k = 0;
      while (k < this.moves.count && this.moves.target(walk[i - 1]!, k) !== walk[i]) k++;
      if (k === this.moves.count) break;
      moves.push(k);
    }
    for (let c = 0; c < this.settings.size; c++) {
      const keep = Math.ceil(moves.length * (0.5 + this.rng.float() / 2));
      for (let g = 0; g < keep; g++) this.genes[c * this.length + g] = moves[g]!;
      this.#randomTail(this.genes, c * this.length, keep);
    }
  }

  /** The thesis's mutation (and the initial population): from gene `from` on, random moves onto free squares. */
  #randomTail(genes: Uint8Array, at: number, from: number): void {
    const { walk, length, rng } = this;
    const count = this.moves.count;
    walk.begin();
    let square = this.start;
    walk.visit(square);
    for (let g = 0; g < from && square >= 0; g++) {
      square = walk.free(square, genes[at + g]!);
      if (square >= 0) walk.visit(square);
    }
    for (let g = from; g < length; g++) {
      let k = rng.below(count);
      if (square >= 0) {
        // Reservoir choice among the free moves, so the tail stays legal as long as it can.
        let free = 0;
        for (let j = 0; j < count; j++) if (walk.free(square, j) >= 0 && rng.below(++free) === 0) k = j;
        square = free > 0 ? walk.free(square, k) : -1;
        if (square >= 0) walk.visit(square);
      }
      genes[at + g] = k;
    }
  }
}

function copy(from: Uint8Array, at: number, into: Uint8Array, to: number, length: number): void {
  for (let g = 0; g < length; g++) into[to + g] = from[at + g]!;
}
