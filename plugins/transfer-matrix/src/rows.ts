import type { Board, Movement, Vector } from '@bezzel/core';

/** The widest row a state can hold: row masks are 32-bit integers. */
export const MAX_WIDTH = 32;

/**
 * A placement board seen row by row: which squares of each row are playable, and for every row distance d
 * (0 = the same row) the column offsets at which two pieces d rows apart attack each other (one way or the other).
 */
export interface RowModel {
  readonly width: number;
  readonly height: number;
  /** The largest row distance at which two pieces can conflict (at least 1). */
  readonly reach: number;
  /** Playable squares of each row as a bit mask (bit c = column c). */
  readonly allowed: Uint32Array;
  /** `offsets[d]`: the dx such that a piece at (r, c) and one at (r + d, c + dx) conflict. */
  readonly offsets: readonly (readonly number[])[];
  /** True when the board was transposed so that rows run along the shorter side. */
  readonly transposed: boolean;
}

/** Why the movement cannot be counted row by row, or undefined when it can. */
export function unsupportedMovement(m: Movement): string | undefined {
  if (m.rides.some((r) => r.range === undefined)) {
    return 'an unlimited rider reaches every row, so the state would be the whole board (bounded riders such as R4 are fine)';
  }
  if (m.leaps.length + m.rides.length === 0) return 'the piece attacks nothing';
  return undefined;
}

/**
 * The conflict vectors of a non-attacking placement: every leap and every square a bounded ride crosses, in both
 * directions (if a attacks b they conflict). On an empty-between placement nothing blocks a ride, as conflictTable says.
 */
export function conflictVectors(m: Movement): Vector[] {
  const seen = new Map<string, Vector>();
  const add = (dx: number, dy: number) => {
    for (const v of [{ dx, dy }, { dx: -dx, dy: -dy }]) seen.set(`${v.dx},${v.dy}`, v);
  };
  for (const l of m.leaps) add(l.dx, l.dy);
  for (const r of m.rides) for (let k = 1; k <= (r.range ?? 0); k++) add(r.dx * k, r.dy * k);
  return [...seen.values()];
}

/** Builds the row model, transposing when the board is wider than tall: fewer columns, smaller states. */
export function rowModel(board: Board, movement: Movement, transpose = board.width > board.height): RowModel {
  const width = transpose ? board.height : board.width;
  const height = transpose ? board.width : board.height;
  const vectors = conflictVectors(movement).map((v) => (transpose ? { dx: v.dy, dy: v.dx } : v));
  const useful = vectors.filter((v) => v.dy >= 0 && Math.abs(v.dx) < width && v.dy < height && (v.dy > 0 || v.dx > 0));
  const reach = Math.max(1, ...useful.map((v) => v.dy));
  const offsets: number[][] = Array.from({ length: reach + 1 }, () => []);
  for (const v of useful) {
    offsets[v.dy]!.push(v.dx);
    if (v.dy === 0) offsets[0]!.push(-v.dx);
  }
  const allowed = new Uint32Array(height);
  for (let r = 0; r < height; r++) {
    let mask = 0;
    for (let c = 0; c < width; c++) {
      const sq = transpose ? board.at(c, r) : board.at(r, c);
      if (!board.isRemoved(sq)) mask |= 1 << c;
    }
    allowed[r] = mask >>> 0;
  }
  return { width, height, reach, allowed, offsets: offsets.map((o) => [...new Set(o)].sort((a, b) => a - b)), transposed: transpose };
}

/** Moves every bit of `mask` by `dx` columns (positive = towards higher columns), dropping what leaves the row. */
export function shiftRow(mask: number, dx: number, full: number): number {
  if (dx >= 32 || dx <= -32) return 0;
  return (dx >= 0 ? (mask << dx) & full : mask >>> -dx) >>> 0;
}

/** The squares of a row d rows above `mask` (d ≥ 0) that conflict with some piece of `mask`. */
export function reachUp(mask: number, offsets: readonly number[], full: number): number {
  let out = 0;
  for (const dx of offsets) out |= shiftRow(mask, dx, full);
  return out >>> 0;
}

/** The squares of a row d rows below `mask` that conflict with some piece of `mask`. */
export function reachDown(mask: number, offsets: readonly number[], full: number): number {
  let out = 0;
  for (const dx of offsets) out |= shiftRow(mask, -dx, full);
  return out >>> 0;
}

export function fullRow(width: number): number {
  return width >= 32 ? 0xffffffff : ((1 << width) >>> 0) - 1;
}
