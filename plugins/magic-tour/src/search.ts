import { CLOCK_MASK, type Board, type BudgetClock, type MagicKind, type Rng, type TraceEvent } from '@bezzel/core';
import { insertionSort, type MoveGraph } from '@bezzel/tour-graph';
import { LineLayout, LineNeeds } from './lines.js';
import type { QuarteLayout } from './quartes.js';

/** How a search from one start ended: its space searched, the visitor satisfied, a restart's node limit, or the budget. */
export type SearchEnd = 'done' | 'stopped' | 'limit' | 'steps' | 'time' | 'aborted';

/** Called with each magic tour found (a buffer the search reuses); true stops the search. */
export type MagicVisitor = (path: Int32Array) => boolean;

export interface MagicRun {
  readonly start: number;
  /** The last square must be one move from the first. */
  readonly closed: boolean;
  /** Give up this run (`limit`) after so many nodes of its own, so that a restart can try another order. */
  readonly nodeLimit: number;
}

const PROGRESS_MASK = 0xffff;

/**
 * Depth-first search for magic tours, numbering the squares in the order the tour visits them, with an explicit
 * stack of typed arrays (nothing is allocated per node). Each step keeps every line able to reach its sum (see
 * `LineNeeds`); with a quarte layout, each step also keeps the tour regular and the quarte sums of its bands and
 * the place sums of its lines reachable (see `QuarteLayout`). The usual tour pruning stays: a square left with no
 * unvisited neighbour ends the branch unless it is the last, and a closed tour needs a way back to its start.
 * Candidates go in Warnsdorff's order (fewest onward moves first), ties by keys drawn from the seeded generator,
 * which a restart draws afresh.
 */
export class MagicTourSearch {
  nodes = 0;
  backtracks = 0;
  solutions = 0;
  /** Squares numbered by the deepest walk reached, whose every line could still reach its sum; `deepestPath` holds it. */
  deepest = 0;
  readonly deepestPath: Int32Array;
  readonly squares: number;
  readonly #lines: LineNeeds;
  readonly #visited: Uint8Array;
  readonly #onward: Int32Array;
  readonly #path: Int32Array;
  readonly #moves: Int32Array;
  readonly #next: Int32Array;
  readonly #end: Int32Array;
  readonly #isEnd: Uint8Array;
  #endsLeft = 0;
  #closed = false;
  readonly #tie: Float64Array;
  readonly #before: (a: number, b: number) => boolean;
  // Quarte bookkeeping (see QuarteLayout): what each block has left, what each band's quarte indices and each
  // line's places still need, and the local ranks and files the current quarte has used, by depth.
  readonly #blockLeft: Int32Array;
  readonly #rankBandNeed: Float64Array;
  readonly #fileBandNeed: Float64Array;
  readonly #rankBandLeft: Int32Array;
  readonly #fileBandLeft: Int32Array;
  readonly #placeNeed: Int32Array;
  /** Empty squares of each rank and file (ranks first) on the start's colour: with a piece that always changes colour, their places are odd (1 or 3), the others' even (2 or 4). */
  readonly #oddLeft: Int32Array;
  readonly #quarteRanks: Uint8Array;
  readonly #quarteFiles: Uint8Array;

  constructor(
    readonly board: Board,
    readonly graph: MoveGraph,
    magic: MagicKind,
    readonly quartes: QuarteLayout | undefined,
    private readonly rng: Rng,
    /** Every move changes the square's colour, so a square's colour fixes the parity of its number. */
    private readonly alternates: boolean,
  ) {
    const size = board.size;
    this.squares = size;
    this.#lines = new LineNeeds(new LineLayout(board, magic));
    this.#visited = new Uint8Array(size);
    this.#onward = new Int32Array(size);
    this.#path = new Int32Array(size);
    this.deepestPath = new Int32Array(size);
    this.#moves = new Int32Array(graph.outTargets.length + 1);
    this.#next = new Int32Array(size + 1);
    this.#end = new Int32Array(size + 1);
    this.#isEnd = new Uint8Array(size);
    this.#tie = new Float64Array(size);
    const onward = this.#onward;
    const tie = this.#tie;
    this.#before = (a, b) => onward[a]! < onward[b]! || (onward[a] === onward[b] && tie[a]! < tie[b]!);
    const blocks = quartes?.blocks ?? 0;
    this.#blockLeft = new Int32Array(blocks);
    this.#rankBandNeed = new Float64Array(quartes?.rankBands ?? 0);
    this.#fileBandNeed = new Float64Array(quartes?.fileBands ?? 0);
    this.#rankBandLeft = new Int32Array(quartes?.rankBands ?? 0);
    this.#fileBandLeft = new Int32Array(quartes?.fileBands ?? 0);
    this.#placeNeed = new Int32Array(quartes ? board.height + board.width : 0);
    this.#oddLeft = new Int32Array(quartes ? board.height + board.width : 0);
    this.#quarteRanks = new Uint8Array(quartes ? size : 0);
    this.#quarteFiles = new Uint8Array(quartes ? size : 0);
    this.shuffle();
  }

  /** Draws new tie-breaking keys: the next search tries equally good moves in another order. */
  shuffle(): void {
    for (let sq = 0; sq < this.squares; sq++) this.#tie[sq] = this.rng.float();
  }

  /** Moves out of a square on the empty board. */
  degree(sq: number): number {
    return this.graph.outOffsets[sq + 1]! - this.graph.outOffsets[sq]!;
  }

  /**
   * Searches the magic tours from `run.start` until the space is done, the visitor says stop, the run's node limit
   * or the clock runs out. `progress` hears of it now and then; `trace`, when a visualiser watches, of every step.
   */
  search(run: MagicRun, clock: BudgetClock, visit: MagicVisitor, progress: () => void, trace?: (event: TraceEvent) => void): SearchEnd {
    const { start, closed } = run;
    const last = this.squares - 1;
    const path = this.#path;
    const moves = this.#moves;
    const next = this.#next;
    const end = this.#end;
    const maxSteps = clock.maxSteps;
    const limit = this.nodes + run.nodeLimit;
    this.#reset(start, closed);
    path[0] = start;
    const startFits = this.#enter(start, 0);
    if (trace) trace({ type: 'move', square: start, depth: 0 });
    this.#reach(0);
    if (!startFits) return 'done';
    if (last === 0) {
      this.solutions++;
      return visit(path) ? 'stopped' : 'done';
    }
    this.#prepare(0);
    let depth = 0;
    for (;;) {
      const i = next[depth]!;
      if (i < end[depth]!) {
        next[depth] = i + 1;
        if (this.nodes >= maxSteps || (this.nodes & CLOCK_MASK) === 0) {
          if (clock.exhausted(this.nodes)) return clock.reason ?? 'steps';
          if ((this.nodes & PROGRESS_MASK) === 0) progress();
        }
        if (this.nodes >= limit) return 'limit';
        this.nodes++;
        const sq = moves[i]!;
        const d = depth + 1;
        path[d] = sq;
        if (!this.#enter(sq, d)) {
          this.#leave(sq, d);
          continue;
        }
        if (trace) trace({ type: 'move', square: sq, depth: d });
        this.#reach(d);
        if (d === last) {
          if (!closed || this.#isEnd[sq]) {
            this.solutions++;
            if (trace) trace({ type: 'solution', index: this.solutions - 1 });
            if (visit(path)) return 'stopped';
          }
          this.#leave(sq, d);
          if (trace) trace({ type: 'retreat', square: sq, depth: d });
          this.backtracks++;
          continue;
        }
        this.#prepare(d);
        depth = d;
      } else {
        if (depth === 0) return 'done';
        this.#leave(path[depth]!, depth);
        if (trace) trace({ type: 'retreat', square: path[depth]!, depth });
        depth--;
        this.backtracks++;
      }
    }
  }

  /** Keeps the deepest walk of all runs: copied only when it grows, so at most once a square. */
  #reach(depth: number): void {
    if (depth < this.deepest) return;
    this.deepestPath.set(this.#path.subarray(0, depth + 1));
    this.deepest = depth + 1;
  }

  /**
   * Fills the candidates for the square after `depth`, pruned and in Warnsdorff's order. Within a quarte the next
   * square must be in the same block, on a rank and a file of the block the quarte has not used.
   */
  #prepare(depth: number): void {
    const { outOffsets, outTargets, symmetric } = this.graph;
    const visited = this.#visited;
    const onward = this.#onward;
    const moves = this.#moves;
    const head = this.#path[depth]!;
    const from = depth === 0 ? 0 : this.#end[depth - 1]!;
    const remaining = this.squares - 1 - depth;
    let to = from;
    // A closed tour must still be able to come back: some unvisited square one move from the start.
    let dead = this.#closed && this.#endsLeft === 0;
    const quartes = this.quartes;
    const inQuarte = quartes !== undefined && ((depth + 1) & 3) !== 0;
    for (let i = outOffsets[head]!, stop = outOffsets[head + 1]!; i < stop && !dead; i++) {
      const sq = outTargets[i]!;
      if (visited[sq]) continue;
      // Reversible moves: a neighbour of the head left with no way on can only be the last square.
      if (symmetric && onward[sq] === 0 && remaining > 1) dead = true;
      if (inQuarte && (quartes.block[sq] !== quartes.block[head] || (this.#quarteRanks[depth]! >> quartes.localRank[sq]!) & 1 || (this.#quarteFiles[depth]! >> quartes.localFile[sq]!) & 1)) continue;
      moves[to++] = sq;
    }
    if (dead) to = from;
    else if (to - from > 1) insertionSort(moves, from, to, this.#before);
    this.#next[depth] = from;
    this.#end[depth] = to;
  }

  /** Numbers `sq` with depth + 1 and says whether every sum can still be reached; `#leave` undoes it either way. */
  #enter(sq: number, depth: number): boolean {
    const { inOffsets, inSources } = this.graph;
    const onward = this.#onward;
    this.#visited[sq] = 1;
    for (let i = inOffsets[sq]!, stop = inOffsets[sq + 1]!; i < stop; i++) onward[inSources[i]!]--;
    this.#endsLeft -= this.#isEnd[sq]!;
    const value = depth + 1;
    const lines = this.#lines;
    lines.add(sq, value, 1);
    let fits = lines.feasible(value);
    const quartes = this.quartes;
    if (quartes) {
      const place = (depth & 3) + 1;
      const quarte = depth >> 2;
      const block = quartes.block[sq]!;
      const rankBand = quartes.rankBand[sq]!;
      const fileBand = quartes.fileBand[sq]!;
      this.#blockLeft[block]! ^= quartes.bit[sq]!;
      const rankBit = 1 << quartes.localRank[sq]!;
      const fileBit = 1 << quartes.localFile[sq]!;
      if (place === 1) {
        this.#rankBandNeed[rankBand]! -= quarte;
        this.#rankBandLeft[rankBand]!--;
        this.#fileBandNeed[fileBand]! -= quarte;
        this.#fileBandLeft[fileBand]!--;
        this.#quarteRanks[depth] = rankBit;
        this.#quarteFiles[depth] = fileBit;
      } else {
        this.#quarteRanks[depth] = this.#quarteRanks[depth - 1]! | rankBit;
        this.#quarteFiles[depth] = this.#quarteFiles[depth - 1]! | fileBit;
      }
      const rank = Math.floor(sq / this.board.width);
      const file = this.board.height + (sq - rank * this.board.width);
      this.#placeNeed[rank]! -= place;
      this.#placeNeed[file]! -= place;
      const odd = place & 1;
      this.#oddLeft[rank]! -= odd;
      this.#oddLeft[file]! -= odd;
      if (fits) fits = this.#placesFit(rank) && this.#placesFit(file);
      if (fits && place === 1) fits = this.#bandsFit(quarte);
      if (fits && place === 4) fits = quartes.fillable[this.#blockLeft[block]!] === 1;
    }
    return fits;
  }

  #leave(sq: number, depth: number): void {
    const { inOffsets, inSources } = this.graph;
    const onward = this.#onward;
    this.#visited[sq] = 0;
    for (let i = inOffsets[sq]!, stop = inOffsets[sq + 1]!; i < stop; i++) onward[inSources[i]!]++;
    this.#endsLeft += this.#isEnd[sq]!;
    this.#lines.add(sq, -(depth + 1), -1);
    const quartes = this.quartes;
    if (quartes) {
      const place = (depth & 3) + 1;
      const quarte = depth >> 2;
      this.#blockLeft[quartes.block[sq]!]! ^= quartes.bit[sq]!;
      if (place === 1) {
        this.#rankBandNeed[quartes.rankBand[sq]!]! += quarte;
        this.#rankBandLeft[quartes.rankBand[sq]!]!++;
        this.#fileBandNeed[quartes.fileBand[sq]!]! += quarte;
        this.#fileBandLeft[quartes.fileBand[sq]!]!++;
      }
      const rank = Math.floor(sq / this.board.width);
      const file = this.board.height + (sq - rank * this.board.width);
      this.#placeNeed[rank]! += place;
      this.#placeNeed[file]! += place;
      this.#oddLeft[rank]! += place & 1;
      this.#oddLeft[file]! += place & 1;
    }
  }

  /**
   * A line's empty squares each take a place from 1 to 4; when colours alternate, those on the start's colour take
   * 1 or 3 and the others 2 or 4.
   */
  #placesFit(line: number): boolean {
    const m = this.#lines.left[line]!;
    const need = this.#placeNeed[line]!;
    if (!this.alternates) return need >= m && need <= 4 * m;
    const odd = this.#oddLeft[line]!;
    const even = m - odd;
    return need >= odd + 2 * even && need <= 3 * odd + 4 * even;
  }

  /**
   * Once quarte `quarte` is placed, each band's remaining quartes take distinct indices from quarte + 1 up to the
   * last: their sum lies between that many smallest and that many largest.
   */
  #bandsFit(quarte: number): boolean {
    const last = this.quartes!.quartes - 1;
    const fits = (need: number, m: number) => need >= m * (quarte + 1) + (m * (m - 1)) / 2 && need <= m * last - (m * (m - 1)) / 2;
    for (let band = 0; band < this.#rankBandNeed.length; band++) if (!fits(this.#rankBandNeed[band]!, this.#rankBandLeft[band]!)) return false;
    for (let band = 0; band < this.#fileBandNeed.length; band++) if (!fits(this.#fileBandNeed[band]!, this.#fileBandLeft[band]!)) return false;
    return true;
  }

  /** An empty board for a search from `start`: the closed tour's ends marked, sums and quarte needs full. */
  #reset(start: number, closed: boolean): void {
    const { outOffsets, inOffsets, inSources } = this.graph;
    this.#visited.fill(0);
    for (let sq = 0; sq < this.squares; sq++) this.#onward[sq] = outOffsets[sq + 1]! - outOffsets[sq]!;
    this.#isEnd.fill(0);
    this.#closed = closed;
    this.#endsLeft = 0;
    if (closed) {
      for (let i = inOffsets[start]!; i < inOffsets[start + 1]!; i++) this.#isEnd[inSources[i]!] = 1;
      for (let sq = 0; sq < this.squares; sq++) this.#endsLeft += this.#isEnd[sq]!;
    }
    this.#lines.reset();
    const quartes = this.quartes;
    if (quartes) {
      this.#blockLeft.fill(0xffff);
      this.#rankBandNeed.fill(quartes.rankBandTarget);
      this.#fileBandNeed.fill(quartes.fileBandTarget);
      this.#rankBandLeft.fill(quartes.quartesPerRankBand);
      this.#fileBandLeft.fill(quartes.quartesPerFileBand);
      this.#placeNeed.fill(quartes.rankPlaces, 0, this.board.height);
      this.#placeNeed.fill(quartes.filePlaces, this.board.height);
      // Squares of the start's colour on each line: half of it on a board with even sides (quartes need those).
      const { width: w, height: h } = this.board;
      const colour = (sq: number) => (Math.floor(sq / w) + (sq % w)) & 1;
      const startColour = colour(start);
      this.#oddLeft.fill(0);
      for (let sq = 0; sq < this.squares; sq++) {
        if (colour(sq) !== startColour) continue;
        this.#oddLeft[Math.floor(sq / w)]!++;
        this.#oddLeft[h + (sq % w)]!++;
      }
    }
  }
}
