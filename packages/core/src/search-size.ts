import { forEachAttack } from './attacks.js';
import type { Board } from './board.js';
import { attacksWholeRank, isReversible, type Movement } from './movement.js';
import type { Piece } from './piece.js';
import { Rng } from './rng.js';

/** What a depth-first search for k non-attacking pieces will meet, estimated before it runs. */
export interface PlacementSearchSize {
  /** Partial placements of 1…k pieces the search visits (an upper bound where it prunes more than by rows). */
  readonly nodes: number;
  /** Placements of all k pieces: the count the search would give. */
  readonly solutions: number;
  /** The share of random probes that placed all k pieces (half a probe's share when none did). */
  readonly reached: number;
}

/**
 * Nodes a search stopping at its first solution visits, estimated as a restarting random search would: k nodes a
 * try, 1/reached tries. The least certain of the estimates: a depth-first search in square order meets the dead
 * ends of its own order, which random probes do not (20 queens take 199,633 nodes where this says 300; a dense
 * placement with no probe reaching k counts as half a probe reaching it). Never more than the whole tree.
 */
export function nodesToFirst(size: PlacementSearchSize, k: number): number {
  return Math.min(size.nodes, k / size.reached);
}

/** Work (squares marked or drawn) all probes of one estimate may do: a few milliseconds. */
const PROBE_WORK = 100_000;
const MIN_PROBES = 16;
const MAX_PROBES = 128;
/** A tree this small is not worth probing: its bound is answer enough. */
const TINY_TREE = 2_000;
/** Estimates kept per piece (a long-lived page or experiment asks about many boards). */
const CACHED = 256;
/** Squares one probe may mark at most. */
const MAX_MARKS = 1 << 22;
/** Boards larger than this keep blocked squares in a Set, so an estimate never allocates the board. */
const DENSE_LIMIT = 1 << 22;

/**
 * Whether a placement can go one piece a row: k = height pieces that each ride their whole rank, on a board with
 * no holes (n queens, n rooks). A search then puts piece d in row d, and its tree is `placementSearchSize`'s
 * `oneRowEach` one.
 */
export function onePieceARow(board: Board, piece: Piece, k: number): boolean {
  return !piece.attacks && attacksWholeRank(piece.movement) && k === board.height && !board.hasRemoved();
}

/**
 * Estimates the size of a placement search by Knuth's random probes (Knuth 1975, "Estimating the efficiency of
 * backtrack programs"): each probe walks one random branch from the root and multiplies the branching factors it
 * meets, which is an unbiased estimate of the number of nodes at each depth. Averaged over up to 128 probes it is
 * right within a factor of two on the bench's cases (bench/sections/85-auto.ts) and costs a few milliseconds; the
 * count of complete placements is rougher on deep trees, which few probes reach.
 *
 * `oneRowEach` is the tree of a search that puts piece d in row d (a piece that rides its whole rank, k = height):
 * the children of a node are the free squares of the next row. Otherwise the tree is that of any search taking
 * squares in increasing order: its nodes at depth d are the d-piece placements, estimated from random sequential
 * placements (the product of the free squares met, over d!). Seeded, so the same task gets the same estimate.
 */
export function placementSearchSize(board: Board, piece: Piece, k: number, oneRowEach: boolean): PlacementSearchSize {
  const key = `${board.width}x${board.height}:${board.removed.join(',')}:${board.torus}:${k}:${oneRowEach}`;
  let perPiece = cache.get(piece);
  if (!perPiece) cache.set(piece, (perPiece = new Map()));
  let size = perPiece.get(key);
  if (!size) {
    size = treeBound(board, k, oneRowEach) ?? probe(board, piece, k, oneRowEach);
    if (perPiece.size >= CACHED) perPiece.delete(perPiece.keys().next().value!);
    perPiece.set(key, size);
  }
  return size;
}

const cache = new WeakMap<Piece, Map<string, PlacementSearchSize>>();

/** Every subset of at most k squares (or one square a row), when there are few: an upper bound, with no probing. */
function treeBound(board: Board, k: number, oneRowEach: boolean): PlacementSearchSize | undefined {
  let nodes = 0;
  let level = 1;
  for (let d = 1; d <= k; d++) {
    level = oneRowEach ? level * board.width : (level * (board.playable - d + 1)) / d;
    nodes += level;
    if (nodes > TINY_TREE) return undefined;
  }
  return { nodes, solutions: level, reached: 1 };
}

/**
 * The probes themselves (exported for the test that the forward-only walk changes no estimate): one piece a row
 * on a board that does not wrap, a placement blocks only the rows below it that the probe still asks about.
 */
export function probe(board: Board, piece: Piece, k: number, oneRowEach: boolean, forwardOnly = oneRowEach && !board.torus): PlacementSearchSize {
  if (k === 0) return { nodes: 0, solutions: 1, reached: 1 };
  const full = new Marks(board, piece, forwardOnly);
  const marks = forwardOnly && oneRowEach && !piece.attacks && board.width <= 32 ? new RowMarks(board, full.vectors) : full;
  // A single probe would mark more squares than an estimate should touch: a search this size is beyond any budget.
  if (k * full.reach > MAX_MARKS) return { nodes: Number.MAX_VALUE, solutions: 0, reached: 1 / MIN_PROBES };
  const rng = new Rng(0x5eed);
  const perProbe = k * (full.reach + 4);
  const probes = Math.max(MIN_PROBES, Math.min(MAX_PROBES, Math.floor(PROBE_WORK / perProbe)));
  let nodes = 0;
  let solutions = 0;
  let reached = 0;
  for (let p = 0; p < probes; p++) {
    marks.clear();
    let weight = 1;
    for (let depth = 0; depth < k; depth++) {
      const children = oneRowEach ? marks.freeInRow(depth) : full.free;
      if (children === 0 || (!oneRowEach && children < k - depth)) break;
      weight *= oneRowEach ? children : children / (depth + 1);
      nodes += weight;
      if (depth === k - 1) {
        solutions += weight;
        reached++;
        break;
      }
      const sq = oneRowEach ? marks.drawInRow(depth, rng, children) : full.draw(rng);
      if (sq < 0) break;
      marks.place(sq);
    }
  }
  return { nodes: nodes / probes, solutions: solutions / probes, reached: Math.max(reached, 0.5) / probes };
}

/** The squares one probe has made unavailable: occupied, attacked, attacking (for one-way pieces) or removed. */
class Marks {
  free: number;
  /** Squares one placement marks at most (a bound, for the work estimate). */
  readonly reach: number;
  readonly #board: Board;
  readonly #piece: Piece;
  /** dx, dy and steps of every vector walked (a leap is one step), with the reversed ones of a one-way piece. */
  readonly vectors: Int32Array;
  readonly #stamps: Int32Array | undefined;
  readonly #set: Set<number> | undefined;
  #stamp = 0;
  /** {@link Marks.place}'s visit, made once. */
  readonly #blockSquare = (t: number) => this.#block(t);

  /**
   * `forwardOnly`: only the rows below the last placement are asked about (a search one piece a row, on a board
   * that does not wrap), so only the vectors that go down are walked — for a queen three of its eight, the same
   * free squares in every row still to come. `reach` (and so the number of probes) counts every vector all the same.
   */
  constructor(board: Board, piece: Piece, forwardOnly = false) {
    this.#board = board;
    this.#piece = piece;
    const side = board.torus ? board.width + board.height : Math.max(board.width, board.height);
    const m = piece.movement;
    // A one-way piece conflicts with the squares that attack it too: its own vectors turned round.
    const all = isReversible(m) ? [m] : [m, reversed(m)];
    const vectors: number[] = [];
    let reach = 0;
    for (const { leaps, rides } of all) {
      const add = (dx: number, dy: number, steps: number) => {
        reach += steps;
        if (!forwardOnly || dy > 0) vectors.push(dx, dy, steps);
      };
      for (const v of leaps) add(v.dx, v.dy, 1);
      for (const r of rides) add(r.dx, r.dy, Math.min(r.range ?? side, side));
    }
    this.vectors = Int32Array.from(vectors);
    this.reach = piece.attacks ? 64 : reach;
    if (board.size <= DENSE_LIMIT) this.#stamps = new Int32Array(board.size);
    else this.#set = new Set();
    this.free = board.playable;
  }

  clear(): void {
    this.#stamp++;
    this.#set?.clear();
    this.free = this.#board.playable;
  }

  #blocked(sq: number): boolean {
    return this.#stamps ? this.#stamps[sq] === this.#stamp : this.#set!.has(sq);
  }

  #block(sq: number): void {
    if (sq < 0 || this.#blocked(sq) || this.#board.isRemoved(sq)) return;
    if (this.#stamps) this.#stamps[sq] = this.#stamp;
    else this.#set!.add(sq);
    this.free--;
  }

  place(sq: number): void {
    this.#block(sq);
    if (this.#piece.attacks) {
      forEachAttack(this.#board, this.#piece, sq, () => false, this.#blockSquare);
      return;
    }
    eachRaySquare(this.#board, this.vectors, sq, this.#blockSquare);
  }

  /**
   * A uniformly random free square: drawn and redrawn while free squares are common, listed when they are rare;
   * -1 when they are rare on a board too large to list.
   */
  draw(rng: Rng): number {
    const size = this.#board.size;
    if (this.free * 16 < this.#board.playable && size > DENSE_LIMIT) return -1;
    if (this.free * 16 >= this.#board.playable) {
      for (;;) {
        const sq = rng.below(size);
        if (!this.#blocked(sq) && !this.#board.isRemoved(sq)) return sq;
      }
    }
    let skip = rng.below(this.free);
    for (let sq = 0; sq < size; sq++) {
      if (this.#blocked(sq) || this.#board.isRemoved(sq)) continue;
      if (skip-- === 0) return sq;
    }
    throw new Error('placementSearchSize: no free square to draw');
  }

  freeInRow(row: number): number {
    let n = 0;
    for (let sq = row * this.#board.width, end = sq + this.#board.width; sq < end; sq++) if (!this.#blocked(sq) && !this.#board.isRemoved(sq)) n++;
    return n;
  }

  /** A uniformly random free square of the row, of the `free` there are (counted again when not given). */
  drawInRow(row: number, rng: Rng, free = this.freeInRow(row)): number {
    let skip = rng.below(free);
    for (let sq = row * this.#board.width; ; sq++) {
      if (this.#blocked(sq) || this.#board.isRemoved(sq)) continue;
      if (skip-- === 0) return sq;
    }
  }
}

/**
 * Each square a piece on `sq` reaches along `vectors` (dx, dy, steps), a ray ending at the board's edge (going
 * round on a torus, back to `sq` at the most) or before a removed square. What both kinds of marks block.
 */
function eachRaySquare(board: Board, vectors: Int32Array, sq: number, visit: (t: number) => void): void {
  const { width, height, torus } = board;
  const row = Math.floor(sq / width);
  const col = sq - row * width;
  for (let i = 0; i < vectors.length; i += 3) {
    const dx = vectors[i]!;
    const dy = vectors[i + 1]!;
    const range = vectors[i + 2]!;
    let r = row;
    let c = col;
    for (let step = 1; step <= range; step++) {
      r += dy;
      c += dx;
      if (torus) {
        r = ((r % height) + height) % height;
        c = ((c % width) + width) % width;
      } else if (r < 0 || r >= height || c < 0 || c >= width) break;
      const t = r * width + c;
      if (t === sq || board.isRemoved(t)) break;
      visit(t);
    }
  }
}

/**
 * The marks of a probe one piece a row, down a board at most 32 wide that does not wrap: a mask of blocked squares
 * a row, so that a row's free squares are one popcount and a draw a few bit steps (the same squares, in the same
 * order, as {@link Marks}: the same estimate). 16 queens' probes 3.2 → 1 ms, run once a command, cold.
 */
class RowMarks {
  readonly #board: Board;
  readonly #width: number;
  readonly #full: number;
  readonly #vectors: Int32Array;
  /** Removed squares a row: blocked from the start (a ride ends at one: {@link eachRaySquare}). */
  readonly #removed: Int32Array;
  readonly #blocked: Int32Array;
  readonly #holes: boolean;

  constructor(board: Board, vectors: Int32Array) {
    this.#board = board;
    this.#width = board.width;
    this.#full = board.width === 32 ? -1 : (1 << board.width) - 1;
    this.#vectors = vectors;
    this.#removed = new Int32Array(board.height);
    for (const sq of board.removed) this.#removed[board.row(sq)]! |= 1 << board.col(sq);
    this.#blocked = new Int32Array(board.height);
    this.#holes = board.hasRemoved();
  }

  clear(): void {
    this.#blocked.set(this.#removed);
  }

  freeInRow(row: number): number {
    let x = ~this.#blocked[row]! & this.#full;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
  }

  drawInRow(row: number, rng: Rng, free = this.freeInRow(row)): number {
    let bits = ~this.#blocked[row]! & this.#full;
    for (let skip = rng.below(free); skip > 0; skip--) bits &= bits - 1;
    return row * this.#width + 31 - Math.clz32(bits & -bits);
  }

  place(sq: number): void {
    if (this.#holes) return eachRaySquare(this.#board, this.#vectors, sq, this.#mark);
    // No removed square ends a ray: each vector's squares are marked a row at a time, with no call a square.
    const width = this.#width;
    const height = this.#board.height;
    const row = Math.floor(sq / width);
    const col = sq - row * width;
    const vectors = this.#vectors;
    for (let i = 0; i < vectors.length; i += 3) {
      const dx = vectors[i]!;
      const dy = vectors[i + 1]!;
      for (let step = 1, r = row + dy, c = col + dx; step <= vectors[i + 2]! && r < height && c >= 0 && c < width; step++, r += dy, c += dx) {
        this.#blocked[r]! |= 1 << c;
      }
    }
  }

  /** {@link RowMarks.place}'s visit, made once. */
  readonly #mark = (t: number) => {
    const row = Math.floor(t / this.#width);
    this.#blocked[row]! |= 1 << (t - row * this.#width);
  };
}

function reversed(m: Movement): Movement {
  return {
    leaps: m.leaps.map((v) => ({ dx: -v.dx, dy: -v.dy })),
    rides: m.rides.map((r) => ({ ...r, dx: -r.dx, dy: -r.dy })),
  };
}
