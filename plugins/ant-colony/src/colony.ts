import type { Board, Movement, Rng } from '@bezzel/core';

/** The colony's tuning. */
export interface ColonySettings {
  /** Weight of the pheromone in an ant's choice (τ^alpha). */
  readonly alpha: number;
  /** Weight of Warnsdorff's degree in an ant's choice ((1 / (1 + degree))^beta); 0 is Hingston and Kendall's pure colony. */
  readonly beta: number;
  /** Fraction of the pheromone that evaporates after each iteration. */
  readonly evaporation: number;
  /** Pheromone an ant lays on each of its moves, scaled by the fraction of the board its walk covered. */
  readonly deposit: number;
}

/**
 * Hingston and Kendall's ant colony for tours (2004, 2005): pheromone lives on (square, move) pairs; in each
 * iteration one ant starts from every start square and walks, choosing among free squares in proportion to the
 * pheromone; afterwards pheromone evaporates and each ant lays some on its moves, more the longer its walk.
 */
export class Colony {
  readonly count: number;
  readonly targets: Int32Array;
  readonly pheromone: Float64Array;
  readonly #visited: Int32Array;
  readonly #weights: Float64Array;
  readonly #moves: Int32Array;
  readonly #walks: Int32Array;
  readonly #lengths: Int32Array;
  #stamp = 0;

  constructor(
    readonly board: Board,
    movement: Movement,
    readonly starts: readonly number[],
    readonly settings: ColonySettings,
  ) {
    this.count = movement.leaps.length;
    this.targets = new Int32Array(board.size * this.count);
    for (let sq = 0; sq < board.size; sq++) {
      for (let k = 0; k < this.count; k++) {
        const v = movement.leaps[k]!;
        this.targets[sq * this.count + k] = board.isRemoved(sq) ? -1 : board.squareAt(board.row(sq) + v.dy, board.col(sq) + v.dx);
      }
    }
    this.pheromone = new Float64Array(board.size * this.count).fill(1);
    this.#visited = new Int32Array(board.size);
    this.#weights = new Float64Array(this.count);
    this.#moves = new Int32Array(this.count);
    this.#walks = new Int32Array(starts.length * board.playable);
    this.#lengths = new Int32Array(starts.length);
  }

  /** One iteration: every ant walks, then pheromone is updated. Returns the lengths of the walks (squares). */
  iterate(rng: Rng): Int32Array {
    const { count, targets, pheromone, board } = this;
    const { alpha, beta } = this.settings;
    const visited = this.#visited;
    const playable = board.playable;
    for (let ant = 0; ant < this.starts.length; ant++) {
      const stamp = ++this.#stamp;
      const walk = ant * playable;
      let square = this.starts[ant]!;
      visited[square] = stamp;
      this.#walks[walk] = square;
      let length = 1;
      while (length < playable) {
        let total = 0;
        let options = 0;
        for (let k = 0; k < count; k++) {
          const t = targets[square * count + k]!;
          if (t < 0 || visited[t] === stamp) continue;
          let weight = alpha === 1 ? pheromone[square * count + k]! : pheromone[square * count + k]! ** alpha;
          if (beta > 0) {
            let degree = 0;
            for (let j = 0; j < count; j++) {
              const u = targets[t * count + j]!;
              if (u >= 0 && visited[u] !== stamp) degree++;
            }
            weight *= (1 / (1 + degree)) ** beta;
          }
          this.#weights[options] = weight;
          this.#moves[options++] = t;
          total += weight;
        }
        if (options === 0) break;
        let pick = rng.float() * total;
        let chosen = options - 1;
        for (let i = 0; i < options; i++) {
          pick -= this.#weights[i]!;
          if (pick < 0) {
            chosen = i;
            break;
          }
        }
        square = this.#moves[chosen]!;
        visited[square] = stamp;
        this.#walks[walk + length++] = square;
      }
      this.#lengths[ant] = length;
    }
    this.#update();
    return this.#lengths;
  }

  /** The walk of ant `ant` in the last iteration. */
  walk(ant: number): Int32Array {
    const from = ant * this.board.playable;
    return this.#walks.slice(from, from + this.#lengths[ant]!);
  }

  /** True when the walk's last square is one move from its first. */
  closes(ant: number): boolean {
    const walk = this.walk(ant);
    const last = walk[walk.length - 1]!;
    for (let k = 0; k < this.count; k++) if (this.targets[last * this.count + k] === walk[0]) return true;
    return false;
  }

  #update(): void {
    const { pheromone, count, targets } = this;
    const keep = 1 - this.settings.evaporation;
    for (let i = 0; i < pheromone.length; i++) pheromone[i]! *= keep;
    const playable = this.board.playable;
    for (let ant = 0; ant < this.starts.length; ant++) {
      const length = this.#lengths[ant]!;
      const amount = (this.settings.deposit * length) / playable;
      const walk = ant * playable;
      for (let i = 1; i < length; i++) {
        const from = this.#walks[walk + i - 1]!;
        const to = this.#walks[walk + i]!;
        for (let k = 0; k < count; k++) {
          if (targets[from * count + k] === to) {
            pheromone[from * count + k]! += amount;
            break;
          }
        }
      }
    }
  }
}
