/**
 * Numbered tours that tests check, as printed: the top rank first, each square showing its step.
 */

/** William Beverley's semi-magic knight's tour (1848), as the Zagreb thesis prints it: ranks and files sum to 260. */
export const BEVERLEY = `
   1 48 31 50 33 16 63 18
  30 51 46  3 62 19 14 35
  47  2 49 32 15 34 17 64
  52 29  4 45 20 61 36 13
   5 44 25 56  9 40 21 60
  28 53  8 41 24 57 12 37
  43  6 55 26 39 10 59 22
  54 27 42  7 58 23 38 11`;

/** An open knight's tour of 5×5: on an odd board no tour is magic, and this one misses in every rank. */
export const FIVE_BY_FIVE = `
   5 10 15 20  3
  16 21  4  9 14
  11  6 25  2 19
  22 17  8 13 24
   7 12 23 18  1`;

/** The board's size and the squares (`row × width + col`, row 0 at the bottom) in the order the grid numbers them. */
export function numberedPath(grid: string): { width: number; height: number; path: number[] } {
  const rows = grid.trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number));
  const width = rows[0]!.length;
  const path: number[] = [];
  rows.forEach((numbers, i) => numbers.forEach((n, col) => (path[n - 1] = (rows.length - 1 - i) * width + col)));
  return { width, height: rows.length, path };
}
