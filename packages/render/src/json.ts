import { tourDirection, type Board, type Result, type Solution } from '@bezzel/core';

/**
 * The JSON shapes other programs read. They depend on the kind of answer, never on the board's size:
 *
 * - a placement whose every rank holds exactly one piece (n queens, n rooks):
 *   `{ "kind": "placement", "columns": [c0, c1, …] }`, where `columns[r]` is the file (0 = a) of the piece on
 *   rank r + 1: one number a rank, the most compact form of a million-queens answer;
 * - any other placement: `{ "kind": "placement", "squares": [s0, s1, …] }`, square numbers `rank × width + file`
 *   (0-based), in the order the strategy gave them;
 * - a tour: `{ "kind": "tour", "closed": true|false, "path": [s0, s1, …] }`, the squares in the order visited;
 * - on boards of at most 26 files, both also carry `"names"`: the same squares as `a1`, `b3`, … (in `squares`
 *   or `path` order; rank by rank for `columns`).
 *
 * Counts are decimal strings (JSON numbers lose integers past 2⁵³).
 */
export function solutionToJSON(board: Board, solution: Solution, names = true): Record<string, unknown> {
  if (solution.kind === 'tour') {
    const out: Record<string, unknown> = { kind: 'tour', closed: solution.closed, path: solution.path };
    if (names && board.algebraic) out.names = Array.from(solution.path, (sq) => board.name(sq));
    return out;
  }
  const columns = columnsOf(board, solution.squares);
  const out: Record<string, unknown> = columns ? { kind: 'placement', columns } : { kind: 'placement', squares: solution.squares };
  if (names && board.algebraic) {
    out.names = columns ? Array.from(columns, (col, row) => board.name(board.at(row, col))) : solution.squares.map((sq) => board.name(sq));
  }
  return out;
}

/** The file of the piece on each rank, when every rank holds exactly one piece; undefined otherwise. */
export function columnsOf(board: Board, squares: readonly number[]): Int32Array | undefined {
  const { width, height, size } = board;
  if (squares.length !== height) return undefined;
  const columns = new Int32Array(height).fill(-1);
  for (let i = 0; i < squares.length; i++) {
    const sq = squares[i]!;
    if (!Number.isSafeInteger(sq) || sq < 0 || sq >= size) return undefined;
    const row = Math.floor(sq / width);
    if (columns[row] !== -1) return undefined;
    columns[row] = sq - row * width;
  }
  return columns;
}

/** The whole result as JSON-ready data (solutions in the shapes above); serialise it with {@link jsonChunks}. */
export function resultToJSON(board: Board, result: Result): Record<string, unknown> {
  const { task, ...rest } = result;
  const out: Record<string, unknown> = { ...rest, problem: task.problem, goal: task.goal };
  // A count of tours says whether a tour and its reversal are one or two.
  const counted = result.status === 'complete' ? tourDirection(task) : undefined;
  if (counted) out.counted = counted;
  if ('solutions' in result && result.solutions) out.solutions = result.solutions.map((s) => solutionToJSON(board, s));
  if (result.status === 'budget' || result.status === 'aborted') {
    const partial = result.partial;
    if (partial?.best) out.partial = { ...partial, best: solutionToJSON(board, partial.best) };
  }
  return out;
}

/** Numbers a chunk of a long array holds: about 100 KB of text. */
const NUMBERS_PER_CHUNK = 16_384;

/**
 * JSON text in pieces, as `JSON.stringify` would write it (bigints as decimal strings, typed arrays as arrays),
 * but never as one string: long arrays of numbers come out a chunk of numbers at a time, so a ten-million-queens
 * answer streams to stdout with memory for one chunk, not for 100 MB of text.
 */
export function* jsonChunks(value: unknown): Generator<string> {
  if (typeof value === 'bigint') {
    yield `"${value}"`;
  } else if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    yield* numberArray(value as unknown as ArrayLike<number | bigint>);
  } else if (Array.isArray(value)) {
    if (value.length > NUMBERS_PER_CHUNK && value.every((v) => typeof v === 'number')) yield* numberArray(value);
    else {
      yield '[';
      for (let i = 0; i < value.length; i++) {
        if (i > 0) yield ',';
        const item: unknown = value[i];
        // As JSON.stringify does: what JSON cannot hold becomes null inside an array.
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null';
        else yield* jsonChunks(item);
      }
      yield ']';
    }
  } else if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    yield '{';
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* jsonChunks(item);
    }
    yield '}';
  } else {
    yield JSON.stringify(value) ?? 'null';
  }
}

/** A long array of numbers, written a chunk at a time; a number JSON cannot write (NaN, ±∞) becomes null. */
function* numberArray(values: ArrayLike<number | bigint>): Generator<string> {
  yield '[';
  const digits = new DigitWriter(NUMBERS_PER_CHUNK);
  for (let start = 0; start < values.length; start += NUMBERS_PER_CHUNK) {
    const end = Math.min(values.length, start + NUMBERS_PER_CHUNK);
    if (start > 0) digits.comma();
    for (let i = start; i < end; i++) {
      if (i > start) digits.comma();
      const v = values[i]!;
      if (typeof v === 'number' && Number.isSafeInteger(v)) digits.integer(v);
      else digits.text(typeof v === 'bigint' ? `"${v}"` : (JSON.stringify(v) ?? 'null'));
    }
    yield digits.take();
  }
  yield ']';
}

/**
 * Writes whole numbers as decimal digits into bytes, and gives them back as one string a chunk: three times
 * faster than `join` on a typed array and ten million numbers make no ten million strings. Plain JavaScript
 * (no Buffer), so the web page writes JSON the same way.
 */
class DigitWriter {
  #bytes: Uint8Array;
  #at = 0;
  static readonly #decoder = new TextDecoder();

  constructor(numbers: number) {
    // A safe integer has at most 16 digits and a sign, then a comma.
    this.#bytes = new Uint8Array(numbers * 18 + 2);
  }

  comma(): void {
    this.#room(1);
    this.#bytes[this.#at++] = 44;
  }

  integer(value: number): void {
    this.#room(18);
    const bytes = this.#bytes;
    let v = value;
    if (v < 0) {
      bytes[this.#at++] = 45;
      v = -v;
    }
    let width = 1;
    for (let p = 10; p <= v; p *= 10) width++;
    let at = (this.#at += width);
    // 32-bit division while the value fits, the float one above (square numbers of huge boards).
    while (v >= 2 ** 31) {
      const q = Math.floor(v / 10);
      bytes[--at] = 48 + (v - q * 10);
      v = q;
    }
    while (v >= 10) {
      const q = (v / 10) | 0;
      bytes[--at] = 48 + (v - q * 10);
      v = q;
    }
    bytes[--at] = 48 + v;
  }

  /** Anything else, as JSON text (ASCII: bigints in quotes, null). */
  text(json: string): void {
    this.#room(json.length);
    for (let i = 0; i < json.length; i++) this.#bytes[this.#at++] = json.charCodeAt(i);
  }

  take(): string {
    const text = DigitWriter.#decoder.decode(this.#bytes.subarray(0, this.#at));
    this.#at = 0;
    return text;
  }

  #room(more: number): void {
    if (this.#at + more <= this.#bytes.length) return;
    const grown = new Uint8Array(Math.max(this.#bytes.length * 2, this.#at + more));
    grown.set(this.#bytes.subarray(0, this.#at));
    this.#bytes = grown;
  }
}

/** JSON text of a small value, bigints as strings; for anything that may be large, use {@link jsonChunks}. */
export function stringify(value: unknown, space?: number): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v), space);
}
