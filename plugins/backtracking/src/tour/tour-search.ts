import { CLOCK_MASK, type Board, type BudgetClock, type Piece, type Rng, type TraceEvent } from '@bezzel/core';
import type { SearchEnd } from '../placement/placement-search.js';
import { moveGraph, type MoveGraph } from '@bezzel/tour-graph';
import type { SortMoves, TourOrdering } from './ordering.js';

/** Called with each complete tour (a buffer the search reuses). True stops the search. */
export type TourVisitor = (path: Int32Array) => boolean;

export interface TourRun {
  readonly start: number;
  /** The last square must be one move from the start. */
  readonly closed: boolean;
  /**
   * Closed tours only: report each cycle once, in the direction whose second square is smaller than its last
   * (from a fixed start every cycle appears as two paths, one each way round).
   */
  readonly oncePerCycle: boolean;
  /**
   * The squares the path must take after `start`, in order (a split sub-task's prefix). The search replays them
   * exactly as it would reach them and then searches only below the last one; a prefix the search would never
   * reach (a square not among the candidates it prepares there) gives no tours.
   */
  readonly prefix?: ArrayLike<number>;
  /**
   * Open tours only: the squares the path may end on, each with the units a tour ending there counts for (0: it
   * may not end there). An undirected count keeps each tour once, from the end that comes first in an order of
   * the squares, and prunes a path as soon as no allowed end is left unvisited (see `endUnits` in solve-tour.ts).
   */
  readonly ends?: Uint8Array;
}

const NO_PREFIX: ArrayLike<number> = [];

const PROGRESS_MASK = 0xffff;

/** Boards up to this many squares keep a square-by-square adjacency matrix (a megabyte at most). */
const ADJACENT_MATRIX_SQUARES = 1024;

/**
 * Depth-first tour search with an explicit stack, so a 1000×1000 board goes as deep as it needs.
 *
 * Every level keeps its candidate moves on one shared stack of typed arrays: a path visits each square once,
 * so all levels together hold at most one entry per move of the graph. `onward` (unvisited squares one move
 * on) is kept current for the ordering and for pruning. With reversible moves, an unvisited square left with
 * one unvisited neighbour once the head has passed can only be the last square: two such squares, or one
 * with none, end the branch (this cuts the 6×6 closed-tour count from 128 million moves to 0.8 million).
 * A closed tour also dies once no unvisited square can move back to the start.
 */
export class TourSearch {
  /** Moves made so far. */
  nodes = 0;
  /** Moves taken back so far. */
  backtracks = 0;
  /** Tours found so far. */
  solutions = 0;
  /** Tours found so far, each weighted by the units of its end (`TourRun.ends`; 1 each without). */
  units = 0;
  /** The most squares any path reached. */
  longest = 0;
  /** Squares the tour must visit. */
  readonly playable: number;
  /** The moves from every square. */
  readonly graph: MoveGraph;
  readonly #onward: Int32Array;
  readonly #visited: Uint8Array;
  readonly #path: Int32Array;
  readonly #moves: Int32Array;
  readonly #base: Int32Array;
  readonly #next: Int32Array;
  readonly #end: Int32Array;
  /** Squares a closed tour may end on (one move from the start); `#endsLeft` of them are unvisited. */
  readonly #isEnd: Uint8Array;
  #endsLeft = 0;
  /** The path may end only on an `#isEnd` square: a closed tour, or an open one with `TourRun.ends`. */
  #restricted = false;
  /** The units of a tour ending on each square, when `TourRun.ends` gave them. */
  #endUnits: Uint8Array | undefined;
  /** Unvisited squares only the path's last square can be; `#endsMade[d]` of them were found at depth d. */
  #mustEnd = 0;
  readonly #endsMade: Int32Array;
  readonly #nearHead: Uint8Array;
  /**
   * On boards up to `ADJACENT_MATRIX_SQUARES`, whether a move joins two squares (`a·size + b`): the stranded-square
   * test then asks it instead of marking and unmarking the head's neighbours at every node (6×6 open: 10% faster).
   */
  readonly #adjacent: Uint8Array | undefined;
  readonly #sort: SortMoves;
  #dirty = false;

  constructor(
    /** The board of the tour. */
    readonly board: Board,
    piece: Piece,
    ordering: TourOrdering,
    rng: Rng,
  ) {
    this.graph = moveGraph(board, piece);
    this.playable = board.playable;
    this.#onward = new Int32Array(board.size);
    this.#visited = new Uint8Array(board.size);
    this.#isEnd = new Uint8Array(board.size);
    this.#path = new Int32Array(this.playable);
    this.#moves = new Int32Array(Math.max(this.graph.outTargets.length, 1));
    this.#base = new Int32Array(this.playable + 1);
    this.#next = new Int32Array(this.playable);
    this.#end = new Int32Array(this.playable);
    this.#endsMade = new Int32Array(this.playable);
    this.#nearHead = new Uint8Array(board.size);
    if (board.size <= ADJACENT_MATRIX_SQUARES) {
      const adjacent = new Uint8Array(board.size * board.size);
      const { outOffsets, outTargets } = this.graph;
      for (let a = 0; a < board.size; a++) for (let i = outOffsets[a]!; i < outOffsets[a + 1]!; i++) adjacent[a * board.size + outTargets[i]!] = 1;
      this.#adjacent = adjacent;
    }
    this.#reset();
    this.#sort = ordering.create({ board, onward: this.#onward, rng });
  }

  /** How many moves lead out of a square on the empty board. */
  degree(sq: number): number {
    return this.graph.outOffsets[sq + 1]! - this.graph.outOffsets[sq]!;
  }

  /**
   * Searches every path from `run.start` that begins with `run.prefix` (or until the visitor or the clock stops
   * it), calling `progress` now and then, and `trace` (when a visualiser watches) at every move, retreat and
   * tour found. Squares replayed from the prefix are not counted as nodes.
   */
  search(
    run: TourRun,
    clock: BudgetClock,
    visit: TourVisitor,
    progress: (search: TourSearch) => void = () => {},
    trace?: (event: TraceEvent) => void,
  ): SearchEnd {
    const { start, closed, oncePerCycle } = run;
    const prefix = run.prefix ?? NO_PREFIX;
    const path = this.#path;
    const next = this.#next;
    const end = this.#end;
    const moves = this.#moves;
    const isEnd = this.#isEnd;
    const last = this.playable - 1;
    const maxSteps = clock.maxSteps;

    this.#begin(run, trace);
    // The search never goes back above `floor`: the prefix's last square (the start when there is none).
    const floor = prefix.length === 0 ? 0 : this.#replay(run, prefix, trace);
    if (floor < prefix.length) {
      this.#unwind(floor, trace);
      return 'done';
    }
    if (floor === last) {
      // The path (the start alone on a one-square board, or the whole prefix) is already a tour.
      if (!this.#restricted || last === 0 || isEnd[path[last]!]) {
        this.solutions++;
        this.units += this.#endUnits?.[path[last]!] ?? 1;
        if (trace) trace({ type: 'solution', index: this.solutions - 1 });
        if (visit(path)) return 'stopped';
      }
      this.#unwind(floor, trace);
      return 'done';
    }

    let depth = floor;
    for (;;) {
      const i = next[depth]!;
      if (i < end[depth]!) {
        next[depth] = i + 1;
        if (this.nodes >= maxSteps || (this.nodes & CLOCK_MASK) === 0) {
          if (clock.exhausted(this.nodes)) return clock.reason ?? 'steps';
          if ((this.nodes & PROGRESS_MASK) === 0) progress(this);
        }
        this.nodes++;
        const sq = moves[i]!;
        if (trace) trace({ type: 'move', square: sq, depth: depth + 1, candidates: this.#candidates(depth) });
        path[++depth] = sq;
        this.#enter(sq);
        if (depth >= this.longest) this.longest = depth + 1;
        if (depth === last) {
          if (!this.#restricted || isEnd[sq]) {
            this.solutions++;
            this.units += this.#endUnits?.[sq] ?? 1;
            if (trace) trace({ type: 'solution', index: this.solutions - 1 });
            if (visit(path)) return 'stopped';
          }
          this.#leave(sq);
          if (trace) trace({ type: 'retreat', square: sq, depth });
          depth--;
          this.backtracks++;
          continue;
        }
        if (oncePerCycle && depth === 1) this.#endsAfter(start, sq);
        this.#prepare(depth);
      } else {
        if (depth === floor) {
          this.#unwind(floor, trace);
          return 'done';
        }
        this.#leave(path[depth]!);
        if (trace) trace({ type: 'retreat', square: path[depth]!, depth });
        this.#mustEnd -= this.#endsMade[depth]!;
        depth--;
        this.backtracks++;
      }
    }
  }

  /**
   * The squares the search tries right after the path `run.start, ...run.prefix`, ascending; none when it never
   * reaches that path, when the path is already a whole tour, or when the search cuts the branch there. Each
   * tour the search finds below the path passes exactly one of them, which is how a count is split.
   */
  nextSquares(run: TourRun): number[] {
    const prefix = run.prefix ?? NO_PREFIX;
    this.#begin(run);
    const depth = this.#replay(run, prefix);
    const squares =
      depth === prefix.length && depth < this.playable - 1 ? Array.from(this.#moves.subarray(this.#next[depth]!, this.#end[depth]!)) : [];
    this.#unwind(depth);
    return squares.sort((a, b) => a - b);
  }

  /** Puts the start on an empty board (after any stopped search) and prepares its moves, as every search begins. */
  #begin(run: TourRun, trace?: (event: TraceEvent) => void): void {
    if (this.#dirty) this.#reset();
    this.#dirty = true;
    const { start, closed } = run;
    const { inOffsets, inSources } = this.graph;
    const isEnd = this.#isEnd;
    this.#endsLeft = 0;
    this.#restricted = closed || (run.ends !== undefined && this.playable > 1);
    this.#endUnits = undefined;
    if (closed) {
      for (let i = inOffsets[start]!; i < inOffsets[start + 1]!; i++) isEnd[inSources[i]!] = 1;
      for (let i = inOffsets[start]!; i < inOffsets[start + 1]!; i++) this.#endsLeft += isEnd[inSources[i]!]!;
    } else if (this.#restricted) {
      const ends = run.ends!;
      this.#endUnits = ends;
      for (let sq = 0; sq < ends.length; sq++) {
        if (ends[sq] === 0 || this.board.isRemoved(sq)) continue;
        isEnd[sq] = 1;
        this.#endsLeft++;
      }
    }
    this.#path[0] = start;
    this.#enter(start);
    if (trace) trace({ type: 'move', square: start, depth: 0 });
    this.longest = Math.max(this.longest, 1);
    if (this.playable > 1) this.#prepare(0);
  }

  /**
   * Walks the path down `prefix` the way the search would reach it: each square must be among the candidates
   * prepared one level up; entering it, the `oncePerCycle` rule at depth 1, and preparing its own candidates
   * (with the stranded-square bookkeeping) happen exactly as in the search. Returns the depth reached:
   * `prefix.length` when the whole prefix was taken, less when a square was not a candidate there.
   */
  #replay(run: TourRun, prefix: ArrayLike<number>, trace?: (event: TraceEvent) => void): number {
    const path = this.#path;
    const moves = this.#moves;
    const last = this.playable - 1;
    let depth = 0;
    while (depth < prefix.length && depth < last) {
      const sq = prefix[depth]!;
      let i = this.#next[depth]!;
      const stop = this.#end[depth]!;
      while (i < stop && moves[i] !== sq) i++;
      if (i === stop) return depth;
      if (trace) trace({ type: 'move', square: sq, depth: depth + 1, candidates: this.#candidates(depth) });
      path[++depth] = sq;
      this.#enter(sq);
      if (depth >= this.longest) this.longest = depth + 1;
      if (depth === last) break;
      if (run.oncePerCycle && depth === 1) this.#endsAfter(run.start, sq);
      this.#prepare(depth);
    }
    return depth;
  }

  /** Takes the path back from `depth` to the empty board, leaving the object as new. */
  #unwind(depth: number, trace?: (event: TraceEvent) => void): void {
    const path = this.#path;
    for (; depth > 0; depth--) {
      this.#leave(path[depth]!);
      if (trace) trace({ type: 'retreat', square: path[depth]!, depth });
    }
    // Only squares judged below the start's level count here, and all of them have been left.
    this.#mustEnd = 0;
    this.#finish(path[0]!);
    if (trace) trace({ type: 'retreat', square: path[0]!, depth: 0 });
  }

  /** The moves the square at `depth` considers, in the order tried, with their onward moves: for a trace only. */
  #candidates(depth: number): { square: number; degree: number }[] {
    const list = Array.from(this.#moves.subarray(this.#base[depth]!, this.#end[depth]!));
    return list.map((square) => ({ square, degree: this.#onward[square]! }));
  }

  /** Fills the candidate moves of the square at `depth`, pruned and ordered. */
  #prepare(depth: number): void {
    const { outOffsets, outTargets, symmetric } = this.graph;
    const visited = this.#visited;
    const onward = this.#onward;
    const moves = this.#moves;
    const head = this.#path[depth]!;
    const from = this.#base[depth]!;
    const remaining = this.playable - 1 - depth;
    let to = from;
    this.#endsMade[depth] = 0;
    let dead =
      (this.#restricted && this.#endsLeft === 0) ||
      (symmetric && depth > 0 && this.#strandsSquares(depth));
    for (let i = outOffsets[head]!, stop = outOffsets[head + 1]!; i < stop && !dead; i++) {
      const sq = outTargets[i]!;
      if (visited[sq]) continue;
      if (symmetric && onward[sq] === 0 && remaining > 1) dead = true;
      moves[to++] = sq;
    }
    if (dead) to = from;
    else if (to - from > 1) this.#sort(moves, from, to);
    this.#next[depth] = from;
    this.#end[depth] = to;
    this.#base[depth + 1] = to;
  }

  /**
   * With reversible moves, a square's unvisited neighbours only change while it is next to the head, so the
   * moment to judge it is when the head moves away: squares next to the old head but not the new one. One
   * with a single unvisited neighbour left can only be where the path ends (and, when the ends are restricted,
   * must be an allowed end: for a closed tour one move from the start); two such squares, or one with none, and
   * no tour can follow. Their number is kept per depth so backtracking takes it back.
   */
  #strandsSquares(depth: number): boolean {
    const { outOffsets, outTargets } = this.graph;
    const visited = this.#visited;
    const onward = this.#onward;
    const nearHead = this.#nearHead;
    const head = this.#path[depth]!;
    const previous = this.#path[depth - 1]!;
    let made = 0;
    let dead = false;
    const adjacent = this.#adjacent;
    if (adjacent) {
      const row = head * this.board.size;
      for (let i = outOffsets[previous]!, stop = outOffsets[previous + 1]!; i < stop; i++) {
        const sq = outTargets[i]!;
        if (visited[sq] || onward[sq]! > 1 || adjacent[row + sq]) continue;
        if (onward[sq] === 0 || (this.#restricted && !this.#isEnd[sq])) dead = true;
        made++;
      }
    } else {
      const headFrom = outOffsets[head]!;
      const headTo = outOffsets[head + 1]!;
      for (let i = headFrom; i < headTo; i++) nearHead[outTargets[i]!] = 1;
      for (let i = outOffsets[previous]!, stop = outOffsets[previous + 1]!; i < stop; i++) {
        const sq = outTargets[i]!;
        if (visited[sq] || nearHead[sq] || onward[sq]! > 1) continue;
        if (onward[sq] === 0 || (this.#restricted && !this.#isEnd[sq])) dead = true;
        made++;
      }
      for (let i = headFrom; i < headTo; i++) nearHead[outTargets[i]!] = 0;
    }
    this.#endsMade[depth] = made;
    this.#mustEnd += made;
    return dead || this.#mustEnd > 1;
  }

  /** Keeps each cycle once: the last square must come after the second in square order. */
  #endsAfter(start: number, second: number): void {
    const { inOffsets, inSources } = this.graph;
    let left = 0;
    for (let i = inOffsets[start]!; i < inOffsets[start + 1]!; i++) {
      const sq = inSources[i]!;
      this.#isEnd[sq] = sq >= second ? 1 : 0;
      if (this.#isEnd[sq] && !this.#visited[sq]) left++;
    }
    this.#endsLeft = left;
  }

  #enter(sq: number): void {
    this.#visited[sq] = 1;
    const { inOffsets, inSources } = this.graph;
    const onward = this.#onward;
    for (let i = inOffsets[sq]!, stop = inOffsets[sq + 1]!; i < stop; i++) onward[inSources[i]!]--;
    this.#endsLeft -= this.#isEnd[sq]!;
  }

  #leave(sq: number): void {
    this.#visited[sq] = 0;
    const { inOffsets, inSources } = this.graph;
    const onward = this.#onward;
    for (let i = inOffsets[sq]!, stop = inOffsets[sq + 1]!; i < stop; i++) onward[inSources[i]!]++;
    this.#endsLeft += this.#isEnd[sq]!;
  }

  /** After a finished search only the start is still marked; clearing it leaves the state as new. */
  #finish(start: number): void {
    this.#leave(start);
    this.#isEnd.fill(0);
    this.#endsLeft = 0;
    this.#restricted = false;
    this.#endUnits = undefined;
    this.#dirty = false;
  }

  /** Rebuilds the state from scratch, after a search that stopped part-way. */
  #reset(): void {
    const { outOffsets } = this.graph;
    this.#visited.fill(0);
    this.#isEnd.fill(0);
    this.#endsLeft = 0;
    this.#restricted = false;
    this.#endUnits = undefined;
    this.#mustEnd = 0;
    for (let sq = 0; sq < this.board.size; sq++) this.#onward[sq] = outOffsets[sq + 1]! - outOffsets[sq]!;
    this.#dirty = false;
  }
}
