import type { Board, Piece, Vector } from '@bezzel/core';

/**
 * A placement as an exact-cover problem. Every attack of the piece is an unlimited ride, so two pieces on one
 * line of a ride's direction attack each other (the nearer two always do, one way or the other, even for a
 * one-way ride): a non-attacking placement is a set of squares with at most one on each line. A line ends at
 * the board's edge and at a removed square (rides stop there), so a hole splits a line in two.
 *
 * Options (Knuth's rows) are the playable squares; each covers one column per family of lines, the line through
 * it. A family with exactly k lines takes a piece on every line (k pieces, at most one a line: pigeonhole), so
 * its columns are primary, covered exactly once; the others are secondary, covered at most once. For n queens:
 * ranks and files primary, diagonals and anti-diagonals secondary.
 */
export interface ExactCover {
  /** The board the lines were drawn on. */
  readonly board: Board;
  /** The families of lines, primary ones first. */
  readonly families: readonly LineFamily[];
  /** Columns in all; columns `0 … primary − 1` are the primary ones. */
  readonly columns: number;
  /** How many columns are primary (k for each primary family). */
  readonly primary: number;
  /** The square of each option, ascending. */
  readonly squares: Int32Array;
  /** The columns of option i: `optionColumns[i · families.length + f]` is its line of family f. */
  readonly optionColumns: Int32Array;
}

/** One direction of lines. */
export interface LineFamily {
  /** The ride's vector, turned to point right (or up): both ways give the same lines. */
  readonly vector: Vector;
  /** `rank`, `file`, `diagonal`, `anti-diagonal`, or `(1,2) line`. */
  readonly name: string;
  /** Its lines must each hold a piece. */
  readonly primary: boolean;
  /** The first column of this family; its lines are the next `lines` columns. */
  readonly first: number;
  /** How many lines (a lone square between holes or edges is a line too). */
  readonly lines: number;
}

/** The formulation, or why the problem is not an exact cover of lines. */
export type Formulation = { readonly ok: true; readonly cover: ExactCover } | { readonly ok: false; readonly reason: string };

/** A ride's family name: rank, file, diagonal (up-right), anti-diagonal (down-right), or the vector's line. */
function familyName(v: Vector): string {
  if (v.dy === 0) return 'rank';
  if (v.dx === 0) return 'file';
  if (Math.abs(v.dx) === Math.abs(v.dy)) return v.dx * v.dy > 0 ? 'diagonal' : 'anti-diagonal';
  return `(${Math.abs(v.dx)},${Math.abs(v.dy)}) line`;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return Math.abs(a);
}

/**
 * Squares to come back round a torus along v: the ride's cycle. The core's rides stop after width + height steps
 * on a torus, so a longer cycle is not a line of mutual attacks.
 */
function cycleLength(board: Board, v: Vector): number {
  const a = board.width / gcd(board.width, v.dx);
  const b = board.height / gcd(board.height, v.dy);
  return (a / gcd(a, b)) * b;
}

/**
 * The most links (options × families) it builds: 128 queens. Its searches are hopeless well before (no 100 queens
 * in 8 million nodes), and supports() probes the links, which should take milliseconds.
 */
export const MAX_LINKS = 1 << 16;

/** The exact-cover formulation of k non-attacking pieces, or why there is none. */
export function formulate(board: Board, piece: Piece, k: number): Formulation {
  const fail = (reason: string): Formulation => ({ ok: false, reason });
  const { leaps, rides } = piece.movement;
  const why = `it solves pieces that attack along whole lines, as an exact cover`;
  if (piece.attacks) return fail(`${why}, and the ${piece.name} has its own attack rule`);
  if (leaps.length > 0) {
    const l = leaps[0]!;
    return fail(`${why}; the ${piece.name} leaps (${Math.abs(l.dx)},${Math.abs(l.dy)}), and a leap is not a line: its conflicts do not make an exact cover`);
  }
  if (rides.length === 0) return fail(`${why}, and the ${piece.name} has no rides`);
  const vectors = new Map<string, Vector>();
  for (const r of rides) {
    if (r.range !== undefined) return fail(`${why}; the ${piece.name}'s (${r.dx},${r.dy}) ride stops after ${r.range} step${r.range === 1 ? '' : 's'}, so pieces far apart on its line do not attack`);
    const v = r.dx < 0 || (r.dx === 0 && r.dy < 0) ? { dx: -r.dx, dy: -r.dy } : { dx: r.dx, dy: r.dy };
    if (board.torus && cycleLength(board, v) > board.width + board.height + 1) {
      return fail(`${why}; on the ${board} torus the ${piece.name}'s (${v.dx},${v.dy}) line comes round only after ${cycleLength(board, v)} squares, beyond the reach of one ride`);
    }
    vectors.set(`${v.dx},${v.dy}`, v);
  }
  if (k < 1) return fail('it places at least one piece (k is 0)');
  const f = vectors.size;
  if (board.playable * f > MAX_LINKS) return fail(`the ${board} board would need ${(board.playable * f).toLocaleString('en-US')} links, more than the ${MAX_LINKS.toLocaleString('en-US')} it builds (about 128 queens)`);

  const squares = new Int32Array(board.playable);
  const index = new Int32Array(board.size).fill(-1);
  let options = 0;
  for (let sq = 0; sq < board.size; sq++) {
    if (!board.isRemoved(sq)) {
      index[sq] = options;
      squares[options++] = sq;
    }
  }

  // Number the lines of each family: a line starts at a square with no predecessor; cycles (a torus) are what is left.
  const lineOf = [...vectors.values()].map((v) => {
    const line = new Int32Array(options).fill(-1);
    let lines = 0;
    const walk = (start: number) => {
      for (let sq = start; sq >= 0 && line[index[sq]!]! < 0; sq = board.squareAt(board.row(sq) + v.dy, board.col(sq) + v.dx)) line[index[sq]!] = lines;
      lines++;
    };
    for (const sq of squares) if (board.squareAt(board.row(sq) - v.dy, board.col(sq) - v.dx) < 0) walk(sq);
    for (const sq of squares) if (line[index[sq]!]! < 0) walk(sq);
    return { v, line, lines };
  });

  const short = lineOf.find((l) => l.lines < k);
  if (short) {
    return fail(`${k} ${piece.name}s need ${k} separate ${familyName(short.v)}s, and ${board} has ${short.lines}: no placement exists (pigeonhole), and no exact cover says so`);
  }
  const primaries = lineOf.filter((l) => l.lines === k);
  if (primaries.length === 0) {
    const counts = lineOf.map((l) => `${l.lines} ${familyName(l.v)}s`).join(', ');
    return fail(`its exact cover needs a family of lines with exactly one ${piece.name} on each: k = ${k}, and ${board} has ${counts}`);
  }
  // Ranks, files, diagonals, anti-diagonals, then other lines; primary families first.
  const rank = (v: Vector) => (v.dy === 0 ? 0 : v.dx === 0 ? 1 : v.dx === v.dy ? 2 : v.dx === -v.dy ? 3 : 4);
  lineOf.sort((a, b) => rank(a.v) - rank(b.v));
  const ordered = [...lineOf.filter((l) => l.lines === k), ...lineOf.filter((l) => l.lines !== k)];
  const families: LineFamily[] = [];
  let columns = 0;
  for (const l of ordered) {
    families.push({ vector: l.v, name: familyName(l.v), primary: l.lines === k, first: columns, lines: l.lines });
    columns += l.lines;
  }
  const optionColumns = new Int32Array(options * f);
  for (let i = 0; i < options; i++) {
    for (let j = 0; j < f; j++) optionColumns[i * f + j] = families[j]!.first + ordered[j]!.line[i]!;
  }
  return { ok: true, cover: { board, families, columns, primary: primaries.length * k, squares, optionColumns } };
}

/**
 * Every column's name, for a trace: `rank 3`, `file c` for whole ranks and files, otherwise the family and the
 * line's ends in the ride's direction (`diagonal a1–h8`, `anti-diagonal a8–h1`, `rank 3 a3–c3` where a hole splits
 * it, `diagonal a8` for a lone square, `diagonal through a1` for a torus's cycle).
 */
export function columnNames(cover: ExactCover): string[] {
  const { board, families, squares, optionColumns } = cover;
  const f = families.length;
  const first = new Int32Array(cover.columns).fill(-1);
  const last = new Int32Array(cover.columns).fill(-1);
  const size = new Int32Array(cover.columns);
  for (let j = 0; j < f; j++) {
    const { dx } = families[j]!.vector;
    // Along a ride pointing right the column grows at every step; along a file, the row.
    const key = (sq: number) => (dx > 0 ? board.col(sq) : board.row(sq));
    for (let i = 0; i < squares.length; i++) {
      const c = optionColumns[i * f + j]!;
      const sq = squares[i]!;
      size[c]++;
      if (first[c]! < 0 || key(sq) < key(first[c]!)) first[c] = sq;
      if (last[c]! < 0 || key(sq) > key(last[c]!)) last[c] = sq;
    }
  }
  const names: string[] = [];
  for (const fam of families) {
    const { dx, dy } = fam.vector;
    for (let c = fam.first; c < fam.first + fam.lines; c++) {
      const a = first[c]!;
      const b = last[c]!;
      const wholeRank = dy === 0 && dx === 1 && size[c] === board.width;
      const wholeFile = dx === 0 && dy === 1 && size[c] === board.height;
      if (wholeRank) names[c] = `rank ${board.row(a) + 1}`;
      else if (wholeFile) names[c] = `file ${board.fileName(board.col(a))}`;
      else if (board.torus) names[c] = `${fam.name} through ${board.name(a)}`;
      else if (a === b) names[c] = `${fam.name} ${board.name(a)}`;
      else names[c] = `${fam.name} ${board.name(a)}–${board.name(b)}`;
    }
  }
  return names;
}
