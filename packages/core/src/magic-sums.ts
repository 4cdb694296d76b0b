import type { Board } from './board.js';
import type { MagicKind } from './problem.js';

/**
 * The sums the lines of a magic numbering must reach when the squares are numbered 1…w·h: a rank holds w of the
 * numbers, whose mean is (wh+1)/2. A target that is not a whole number means no numbering of the board is magic.
 */
export interface MagicTargets {
  /** What each rank must sum to: the width times the mean number. */
  readonly rank: number;
  /** What each file must sum to: the height times the mean number. */
  readonly file: number;
  /** Square boards only: each long diagonal holds n numbers, like a rank. */
  readonly diagonal?: number;
}

/** The targets of a board's lines (see {@link MagicTargets}). */
export function magicTargets(board: Board): MagicTargets {
  const mean = (board.width * board.height + 1) / 2;
  return { rank: board.width * mean, file: board.height * mean, ...(board.isSquare ? { diagonal: board.width * mean } : {}) };
}

/** A line of the board that misses its target. */
export interface LineMiss {
  /** The line in words: `rank 3`, `file b`, `the a1–h8 diagonal`. */
  readonly line: string;
  /** What its numbers sum to. */
  readonly sum: number;
  /** What they should sum to. */
  readonly target: number;
}

/** Every rank, file and (on a square board) long-diagonal sum of a numbered tour, and which lines miss. */
export interface LineSums {
  /** What each kind of line must sum to. */
  readonly targets: MagicTargets;
  /** `ranks[r]`: the sum of rank r + 1 (row r, counted from the bottom). */
  readonly ranks: readonly number[];
  /** `files[c]`: the sum of file c (from a). */
  readonly files: readonly number[];
  /** Square boards: the a1–h8 diagonal (row = col), then the a8–h1 one (row + col = n − 1). */
  readonly diagonals?: readonly [number, number];
  /** Every rank and file reaches its target. */
  readonly semiMagic: boolean;
  /** Semi-magic, and both long diagonals reach theirs too. */
  readonly magic: boolean;
  /** The first hundred lines that miss, ranks first, then files, then diagonals. */
  readonly misses: readonly LineMiss[];
  /** How many lines miss in all (more than are listed on a big board). */
  readonly missCount: number;
}

const MAX_MISSES = 100;

/**
 * Numbers each square by its place in the path (the first square 1) and sums every line, in one pass over the
 * path and one over the lines. The path must visit every square of the board once (a whole tour): the caller
 * checks that first.
 */
export function lineSums(board: Board, path: ArrayLike<number>): LineSums {
  const { width, height } = board;
  const ranks = new Float64Array(height);
  const files = new Float64Array(width);
  let main = 0;
  let anti = 0;
  for (let i = 0; i < path.length; i++) {
    const sq = path[i]!;
    const row = Math.floor(sq / width);
    const col = sq - row * width;
    ranks[row]! += i + 1;
    files[col]! += i + 1;
    if (row === col) main += i + 1;
    if (row + col === width - 1) anti += i + 1;
  }
  const targets = magicTargets(board);
  const misses: LineMiss[] = [];
  let missCount = 0;
  const check = (line: () => string, sum: number, target: number) => {
    if (sum === target) return;
    missCount++;
    if (misses.length < MAX_MISSES) misses.push({ line: line(), sum, target });
  };
  for (let r = 0; r < height; r++) check(() => rankName(board, r), ranks[r]!, targets.rank);
  for (let c = 0; c < width; c++) check(() => fileName(board, c), files[c]!, targets.file);
  const semiMagic = missCount === 0;
  let diagonals: [number, number] | undefined;
  if (targets.diagonal !== undefined) {
    diagonals = [main, anti];
    check(() => diagonalName(board, 'main'), main, targets.diagonal);
    check(() => diagonalName(board, 'anti'), anti, targets.diagonal);
  }
  return { targets, ranks: Array.from(ranks), files: Array.from(files), ...(diagonals ? { diagonals } : {}), semiMagic, magic: diagonals !== undefined && missCount === 0, misses, missCount };
}

/** Whether the sums meet a magic demand. */
export function meetsMagic(sums: LineSums, kind: MagicKind): boolean {
  return kind === 'semi' ? sums.semiMagic : sums.magic;
}

/** What a numbering falls short of, in a user's words: "not semi-magic: rank 3 sums to 258, not 260". */
export function magicShortfall(sums: LineSums, kind: MagicKind): string | undefined {
  if (meetsMagic(sums, kind)) return undefined;
  const shown = sums.misses.slice(0, 3).map((m) => `${m.line} sums to ${m.sum}, not ${m.target}`);
  const more = sums.missCount > shown.length ? ` and ${sums.missCount - shown.length} more line${sums.missCount - shown.length === 1 ? '' : 's'}` : '';
  const what = kind === 'full' && sums.semiMagic ? 'only semi-magic' : `not ${kind === 'semi' ? 'semi-magic' : 'magic'}`;
  return `the numbering is ${what}: ${shown.join(', ')}${more}`;
}

/** "semi-magic", "magic" or "neither", as `check` says it. */
export function magicWord(sums: LineSums): 'magic' | 'semi-magic' | 'neither' {
  return sums.magic ? 'magic' : sums.semiMagic ? 'semi-magic' : 'neither';
}

/** A rank in words: `rank 3` where squares have algebraic names, `row 2` (counted from 0) beyond. */
export function rankName(board: Board, row: number): string {
  return board.algebraic ? `rank ${row + 1}` : `row ${row}`;
}

/** A file in words: `file c` where squares have algebraic names, `column 2` beyond. */
export function fileName(board: Board, col: number): string {
  return board.algebraic ? `file ${board.fileName(col)}` : `column ${col}`;
}

/** A long diagonal in words, by its end squares: `the a1–h8 diagonal` (`main`) or `the a8–h1 diagonal` (`anti`). */
export function diagonalName(board: Board, which: 'main' | 'anti'): string {
  const n = board.width;
  return which === 'main' ? `the ${board.name(0)}–${board.name(board.at(n - 1, n - 1))} diagonal` : `the ${board.name(board.at(n - 1, 0))}–${board.name(board.at(0, n - 1))} diagonal`;
}
