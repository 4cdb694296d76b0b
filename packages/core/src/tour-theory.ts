import type { Board } from './board.js';
import { moveTable } from './attacks.js';
import { alwaysChangesColour, isColourBound, singleLeap } from './movement.js';
import type { Piece } from './piece.js';
import type { MagicKind } from './problem.js';

/**
 * Decides tour existence where theory settles it, before any search. Returns the reason no tour exists, or
 * undefined when theory allows one (a search must then find it or prove otherwise).
 */
export function impossibleTour(board: Board, piece: Piece, closed: boolean, start: number | undefined): string | undefined {
  const squares = board.playable;
  if (squares === 1) return closed ? 'a closed tour needs at least two squares' : undefined;
  const m = piece.movement;
  // On a torus with an odd side, a move across the seam keeps or changes colour unlike the same move inside.
  const coloursHold = !piece.attacks && (!board.torus || (board.width % 2 === 0 && board.height % 2 === 0));
  if (coloursHold && isColourBound(m)) {
    return `a ${piece.name} never leaves its square's colour, so no tour can visit both colours`;
  }
  const parity = coloursHold && alwaysChangesColour(m) ? colourParity(board, piece, closed, start) : undefined;
  if (parity) return parity;
  const knight = !piece.attacks && !board.hasRemoved() && !board.torus ? singleLeap(m) : undefined;
  if (knight && knight.a === 1 && knight.b === 2) {
    const theorem = closed ? schwenk(board) : (conradOpen(board) ?? fourRankStart(board, start));
    // The theorems decide existence outright, so the connectivity scan (seconds on a 1000×1000 board) adds nothing.
    return theorem;
  }
  if (board.size <= 4_000_000) return disconnected(board, piece);
  return undefined;
}

/**
 * A piece that always changes colour walks a bipartite graph: a path alternates colours, so the two colour
 * counts differ by at most one, a path on an odd board starts and ends on the larger colour, and a cycle
 * needs equal counts.
 */
function colourParity(board: Board, piece: Piece, closed: boolean, start: number | undefined): string | undefined {
  let light = Math.ceil(board.size / 2);
  // A full rectangle has a1's colour on half its squares, rounded up: no need to scan 10⁸ squares.
  if (board.hasRemoved()) {
    light = 0;
    for (let sq = 0; sq < board.size; sq++) if (!board.isRemoved(sq) && board.colour(sq) === 0) light++;
  }
  const dark = board.playable - light;
  const counts = `the board has ${Math.max(light, dark)} squares of one colour and ${Math.min(light, dark)} of the other`;
  if (Math.abs(light - dark) >= 2) return `every ${piece.name} move changes colour and ${counts}, so no tour alternates through them all`;
  if (closed && light !== dark) return `a closed tour alternates colours and returns, so it needs as many squares of each colour; ${counts}`;
  if (start !== undefined && light !== dark) {
    const major = light > dark ? 0 : 1;
    if (board.colour(start) !== major) {
      return `every ${piece.name} move changes colour and ${counts}, so a tour starts and ends on the larger colour; ${board.name(start)} is on the smaller one`;
    }
  }
  return undefined;
}

/** Schwenk (1991): with m ≤ n, a closed knight's tour exists unless m, n both odd; m ∈ {1, 2, 4}; or m = 3, n ∈ {4, 6, 8}. */
function schwenk(board: Board): string | undefined {
  const m = Math.min(board.width, board.height);
  const n = Math.max(board.width, board.height);
  const why =
    m % 2 === 1 && n % 2 === 1 ? 'both sides are odd'
    : m === 1 || m === 2 || m === 4 ? `a side is ${m}`
    : m === 3 && (n === 4 || n === 6 || n === 8) ? `it is 3×${n}`
    : undefined;
  return why && `no closed knight's tour exists on ${board}: ${why} (Schwenk's theorem, 1991)`;
}

/** Cull & De Curtins (1978), Conrad et al. (1994): with m ≤ n an open tour exists iff m = n = 1, m = 3 and (n = 4 or n ≥ 7), m = 4 and n ≥ 5, or m ≥ 5. */
function conradOpen(board: Board): string | undefined {
  const m = Math.min(board.width, board.height);
  const n = Math.max(board.width, board.height);
  const exists = (m === 1 && n === 1) || (m === 3 && (n === 4 || n >= 7)) || (m === 4 && n >= 5) || m >= 5;
  return exists ? undefined : `no knight's tour exists on ${board} (Cull and De Curtins 1978; Conrad et al. 1994)`;
}

/**
 * On a 4×n board a knight on an outer rank can only move to an inner one, so no two outer squares are consecutive
 * in a tour. With 2n outer squares among 4n, a tour that starts (or ends) on an inner square must alternate outer
 * and inner exactly, which puts every outer square on the same colour — but the outer ranks hold n of each. So an
 * open tour starts and ends on an outer rank.
 */
function fourRankStart(board: Board, start: number | undefined): string | undefined {
  if (start === undefined || Math.min(board.width, board.height) !== 4) return undefined;
  const across = board.height === 4 ? board.row(start) : board.col(start);
  if (across === 0 || across === 3) return undefined;
  const outer = board.height === 4 ? 'rank' : 'file';
  return `on a 4-wide board an outer ${outer}'s squares lead only inward, so a knight's tour must start on an outer ${outer}; ${board.name(start)} is not on one`;
}

/** A tour needs every square reachable from every other. */
function disconnected(board: Board, piece: Piece): string | undefined {
  const { offsets, targets } = moveTable(board, piece);
  // Moves may be one-way, so follow them both ways: a tour needs at least weak connectivity.
  const reverse: number[][] = Array.from({ length: board.size }, () => []);
  for (let s = 0; s < board.size; s++) for (let i = offsets[s]!; i < offsets[s + 1]!; i++) reverse[targets[i]!]!.push(s);
  let first = -1;
  for (let sq = 0; sq < board.size && first < 0; sq++) if (!board.isRemoved(sq)) first = sq;
  const seen = new Uint8Array(board.size);
  const stack = [first];
  seen[first] = 1;
  let reached = 1;
  while (stack.length > 0) {
    const s = stack.pop()!;
    const visit = (t: number) => {
      if (!seen[t]) {
        seen[t] = 1;
        reached++;
        stack.push(t);
      }
    };
    for (let i = offsets[s]!; i < offsets[s + 1]!; i++) visit(targets[i]!);
    for (const t of reverse[s]!) visit(t);
  }
  if (reached === board.playable) return undefined;
  let cut = -1;
  for (let sq = 0; sq < board.size && cut < 0; sq++) if (!board.isRemoved(sq) && !seen[sq]) cut = sq;
  return `a ${piece.name} cannot get from ${board.name(first)} to ${board.name(cut)} on ${board}, so no tour visits both`;
}

/**
 * Decides where theory rules out a magic tour, once a plain tour may exist. Returns the reason, or undefined when
 * only a search can tell. What is known, beyond the plain arithmetic:
 *
 * - A piece that always changes colour puts the odd numbers on one colour. On an odd board neighbouring ranks
 *   hold (w+1)/2 and (w−1)/2 squares of that colour, so their sums differ in parity (Jelliss's theorem 2).
 * - Knights on boards whose sides are both 2 more than a multiple of 4 (6×6, 6×10, 10×10, …): G. P. Jelliss
 *   proved in 2003 that no magic knight's tour exists there (Knight's Tour Notes, "Theory of magic tours").
 * - No diagonally magic knight's tour of 8×8 exists: Stertenbrink, Meyrignac, Mackay and Jelliss enumerated every
 *   semi-magic one in 2003 (140 up to symmetry and reversal, 2240 numberings) and none sums to 260 on both
 *   diagonals.
 */
export function impossibleMagicTour(board: Board, piece: Piece, magic: MagicKind): string | undefined {
  const { width: w, height: h } = board;
  const cells = w * h;
  const what = magic === 'semi' ? 'semi-magic' : 'magic';
  const none = `no ${what} ${piece.name}'s tour of ${board} exists`;
  // A line of k numbers from 1…wh averages (wh+1)/2, so it sums to k(wh+1)/2: a fraction when k is odd and wh even.
  if (cells % 2 === 0 && (w % 2 === 1 || h % 2 === 1)) {
    const [lines, k] = w % 2 === 1 ? ['rank', w] : ['file', h];
    return `${none}: each ${lines} of ${k} squares would have to sum to ${k}·${cells + 1}/2 = ${(k * (cells + 1)) / 2}, which is not a whole number`;
  }
  const coloursHold = !piece.attacks && !board.torus;
  if (coloursHold && alwaysChangesColour(piece.movement) && cells % 2 === 1 && h >= 2) {
    return `${none}: every ${piece.name} move changes colour, so the odd numbers all stand on one colour, and neighbouring ranks hold ${(w + 1) / 2} and ${(w - 1) / 2} squares of it: their sums differ in parity (Jelliss)`;
  }
  const knight = coloursHold && !board.hasRemoved() ? singleLeap(piece.movement) : undefined;
  if (knight?.a !== 1 || knight.b !== 2) return undefined;
  if (w % 4 === 2 && h % 4 === 2) {
    return `${none}: G. P. Jelliss proved in 2003 that no board whose sides are both 2 more than a multiple of 4 has one`;
  }
  if (magic === 'full' && w === 8 && h === 8) {
    return `${none}: every semi-magic knight's tour of 8×8 is known (140 up to symmetry, enumerated by Stertenbrink, Meyrignac, Mackay and Jelliss in 2003) and none sums to 260 on both diagonals; --magic semi finds one`;
  }
  return undefined;
}
