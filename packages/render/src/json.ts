import type { Board, Result, Solution } from '@bezzel/core';

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
  if (squares.length !== board.height) return undefined;
  const columns = new Int32Array(board.height).fill(-1);
  for (const sq of squares) {
    if (!Number.isSafeInteger(sq) || sq < 0 || sq >= board.size) return undefined;
    const row = board.row(sq);
    if (columns[row] !== -1) return undefined;
    columns[row] = board.col(sq);
  }
  return columns;
}

/** The whole result as JSON-ready data (solutions in the shapes above); serialise it with {@link jsonChunks}. */
export function resultToJSON(board: Board, result: Result): Record<string, unknown> {
  const { task, ...rest } = result;
  const out: Record<string, unknown> = { ...rest, problem: task.problem, goal: task.goal };
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

/** A long array of numbers, joined a chunk at a time; a number JSON cannot write (NaN, ±∞) becomes null. */
function* numberArray(values: ArrayLike<number | bigint>): Generator<string> {
  yield '[';
  for (let start = 0; start < values.length; start += NUMBERS_PER_CHUNK) {
    const end = Math.min(values.length, start + NUMBERS_PER_CHUNK);
    // A typed array's join is native and copies nothing; a plain array's slice is one chunk long.
    const chunk = (ArrayBuffer.isView(values) ? (values as unknown as Int32Array).subarray(start, end) : Array.prototype.slice.call(values, start, end)) as ArrayLike<number | bigint> & { join(separator: string): string };
    const text = plainNumbers(chunk) ? chunk.join(',') : Array.from(chunk, (v) => (typeof v === 'bigint' ? `"${v}"` : (JSON.stringify(v) ?? 'null'))).join(',');
    yield start === 0 ? text : `,${text}`;
  }
  yield ']';
}

function plainNumbers(chunk: ArrayLike<number | bigint>): boolean {
  for (let i = 0; i < chunk.length; i++) if (typeof chunk[i] !== 'number' || !Number.isFinite(chunk[i])) return false;
  return true;
}

/** JSON text of a small value, bigints as strings; for anything that may be large, use {@link jsonChunks}. */
export function stringify(value: unknown, space?: number): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v), space);
}
