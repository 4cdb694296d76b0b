import { CLOCK_MASK, conflictTable, onePieceARow, type Board, type BudgetClock, type Piece, type StopReason, type TraceEvent } from '@bezzel/core';

/** How a search ended: every placement was tried, the visitor asked to stop, or the budget ran out. */
export type SearchEnd = 'done' | 'stopped' | StopReason;

/** Called with the squares of each solution, ascending, in a buffer the search reuses. True stops the search. */
export type PlacementVisitor = (squares: Int32Array, k: number) => boolean;

/** Nodes between two progress reports: a multiple of the clock check interval. */
const PROGRESS_MASK = 0xffff;

/**
 * Depth-first search for k mutually non-attacking pieces, over the core conflict table.
 *
 * Each square keeps a count of placed pieces that forbid it, raised and lowered as pieces come and go, so a
 * node costs one pass over the placed piece's conflicts and nothing is allocated. Squares are chosen in
 * increasing order, so each set of squares is met exactly once; the depth is k at most, but the stack is
 * explicit anyway so no engine limit applies. A piece that attacks its whole rank, with k equal to the number
 * of ranks and no removed squares, must have one piece in every rank: then depth d chooses only in rank d.
 */
export class PlacementSearch {
  /** Whether it places one piece a row (n queens, n rooks), which it does when the piece attacks whole ranks. */
  readonly rowByRow: boolean;
  /** Pieces placed so far. */
  nodes = 0;
  /** Pieces taken back so far. */
  backtracks = 0;
  /** Solutions found so far. */
  solutions = 0;
  readonly #offsets: Int32Array;
  readonly #targets: Int32Array;
  /** Playable squares, ascending. */
  readonly #candidates: Int32Array;
  /** How many placed pieces forbid each square. */
  readonly #blocked: Int32Array;
  /** Index into #candidates of the piece at each depth. */
  readonly #chosen: Int32Array;
  readonly #squares: Int32Array;
  /** The depth a stopped search had reached, for its coverage estimate. */
  #stoppedAt = 0;

  /**
   * `placed` are pieces already on the board (a position to complete): their squares and the squares they
   * attack are blocked from the start, and the search places `k` more. They must not attack each other.
   */
  constructor(
    /** The board searched. */
    readonly board: Board,
    piece: Piece,
    /** How many pieces to place (besides those already placed). */
    readonly k: number,
    placed: readonly number[] = [],
  ) {
    const table = conflictTable(board, piece);
    this.#offsets = table.offsets;
    this.#targets = table.targets;
    this.rowByRow = onePieceARow(board, piece, k) && placed.length === 0;
    const playable: number[] = [];
    for (let sq = 0; sq < board.size; sq++) if (!board.isRemoved(sq)) playable.push(sq);
    this.#candidates = Int32Array.from(playable);
    this.#blocked = new Int32Array(board.size);
    this.#chosen = new Int32Array(Math.max(k, 1));
    this.#squares = new Int32Array(Math.max(k, 1));
    for (const sq of placed) {
      this.#blocked[sq]!++;
      this.#place(sq);
    }
  }

  /**
   * Runs the whole search (or until the visitor or the clock stops it), calling `progress` now and then, and
   * `trace` (when a visualiser watches) at every placement, removal and solution.
   */
  run(
    clock: BudgetClock,
    visit: PlacementVisitor,
    progress: (search: PlacementSearch) => void = () => {},
    trace?: (event: TraceEvent) => void,
  ): SearchEnd {
    const k = this.k;
    if (k === 0) {
      this.solutions++;
      return visit(this.#squares, 0) ? 'stopped' : 'done';
    }
    const candidates = this.#candidates;
    const blocked = this.#blocked;
    const chosen = this.#chosen;
    const squares = this.#squares;
    const total = candidates.length;
    const width = this.board.width;
    const rowByRow = this.rowByRow;
    const maxSteps = clock.maxSteps;

    let depth = 0;
    let next = 0;
    for (;;) {
      let found = -1;
      // Where this scan starts, for a trace's rejected squares (the row-by-row scan moves `next` itself).
      const from = next;
      if (rowByRow) {
        const end = (depth + 1) * width;
        for (; next < end; next++) {
          if (blocked[next] === 0) {
            found = next;
            break;
          }
        }
      } else {
        // The first free square is the candidate; the scan goes on only until enough free squares are seen
        // for the pieces still needed, since fewer than that means no completion from here.
        const needed = k - depth;
        let free = 0;
        for (let i = next; i < total; i++) {
          if (blocked[candidates[i]!] === 0) {
            if (free === 0) found = i;
            if (++free === needed) break;
          }
        }
        if (free < needed) found = -1;
      }

      if (found < 0) {
        if (depth === 0) return 'done';
        // Computed before the lift changes which squares are blocked; only when someone watches.
        const rejected = trace ? this.#rejected(from, rowByRow ? (depth + 1) * width : total) : undefined;
        depth--;
        this.#lift(squares[depth]!);
        if (trace) trace({ type: 'remove', square: squares[depth]!, depth, ...withRejected(rejected!) });
        next = chosen[depth]! + 1;
        this.backtracks++;
        continue;
      }

      if (this.nodes >= maxSteps || (this.nodes & CLOCK_MASK) === 0) {
        if (clock.exhausted(this.nodes)) {
          this.#stoppedAt = depth;
          return clock.reason ?? 'steps';
        }
        if ((this.nodes & PROGRESS_MASK) === 0) progress(this);
      }
      this.nodes++;
      const sq = candidates[found]!;
      if (trace) trace({ type: 'place', square: sq, depth, ...withRejected(this.#rejected(from, found)) });
      this.#place(sq);
      chosen[depth] = found;
      squares[depth] = sq;
      depth++;
      if (depth === k) {
        this.solutions++;
        if (trace) trace({ type: 'solution', index: this.solutions - 1 });
        if (visit(squares, k)) return 'stopped';
        depth--;
        this.#lift(sq);
        if (trace) trace({ type: 'remove', square: sq, depth });
        next = found + 1;
        continue;
      }
      next = rowByRow ? depth * width : found + 1;
    }
  }

  /**
   * Roughly how much of a row-by-row search a stopped run finished: the columns passed in the first few
   * rows, weighing every column as equal (they are not quite: middle columns lead to more placements).
   */
  coverage(): number | undefined {
    if (!this.rowByRow) return undefined;
    const width = this.board.width;
    let covered = 0;
    let weight = 1;
    for (let d = 0; d < Math.min(this.#stoppedAt, 4); d++) {
      weight /= width;
      covered += (this.#chosen[d]! - d * width) * weight;
    }
    return covered;
  }

  /** For a trace: the squares at candidate indices [from, to) that a placed piece blocks, which the scan passed over. */
  #rejected(from: number, to: number): number[] {
    const rejected: number[] = [];
    for (let i = from; i < to; i++) if (this.#blocked[this.#candidates[i]!]! > 0) rejected.push(this.#candidates[i]!);
    return rejected;
  }

  #place(sq: number): void {
    const blocked = this.#blocked;
    const targets = this.#targets;
    for (let i = this.#offsets[sq]!, end = this.#offsets[sq + 1]!; i < end; i++) blocked[targets[i]!]++;
  }

  #lift(sq: number): void {
    const blocked = this.#blocked;
    const targets = this.#targets;
    for (let i = this.#offsets[sq]!, end = this.#offsets[sq + 1]!; i < end; i++) blocked[targets[i]!]--;
  }
}

/** An event's `rejected` field, left out when nothing was rejected (most steps of a sparse search). */
function withRejected(rejected: number[]): { rejected?: readonly number[] } {
  return rejected.length > 0 ? { rejected } : {};
}
