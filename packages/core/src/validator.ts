import { forEachAttack } from './attacks.js';
import type { Board } from './board.js';
import { lineSums, magicShortfall, type LineSums } from './magic-sums.js';
import { lineName, type Vector } from './movement.js';
import type { Piece } from './piece.js';
import type { MagicKind } from './problem.js';

/** Two pieces that attack each other, and how. */
export interface Conflict {
  /** One piece's square. */
  readonly a: number;
  /** The other's. */
  readonly b: number;
  /** `rank`, `file`, `diagonal`, `(1,2) line` for rides; `(1,2) leap` for leaps; `attack` for custom rules. */
  readonly via: string;
  /** The pair in words: "a1 and d4 share a diagonal". */
  readonly message: string;
}

/** What `validatePlacement` found. */
export interface PlacementReport {
  /** No two pieces attack each other, every square is on the board and used once, and k is right. */
  readonly valid: boolean;
  /** How many pieces were given. */
  readonly pieces: number;
  /** The attacking pairs, the first {@link MAX_LISTED} of them in board order. */
  readonly conflicts: readonly Conflict[];
  /** How many attacking pairs there are in all (more than are listed on a crowded board). */
  readonly conflictCount: number;
  /** Squares off the board, removed or used twice, and a wrong piece count. */
  readonly errors: readonly string[];
}

/** Conflicts and errors beyond this many are counted but not listed: a million-queens board can have millions. */
export const MAX_LISTED = 1000;

/**
 * The independent checker of a placement. It shares no code with any strategy, and takes time linear in the
 * pieces (and the board's sides): the squares are grouped rank by rank with a counting sort; pieces share a line
 * of a ride when their line numbers agree, which a table of line counts finds; leaps look up the target's rank.
 * Ten million queens check in a fraction of a second.
 */
export function validatePlacement(board: Board, piece: Piece, squares: readonly number[], expectedK?: number): PlacementReport {
  if (acceptedAtOnce(board, piece, squares, expectedK)) return { valid: true, pieces: squares.length, conflicts: [], conflictCount: 0, errors: [] };
  const errors = new Errors();
  const good = new Float64Array(squares.length);
  let n = 0;
  for (const sq of squares) {
    if (!Number.isSafeInteger(sq) || sq < 0 || sq >= board.size) errors.add(`square ${sq} is not on the ${board} board`);
    else if (board.isRemoved(sq)) errors.add(`${board.name(sq)} has been removed from the board`);
    else good[n++] = sq;
  }
  const placed = new RankOrder(board, good.subarray(0, n));
  for (const sq of placed.duplicates) errors.add(`${board.name(sq)} holds two pieces`);
  if (expectedK !== undefined && squares.length !== expectedK) {
    errors.add(`${squares.length} pieces placed, ${expectedK} wanted`);
  }
  const conflicts = new Conflicts(board);
  if (piece.attacks || board.torus) walkEveryAttack(board, piece, placed, conflicts);
  else {
    leapConflicts(board, piece.movement.leaps, placed, conflicts);
    for (const line of lineDirections(piece.movement.rides)) rideConflicts(board, line, placed, conflicts);
  }
  const list = conflicts.list();
  return { valid: errors.count === 0 && conflicts.count === 0, pieces: squares.length, conflicts: list, conflictCount: conflicts.count, errors: errors.list() };
}

/**
 * Most answers are right, and a right answer of a rider needs no sorting to be seen right: it is enough that
 * every square is on the board and no two pieces share a line of a ride (which also rules out a square given
 * twice). One pass works out ranks and files, one pass a line direction marks line numbers in a byte table.
 * Anything this cannot accept — a shared line, a leap, a custom rule, a torus, a hole, a huge line table — goes
 * through the full check, which names what is wrong; so this path only ever says yes.
 */
function acceptedAtOnce(board: Board, piece: Piece, squares: readonly number[], expectedK: number | undefined): boolean {
  const { leaps, rides } = piece.movement;
  if (piece.attacks || board.torus || board.hasRemoved() || leaps.length > 0 || rides.length === 0) return false;
  if (expectedK !== undefined && squares.length !== expectedK) return false;
  const n = squares.length;
  const lines = lineDirections(rides).map((line) => lineKeys(board, line));
  if (lines.some((line) => line.span > 4 * n + 65_536)) return false;
  const rows = new Int32Array(n);
  const cols = new Int32Array(n);
  const { width, size } = board;
  for (let i = 0; i < n; i++) {
    const sq = squares[i]!;
    if (!Number.isSafeInteger(sq) || sq < 0 || sq >= size) return false;
    const row = Math.floor(sq / width);
    rows[i] = row;
    cols[i] = sq - row * width;
  }
  for (const { key, span } of lines) {
    // A bit a line number: the table of a ten-million board's diagonals stays in 2.5 MB of cache, not 20.
    const seen = new Int32Array((span >>> 5) + 1);
    for (let i = 0; i < n; i++) {
      const line = key(rows[i]!, cols[i]!);
      const bit = 1 << (line & 31);
      if ((seen[line >>> 5]! & bit) !== 0) return false;
      seen[line >>> 5]! |= bit;
    }
  }
  return true;
}

class Errors {
  readonly #listed: string[] = [];
  count = 0;

  add(message: string): void {
    this.count++;
    if (this.#listed.length < MAX_LISTED) this.#listed.push(message);
  }

  list(): string[] {
    return this.count > this.#listed.length ? [...this.#listed, `… and ${this.count - this.#listed.length} more`] : this.#listed;
  }
}

/**
 * The distinct squares in board order (rank by rank, files ascending), with where each rank starts when ranks
 * are few enough to index; squares given twice are set aside as duplicates.
 */
class RankOrder {
  readonly squares: Float64Array;
  /** `squares[rankStart[r] .. rankStart[r + 1]]` lie on rank r; undefined on boards with far more ranks than pieces. */
  readonly rankStart: Int32Array | undefined;
  readonly duplicates: number[] = [];
  /** Rank and file of each square, worked out once for every line and leap to read. */
  readonly rows: Int32Array;
  readonly cols: Int32Array;

  constructor(
    private readonly board: Board,
    given: Float64Array,
  ) {
    const sorted = new Float64Array(given.length);
    if (board.height <= 4 * given.length + 65_536) {
      // Counting sort by rank: linear, where a comparison sort of ten million squares takes seconds.
      const start = new Int32Array(board.height + 1);
      for (const sq of given) start[board.row(sq) + 1]!++;
      for (let r = 0; r < board.height; r++) start[r + 1]! += start[r]!;
      const next = start.slice(0, board.height);
      for (const sq of given) sorted[next[board.row(sq)]!++] = sq;
      for (let r = 0; r < board.height; r++) if (start[r + 1]! - start[r]! > 1) sortRun(sorted, start[r]!, start[r + 1]!);
      this.rankStart = start;
    } else {
      sorted.set(given);
      sorted.sort();
      this.rankStart = undefined;
    }
    // Squares given twice sit side by side now: keep one of each.
    let kept = 0;
    for (let i = 0; i < sorted.length; i++) {
      if (i > 0 && sorted[i] === sorted[i - 1]) {
        if (this.duplicates.at(-1) !== sorted[i]) this.duplicates.push(sorted[i]!);
        continue;
      }
      sorted[kept++] = sorted[i]!;
    }
    this.squares = sorted.subarray(0, kept);
    if (kept < sorted.length && this.rankStart) this.rankStart = rankStarts(board, this.squares);
    this.rows = new Int32Array(kept);
    this.cols = new Int32Array(kept);
    for (let i = 0; i < kept; i++) {
      const row = Math.floor(this.squares[i]! / board.width);
      this.rows[i] = row;
      this.cols[i] = this.squares[i]! - row * board.width;
    }
  }

  /** Whether a piece stands on `sq`. */
  has(sq: number): boolean {
    const row = this.board.row(sq);
    let lo = this.rankStart ? this.rankStart[row]! : 0;
    let hi = this.rankStart ? this.rankStart[row + 1]! : this.squares.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.squares[mid]! < sq) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.squares.length && this.squares[lo] === sq;
  }
}

function rankStarts(board: Board, squares: Float64Array): Int32Array {
  const start = new Int32Array(board.height + 1);
  for (const sq of squares) start[board.row(sq) + 1]!++;
  for (let r = 0; r < board.height; r++) start[r + 1]! += start[r]!;
  return start;
}

/** Sorts `a[from..to)` in place: an insertion sort for the few pieces a rank holds, the native sort beyond. */
function sortRun(a: Float64Array, from: number, to: number): void {
  if (to - from > 32) {
    a.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const v = a[i]!;
    let j = i - 1;
    while (j >= from && a[j]! > v) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = v;
  }
}

class Conflicts {
  readonly #listed = new Map<string, Conflict>();
  readonly #seen = new Set<string>();
  count = 0;
  constructor(private readonly board: Board) {}

  add(a: number, b: number, via: string): void {
    // Name the pair left to right, as a reader scans the board: file first, then rank.
    if (this.#order(a) > this.#order(b)) [a, b] = [b, a];
    const key = `${a},${b}`;
    // A pair is one conflict however many ways its pieces attack each other.
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.count++;
    if (this.#listed.size >= MAX_LISTED) return;
    const [na, nb] = [this.board.name(a), this.board.name(b)];
    const message = via.endsWith('leap') ? `${na} and ${nb} are a ${via} apart` : via === 'attack' ? `${na} and ${nb} attack each other` : `${na} and ${nb} share a ${via}`;
    this.#listed.set(key, { a, b, via, message });
  }

  list(): Conflict[] {
    return [...this.#listed.values()].sort((x, y) => this.#order(x.a) - this.#order(y.a) || this.#order(x.b) - this.#order(y.b));
  }

  #order(sq: number): number {
    return this.board.col(sq) * this.board.height + this.board.row(sq);
  }
}

function leapConflicts(board: Board, leaps: readonly Vector[], placed: RankOrder, out: Conflicts): void {
  if (leaps.length === 0) return;
  const { squares, rows, cols } = placed;
  for (let i = 0; i < squares.length; i++) {
    for (const v of leaps) {
      const target = board.squareAt(rows[i]! + v.dy, cols[i]! + v.dx);
      if (target >= 0 && target !== squares[i] && placed.has(target)) out.add(squares[i]!, target, `(${Math.abs(v.dx)},${Math.abs(v.dy)}) leap`);
    }
  }
}

/**
 * A line direction of a ride: `dx, dy` with dy > 0, or dy = 0 and dx > 0; how far a piece reaches along it
 * forwards and backwards (undefined: no limit; -1: no ride that way, for one-way pieces).
 */
interface LineDirection {
  readonly dx: number;
  readonly dy: number;
  readonly forward: number | undefined;
  readonly backward: number | undefined;
}

function lineDirections(rides: readonly (Vector & { range?: number })[]): LineDirection[] {
  const byLine = new Map<string, { dx: number; dy: number; forward: number | undefined; backward: number | undefined }>();
  // Two rides along one line direction (of different ranges) reach as far as the longer.
  const reach = (old: number | undefined, range: number | undefined) => (old === -1 ? range : old === undefined || range === undefined ? undefined : Math.max(old, range));
  for (const ride of rides) {
    const flip = ride.dy < 0 || (ride.dy === 0 && ride.dx < 0);
    const dx = flip ? -ride.dx : ride.dx;
    const dy = flip ? -ride.dy : ride.dy;
    const key = `${dx},${dy}`;
    const line = byLine.get(key) ?? { dx, dy, forward: -1, backward: -1 };
    if (flip) line.backward = reach(line.backward, ride.range);
    else line.forward = reach(line.forward, ride.range);
    byLine.set(key, line);
  }
  return [...byLine.values()];
}

/**
 * Pieces on one line of a ride attack when they are neighbours on the line (any piece between would be
 * attacked itself), within the ride's reach and with no removed square between. Squares p and q lie on one line
 * of direction (dx, dy) when the cross product col·dy − row·dx agrees and the offset is a whole number of steps,
 * which the residue of the coordinate along the direction tells. Counting pieces per line number finds the
 * shared lines in one pass; only their pieces are looked at closer.
 */
function rideConflicts(board: Board, line: LineDirection, placed: RankOrder, out: Conflicts): void {
  const { dx, dy } = line;
  const adx = Math.abs(dx);
  const { squares, rows, cols } = placed;
  const { key, span } = lineKeys(board, line);
  const keyAt = (i: number) => key(rows[i]!, cols[i]!);
  const shared = new Set<number>();
  if (span <= 4 * squares.length + 65_536) {
    const seen = new Uint8Array(span);
    for (let i = 0; i < squares.length; i++) {
      const key = keyAt(i);
      if (seen[key]) shared.add(key);
      else seen[key] = 1;
    }
  } else {
    const keys = Float64Array.from({ length: squares.length }, (_, i) => keyAt(i)).sort();
    for (let i = 1; i < keys.length; i++) if (keys[i] === keys[i - 1]) shared.add(keys[i]!);
  }
  if (shared.size === 0) return;

  const byLine = new Map<number, number[]>();
  for (let i = 0; i < squares.length; i++) {
    const key = keyAt(i);
    if (!shared.has(key)) continue;
    let onLine = byLine.get(key);
    if (!onLine) byLine.set(key, (onLine = []));
    onLine.push(squares[i]!);
  }
  // Position along the line, in whole steps of (dx, dy): integers, so no rounding can make 1 step 0.999….
  const along = (sq: number) => (dx !== 0 ? (board.col(sq) - (board.col(sq) % adx)) / dx : (board.row(sq) - (board.row(sq) % dy)) / dy);
  const via = lineName(line);
  for (const onLine of byLine.values()) {
    onLine.sort((p, q) => along(p) - along(q));
    for (let i = 1; i < onLine.length; i++) {
      const from = onLine[i - 1]!;
      const to = onLine[i]!;
      const distance = along(to) - along(from);
      const reaches = (range: number | undefined) => range === undefined || (range >= 0 && distance <= range);
      if (!reaches(line.forward) && !reaches(line.backward)) continue;
      if (!clearBetween(board, from, dx, dy, distance)) continue;
      out.add(from, to, via);
    }
  }
}

/**
 * Numbers for the lines of one direction: squares share a number when they lie on one line. The number is the
 * cross product col·dy − row·dx (shifted to start at 0), times the steps of the direction, plus the residue of
 * the coordinate along it, which tells apart parallel lines that interleave (a (1,2) rider's); `span` bounds them.
 */
function lineKeys(board: Board, line: LineDirection): { readonly key: (row: number, col: number) => number; readonly span: number } {
  const { dx, dy } = line;
  const adx = Math.abs(dx);
  const steps = adx + dy;
  const crossMin = dx > 0 ? -(board.height - 1) * dx : 0;
  const interleaved = dx !== 0 ? adx > 1 : dy > 1;
  const key =
    !interleaved ? (row: number, col: number) => (col * dy - row * dx - crossMin) * steps
    : dx !== 0 ? (row: number, col: number) => (col * dy - row * dx - crossMin) * steps + (col % adx)
    : (row: number, col: number) => (col * dy - row * dx - crossMin) * steps + (row % dy);
  return { key, span: ((board.width - 1) * dy + (board.height - 1) * adx + 1) * steps };
}

function clearBetween(board: Board, from: number, dx: number, dy: number, steps: number): boolean {
  if (!board.hasRemoved()) return true;
  for (let s = 1; s < steps; s++) {
    if (board.squareAt(board.row(from) + dy * s, board.col(from) + dx * s) < 0) return false;
  }
  return true;
}

/** The slow, rule-agnostic path for custom attack functions and tori: ask the piece what it attacks. */
function walkEveryAttack(board: Board, piece: Piece, placed: RankOrder, out: Conflicts): void {
  const isOccupied = (sq: number) => placed.has(sq);
  for (const sq of placed.squares) {
    forEachAttack(board, piece, sq, isOccupied, (t) => {
      if (t !== sq && placed.has(t)) out.add(sq, t, piece.attacks ? 'attack' : describe(board, sq, t));
    });
  }
}

function describe(board: Board, a: number, b: number): string {
  const v = { dx: board.col(b) - board.col(a), dy: board.row(b) - board.row(a) };
  return lineName(v);
}

/** What `validateTour` found. */
export interface TourReport {
  /** Every move legal, no square twice, every square visited, and closed when asked. */
  readonly valid: boolean;
  /** The first problem found, in the words a user reads; undefined when the path is a legal tour. */
  readonly firstError?: string;
  /** Index (0-based move number) of the first illegal or repeated move, if any. */
  readonly errorAt?: number;
  /** Squares never visited, ascending (the first 1000 at most). */
  readonly missing: readonly number[];
  /** How many squares were never visited. */
  readonly missingCount: number;
  /** The last square is one move from the first. */
  readonly closes: boolean;
  /** Rank, file and diagonal sums of the numbering, when asked for (or a magic tour was) and the tour is whole. */
  readonly sums?: LineSums;
}

/** What a tour must be, beyond a legal walk over every square: what `validateTour` also checks. */
export interface TourCheckOptions {
  /** The last square must be one move from the first. */
  readonly closed?: boolean;
  /** The tour must start on this square. */
  readonly start?: number;
  /** The numbering must be semi-magic or magic: the first line that misses is the error. */
  readonly magic?: MagicKind;
  /** Report the line sums of a whole tour (on a board without removed squares) even when no magic is asked. */
  readonly sums?: boolean;
}

/**
 * The independent checker of a tour: legal moves, no repeats, every square visited, closing when asked, and for a
 * magic tour the sums of its lines (one more pass over the path).
 */
export function validateTour(board: Board, piece: Piece, path: ArrayLike<number>, options: TourCheckOptions = {}): TourReport {
  const visited = new Uint8Array(board.size);
  const isMove = moveTest(board, piece);

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
  // Every square of the path is on the board, new, and one move from the last: the path is a walk.
  let walk = true;
  for (let i = 0; i < path.length; i++) {
    const sq = path[i]!;
    if (!Number.isSafeInteger(sq) || sq < 0 || sq >= board.size || board.isRemoved(sq)) {
      note(i, `square ${i + 1} of the tour (${sq}) is not on the board`);
      walk = false;
      break;
    }
    if (visited[sq]) {
      const earlier = Array.prototype.indexOf.call(path, sq) as number;
      note(i, `move ${i} returns to ${board.name(sq)}, already visited at step ${earlier + 1}`);
      walk = false;
      break;
    }
    visited[sq] = 1;
    if (i > 0 && !isMove(path[i - 1]!, sq)) {
      note(i, `move ${i} from ${board.name(path[i - 1]!)} to ${board.name(sq)} is not a ${piece.name}'s move`);
      walk = false;
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
  // Sums mean something only for a numbering of every square of whole lines.
  const whole = walk && missingCount === 0 && !board.hasRemoved();
  const sums = whole && (options.magic || options.sums) ? lineSums(board, path) : undefined;
  if (options.magic && firstError === undefined) {
    const shortfall = sums ? magicShortfall(sums, options.magic) : `a ${options.magic === 'semi' ? 'semi-magic' : 'magic'} tour needs a board without removed squares`;
    if (shortfall) note(path.length, shortfall);
  }
  return { valid: firstError === undefined, firstError, errorAt, missing, missingCount, closes, ...(sums ? { sums } : {}) };
}

/**
 * Whether a piece moves from one square to another in one move. A leaper's moves are a table indexed by the
 * offset (no allocation per step: a 3000×3000 tour has nine million of them); rides, custom rules and tori ask
 * the piece what it attacks.
 */
function moveTest(board: Board, piece: Piece): (from: number, to: number) => boolean {
  if (piece.attacks || piece.movement.rides.length > 0 || board.torus) {
    return (from, to) => {
      let found = false;
      forEachAttack(board, piece, from, () => false, (t) => (found ||= t === to));
      return found;
    };
  }
  const reach = Math.max(0, ...piece.movement.leaps.map((v) => Math.max(Math.abs(v.dx), Math.abs(v.dy))));
  const side = 2 * reach + 1;
  const table = new Uint8Array(side * side);
  for (const v of piece.movement.leaps) table[(v.dy + reach) * side + v.dx + reach] = 1;
  return (from, to) => {
    const dx = board.col(to) - board.col(from);
    const dy = board.row(to) - board.row(from);
    return Math.abs(dx) <= reach && Math.abs(dy) <= reach && table[(dy + reach) * side + dx + reach] === 1;
  };
}
