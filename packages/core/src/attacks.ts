import type { Board } from './board.js';
import type { Piece } from './piece.js';

/**
 * Calls `visit` for every square the piece attacks from `from`, given which squares are occupied.
 * Rides stop at the edge, a removed square, an occupied square (which is attacked), their range, or — on a
 * torus — when they come back to where they started.
 */
export function forEachAttack(
  board: Board,
  piece: Piece,
  from: number,
  occupied: (sq: number) => boolean,
  visit: (sq: number) => void,
): void {
  if (piece.attacks) {
    for (const sq of piece.attacks(board, from, occupied)) visit(sq);
    return;
  }
  const row = board.row(from);
  const col = board.col(from);
  for (const v of piece.movement.leaps) {
    const sq = board.squareAt(row + v.dy, col + v.dx);
    if (sq >= 0 && sq !== from) visit(sq);
  }
  const maxSteps = board.torus ? board.width + board.height : Infinity;
  for (const r of piece.movement.rides) {
    const limit = Math.min(r.range ?? Infinity, maxSteps);
    for (let step = 1; step <= limit; step++) {
      const sq = board.squareAt(row + r.dy * step, col + r.dx * step);
      if (sq < 0 || sq === from) break;
      visit(sq);
      if (occupied(sq)) break;
    }
  }
}

const nobody = () => false;

/**
 * The conflict graph of a non-attacking placement in compressed rows: `targets[offsets[s] .. offsets[s+1]]`
 * lists every square that must stay empty when `s` is occupied — those `s` attacks on an empty board and those
 * that attack `s`. On an empty board is enough: in a valid placement no ride ever meets a piece, so nothing blocks.
 */
export interface ConflictTable {
  /** Where each square's list starts in `targets` (`board.size + 1` entries: the last is where they all end). */
  readonly offsets: Int32Array;
  /** Every square's list, one after another, each ascending. */
  readonly targets: Int32Array;
}

const tableCache = new WeakMap<Piece, Map<string, ConflictTable>>();

/**
 * Builds (once per piece and board, then cached) the conflict table. Its size is every square's conflicts added up:
 * about 6 a square for a knight, about 3n for a queen on n×n (200×200: 24 million entries, 96 MiB, seconds to
 * build, with no clock read meanwhile). A strategy refuses in `supports()` what it cannot afford (`overMemory`).
 */
export function conflictTable(board: Board, piece: Piece): ConflictTable {
  const key = `${board.width}x${board.height}:${board.removed.join(',')}:${board.torus}`;
  let perPiece = tableCache.get(piece);
  if (!perPiece) tableCache.set(piece, (perPiece = new Map()));
  const cached = perPiece.get(key);
  if (cached) return cached;

  const lists: number[][] = Array.from({ length: board.size }, () => []);
  for (let s = 0; s < board.size; s++) {
    if (board.isRemoved(s)) continue;
    forEachAttack(board, piece, s, nobody, (t) => {
      lists[s]!.push(t);
      lists[t]!.push(s);
    });
  }
  const offsets = new Int32Array(board.size + 1);
  let total = 0;
  for (let s = 0; s < board.size; s++) {
    lists[s] = [...new Set(lists[s])].sort((a, b) => a - b);
    total += lists[s]!.length;
    offsets[s + 1] = total;
  }
  const targets = new Int32Array(total);
  for (let s = 0; s < board.size; s++) targets.set(lists[s]!, offsets[s]!);
  const table = { offsets, targets };
  perPiece.set(key, table);
  return table;
}

/**
 * The move graph of a tour in compressed rows: squares reachable in one move from `s` on an empty board.
 * Kept separate from the conflict table because a one-way piece moves only forwards.
 */
export function moveTable(board: Board, piece: Piece): ConflictTable {
  const offsets = new Int32Array(board.size + 1);
  const out: number[] = [];
  for (let s = 0; s < board.size; s++) {
    if (!board.isRemoved(s)) forEachAttack(board, piece, s, nobody, (t) => out.push(t));
    offsets[s + 1] = out.length;
  }
  return { offsets, targets: Int32Array.from(out) };
}
