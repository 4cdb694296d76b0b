import { isFullySymmetric, type Board, type Movement, type Piece, type Vector } from '@bezzel/core';

/** How many rows back a leap may reach and still be checked by shifting earlier rows' masks. */
export const MAX_REACH = 8;
/** Row masks are 32-bit integers. */
export const MAX_WIDTH = 32;

/**
 * A piece's conflicts as operations on 32-bit row masks. Conflict is symmetric (a attacks b or b attacks a),
 * so every vector is taken together with its negation; one-way pieces therefore need nothing special.
 * Unlimited rides along ranks, files and diagonals become the classic propagated masks; everything else
 * (leaps, limited or non-line rides, expanded to the leaps they make on this board) becomes shifts of the
 * masks of the few rows above.
 */
export interface RowRules {
  readonly width: number;
  readonly height: number;
  /** The low `width` bits. */
  readonly full: number;
  /** An unlimited rank ride: at most one piece per row. */
  readonly rank: boolean;
  readonly file: boolean;
  /** Unlimited diagonal rides: `up` along (1,1), `down` along (1,-1). */
  readonly diagUp: boolean;
  readonly diagDown: boolean;
  /** For each column, the columns of the same row it conflicts with (same-row leaps). */
  readonly sameRow: Int32Array;
  /** Leaps to later rows as pairs: rows ahead (1…MAX_REACH) and column shift. */
  readonly leapRows: Int32Array;
  readonly leapCols: Int32Array;
  /** Squares missing from each row (only for pieces without rides). */
  readonly removed: Int32Array;
  /** Pieces a single row can hold at most (an upper bound). */
  readonly perRow: number;
  /** The movement is the same under all eight symmetries of the square and contains the queen's lines. */
  readonly queenLike: boolean;
}

export type RulesOrReason = { readonly ok: true; readonly rules: RowRules } | { readonly ok: false; readonly reason: string };

const isLine = (v: Vector) => v.dx === 0 || v.dy === 0 || Math.abs(v.dx) === Math.abs(v.dy);

/** Reads a piece's movement as row-mask rules on a board, or says why it cannot. */
export function rowRules(board: Board, piece: Piece): RulesOrReason {
  const no = (reason: string): RulesOrReason => ({ ok: false, reason });
  if (piece.attacks) return no(`the ${piece.name} has its own attack rule, which row masks cannot express`);
  if (board.torus) return no('the board is a torus; row masks do not wrap');
  if (board.width > MAX_WIDTH) return no(`the board is ${board.width} columns wide; row masks hold at most ${MAX_WIDTH}`);
  const m: Movement = piece.movement;
  if (board.hasRemoved() && m.rides.length > 0) return no('removed squares block rides, which row masks do not model');

  const unlimited = (dx: number, dy: number) =>
    m.rides.some((r) => r.range === undefined && ((r.dx === dx && r.dy === dy) || (r.dx === -dx && r.dy === -dy)));
  const rank = unlimited(1, 0);
  const file = unlimited(0, 1);
  const diagUp = unlimited(1, 1);
  const diagDown = unlimited(1, -1);

  // Everything that is not one of those four lines becomes explicit leaps on this board.
  const span = Math.max(board.width, board.height);
  const leaps = new Map<string, Vector>();
  const addLeap = (dx: number, dy: number) => {
    if (dy < 0 || (dy === 0 && dx < 0)) [dx, dy] = [-dx, -dy];
    if (Math.abs(dx) >= board.width || dy >= board.height || (dx === 0 && dy === 0)) return;
    leaps.set(`${dx},${dy}`, { dx, dy });
  };
  for (const l of m.leaps) addLeap(l.dx, l.dy);
  for (const r of m.rides) {
    const lineCovered = r.range === undefined && isLine(r) && unlimited(Math.sign(r.dx), Math.sign(r.dy)) && Math.abs(r.dx) + Math.abs(r.dy) <= 2;
    if (lineCovered) continue;
    for (let step = 1; step <= Math.min(r.range ?? span, span); step++) addLeap(r.dx * step, r.dy * step);
  }
  const forward = [...leaps.values()].filter((v) => v.dy > 0);
  const reach = forward.reduce((max, v) => Math.max(max, v.dy), 0);
  if (reach > MAX_REACH) {
    return no(`the ${piece.name} reaches ${reach} rows ahead with moves other than rank, file and diagonal lines; row masks look at most ${MAX_REACH} back`);
  }

  const sameRow = new Int32Array(board.width);
  for (const v of leaps.values()) {
    if (v.dy !== 0) continue;
    for (let c = 0; c < board.width; c++) {
      if (c + v.dx < board.width) sameRow[c] |= 1 << (c + v.dx);
      if (c - v.dx >= 0) sameRow[c] |= 1 << (c - v.dx);
    }
  }
  const removed = new Int32Array(board.height);
  for (const sq of board.removed) removed[board.row(sq)] |= 1 << board.col(sq);

  const adjacent = leaps.has('1,0');
  const perRow = rank ? 1 : adjacent ? Math.ceil(board.width / 2) : board.width;
  const queenLike = rank && file && diagUp && diagDown && isFullySymmetric(m);
  return {
    ok: true,
    rules: {
      width: board.width,
      height: board.height,
      full: board.width === 32 ? -1 : (1 << board.width) - 1,
      rank,
      file,
      diagUp,
      diagDown,
      sameRow,
      leapRows: Int32Array.from(forward.map((v) => v.dy)),
      leapCols: Int32Array.from(forward.map((v) => v.dx)),
      removed,
      perRow,
      queenLike,
    },
  };
}

/** Squares of row `row` attacked by leaps from the rows above it, given every row's mask so far. */
export function leapAttacks(rules: RowRules, rows: Int32Array, row: number): number {
  let attacked = 0;
  const { leapRows, leapCols } = rules;
  for (let i = 0; i < leapRows.length; i++) {
    const from = row - leapRows[i]!;
    if (from < 0) continue;
    const mask = rows[from]!;
    if (mask === 0) continue;
    const dx = leapCols[i]!;
    attacked |= dx >= 0 ? mask << dx : mask >>> -dx;
  }
  return attacked;
}
