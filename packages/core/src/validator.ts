import { forEachAttack } from './attacks.js';
import type { Board } from './board.js';
import { lineName, type Vector } from './movement.js';
import type { Piece } from './piece.js';

/** Two pieces that attack each other, and how. */
export interface Conflict {
  readonly a: number;
  readonly b: number;
  /** `rank`, `file`, `diagonal`, `(1,2) line` for rides; `(1,2) leap` for leaps; `attack` for custom rules. */
  readonly via: string;
  readonly message: string;
}

export interface PlacementReport {
  readonly valid: boolean;
  readonly pieces: number;
  readonly conflicts: readonly Conflict[];
  /** Squares off the board, removed or used twice, and a wrong piece count. */
  readonly errors: readonly string[];
}

/** Conflicts beyond this many are counted but not listed: a million-queens board can have millions. */
const MAX_LISTED = 1000;

/**
 * The independent checker of a placement. It shares no code with any strategy: lines are found by sorting
 * line keys, leaps by looking up a set of occupied squares, so a million-piece placement checks in about a second.
 */
export function validatePlacement(board: Board, piece: Piece, squares: readonly number[], expectedK?: number): PlacementReport {
  const errors: string[] = [];
  const seen = new Set<number>();
  const good: number[] = [];
  for (const sq of squares) {
    if (!Number.isSafeInteger(sq) || sq < 0 || sq >= board.size) errors.push(`square ${sq} is not on the ${board} board`);
    else if (board.isRemoved(sq)) errors.push(`${board.name(sq)} has been removed from the board`);
    else if (seen.has(sq)) errors.push(`${board.name(sq)} holds two pieces`);
    else {
      seen.add(sq);
      good.push(sq);
    }
  }
  if (expectedK !== undefined && squares.length !== expectedK) {
    errors.push(`${squares.length} pieces placed, ${expectedK} wanted`);
  }
  const conflicts = new Conflicts(board);
  if (piece.attacks || board.torus) walkEveryAttack(board, piece, good, seen, conflicts);
  else {
    leapConflicts(board, piece.movement.leaps, good, seen, conflicts);
    for (const ride of piece.movement.rides) rideConflicts(board, ride, good, conflicts);
  }
  const list = conflicts.list();
  return { valid: errors.length === 0 && list.length === 0, pieces: squares.length, conflicts: list, errors };
}

class Conflicts {
  readonly #byPair = new Map<string, Conflict>();
  constructor(private readonly board: Board) {}

  add(a: number, b: number, via: string): void {
    // Name the pair left to right, as a reader scans the board: file first, then rank.
    if (this.#order(a) > this.#order(b)) [a, b] = [b, a];
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    if (this.#byPair.has(key) || this.#byPair.size >= MAX_LISTED) return;
    const [na, nb] = [this.board.name(a), this.board.name(b)];
    const message = via.endsWith('leap') ? `${na} and ${nb} are a ${via} apart` : via === 'attack' ? `${na} and ${nb} attack each other` : `${na} and ${nb} share a ${via}`;
    this.#byPair.set(key, { a, b, via, message });
  }

  list(): Conflict[] {
    return [...this.#byPair.values()].sort((x, y) => this.#order(x.a) - this.#order(y.a) || this.#order(x.b) - this.#order(y.b));
  }

  #order(sq: number): number {
    return this.board.col(sq) * this.board.height + this.board.row(sq);
  }
}

function leapConflicts(board: Board, leaps: readonly Vector[], squares: number[], occupied: Set<number>, out: Conflicts): void {
  for (const sq of squares) {
    const row = board.row(sq);
    const col = board.col(sq);
    for (const v of leaps) {
      const target = board.squareAt(row + v.dy, col + v.dx);
      if (target >= 0 && occupied.has(target)) out.add(sq, target, `(${Math.abs(v.dx)},${Math.abs(v.dy)}) leap`);
    }
  }
}

/**
 * Pieces on one line of a ride, in order along it, attack when they are neighbours on the line (any piece
 * between would be attacked itself), within the ride's range and with no removed square between.
 * Squares p and q lie on one line of vector (dx, dy) when the cross product col·dy − row·dx agrees and the
 * offset is a whole number of steps, which the residue of the coordinate along the vector tells.
 */
function rideConflicts(board: Board, ride: Vector & { range?: number }, squares: number[], out: Conflicts): void {
  const { dx, dy } = ride;
  const n = squares.length;
  const keyOf = (sq: number) => {
    const row = board.row(sq);
    const col = board.col(sq);
    const cross = col * dy - row * dx;
    const residue = dx !== 0 ? mod(col, Math.abs(dx)) : mod(row, Math.abs(dy));
    return cross * (Math.abs(dx) + Math.abs(dy)) + residue;
  };
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = keyOf(squares[i]!);
  // Sorting a copy of the keys is the fast native path; only keys that repeat need a closer look.
  const sorted = keys.slice().sort();
  const shared = new Set<number>();
  for (let i = 1; i < n; i++) if (sorted[i] === sorted[i - 1]) shared.add(sorted[i]!);
  if (shared.size === 0) return;

  const byLine = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    if (!shared.has(keys[i]!)) continue;
    let line = byLine.get(keys[i]!);
    if (!line) byLine.set(keys[i]!, (line = []));
    line.push(squares[i]!);
  }
  const along = (sq: number) => (dx !== 0 ? board.col(sq) / dx : board.row(sq) / dy);
  const via = lineName(ride);
  for (const line of byLine.values()) {
    line.sort((p, q) => along(p) - along(q));
    for (let i = 1; i < line.length; i++) {
      const from = line[i - 1]!;
      const to = line[i]!;
      const steps = along(to) - along(from);
      if (ride.range !== undefined && steps > ride.range) continue;
      if (!clearBetween(board, from, dx, dy, steps)) continue;
      out.add(from, to, via);
    }
  }
}

function clearBetween(board: Board, from: number, dx: number, dy: number, steps: number): boolean {
  if (!board.hasRemoved()) return true;
  for (let s = 1; s < steps; s++) {
    if (board.squareAt(board.row(from) + dy * s, board.col(from) + dx * s) < 0) return false;
  }
  return true;
}

/** The slow, rule-agnostic path for custom attack functions and tori: ask the piece what it attacks. */
function walkEveryAttack(board: Board, piece: Piece, squares: number[], occupied: Set<number>, out: Conflicts): void {
  const isOccupied = (sq: number) => occupied.has(sq);
  for (const sq of squares) {
    forEachAttack(board, piece, sq, isOccupied, (t) => {
      if (occupied.has(t)) out.add(sq, t, piece.attacks ? 'attack' : describe(board, sq, t));
    });
  }
}

function describe(board: Board, a: number, b: number): string {
  const v = { dx: board.col(b) - board.col(a), dy: board.row(b) - board.row(a) };
  return lineName(v);
}

function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}

export interface TourReport {
  readonly valid: boolean;
  /** The first problem found, in the words a user reads; undefined when the path is a legal tour. */
  readonly firstError?: string;
  /** Index (0-based move number) of the first illegal or repeated move, if any. */
  readonly errorAt?: number;
  readonly missing: readonly number[];
  readonly missingCount: number;
  /** The last square is one move from the first. */
  readonly closes: boolean;
}

/** The independent checker of a tour: legal moves, no repeats, every square visited, closing when asked. */
export function validateTour(
  board: Board,
  piece: Piece,
  path: ArrayLike<number>,
  options: { closed?: boolean; start?: number } = {},
): TourReport {
  const visited = new Uint8Array(board.size);
  const moves = new Set<string>();
  for (const v of [...piece.movement.leaps, ...piece.movement.rides]) moves.add(`${v.dx},${v.dy}`);
  const isMove = (from: number, to: number) => {
    if (piece.attacks || piece.movement.rides.length > 0 || board.torus) {
      let found = false;
      forEachAttack(board, piece, from, () => false, (t) => (found ||= t === to));
      return found;
    }
    return moves.has(`${board.col(to) - board.col(from)},${board.row(to) - board.row(from)}`);
  };

  let firstError: string | undefined;
  let errorAt: number | undefined;
  const note = (at: number, message: string) => {
    if (firstError === undefined) {
      firstError = message;
      errorAt = at;
    }
  };
  if (path.length === 0) note(0, 'the tour is empty');
  if (options.start !== undefined && path.length > 0 && path[0] !== options.start) {
    note(0, `the tour starts on ${board.name(path[0]!)}, not on ${board.name(options.start)}`);
  }
  for (let i = 0; i < path.length; i++) {
    const sq = path[i]!;
    if (!Number.isSafeInteger(sq) || sq < 0 || sq >= board.size || board.isRemoved(sq)) {
      note(i, `square ${i + 1} of the tour (${sq}) is not on the board`);
      break;
    }
    if (visited[sq]) {
      const earlier = Array.prototype.indexOf.call(path, sq) as number;
      note(i, `move ${i} returns to ${board.name(sq)}, already visited at step ${earlier + 1}`);
      break;
    }
    visited[sq] = 1;
    if (i > 0 && !isMove(path[i - 1]!, sq)) {
      note(i, `move ${i} from ${board.name(path[i - 1]!)} to ${board.name(sq)} is not a ${piece.name}'s move`);
      break;
    }
  }
  const missing: number[] = [];
  let missingCount = 0;
  for (let sq = 0; sq < board.size; sq++) {
    if (!visited[sq] && !board.isRemoved(sq)) {
      missingCount++;
      if (missing.length < MAX_LISTED) missing.push(sq);
    }
  }
  const closes = path.length > 1 && firstError === undefined && isMove(path[path.length - 1]!, path[0]!);
  if (firstError === undefined && missingCount > 0) {
    note(path.length, `${missingCount} square${missingCount === 1 ? ' is' : 's are'} never visited: ${missing.slice(0, 10).map((s) => board.name(s)).join(', ')}${missingCount > 10 ? ', …' : ''}`);
  }
  if (firstError === undefined && options.closed && !closes) {
    note(path.length, `the tour does not close: ${board.name(path[path.length - 1]!)} is not one move from ${board.name(path[0]!)}`);
  }
  return { valid: firstError === undefined, firstError, errorAt, missing, missingCount, closes };
}
