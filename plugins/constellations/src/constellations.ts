/**
 * Start constellations after Preußer's q27 project: every n-queens solution has exactly one queen on each border
 * line (the top and bottom rows, the left and right files; a corner queen stands on two). Fixing those queens
 * splits the count into a few thousand sub-problems (n = 17: 4,319), one per orbit of constellations under the
 * eight symmetries of the square: the solutions with border g(c) are the images under g of those with border c,
 * so the total is the sum over representatives of orbit size × count, with no test of any solution.
 */

/** One representative constellation: its queens, orbit size and stabilizer, and the rows left to search. */
export interface Constellation {
  /** Position in the enumeration (sub-tasks name constellations by it). */
  readonly index: number;
  /** Columns of the queens on the top and bottom rows, rows of those on the left and right files. */
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  /** Constellations in its orbit: 1, 2, 4 or 8. */
  readonly weight: number;
  /** Indices (into SYMMETRIES) of the symmetries that map it to itself, the identity first. */
  readonly stabilizer: readonly number[];
}

/** The eight symmetries of the n×n square as square maps, rotations first. */
export const SYMMETRIES: readonly ((r: number, c: number, n: number) => readonly [number, number])[] = [
  (r, c) => [r, c],
  (r, c, n) => [c, n - 1 - r],
  (r, c, n) => [n - 1 - r, n - 1 - c],
  (r, c, n) => [n - 1 - c, r],
  (r, c, n) => [r, n - 1 - c],
  (r, c, n) => [n - 1 - r, c],
  (r, c) => [c, r],
  (r, c, n) => [n - 1 - c, n - 1 - r],
];

/** The distinct squares (row, column) of a constellation's queens. */
export function queensOf(n: number, top: number, bottom: number, left: number, right: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [r, c] of [[0, top], [n - 1, bottom], [left, 0], [right, n - 1]] as const) {
    if (!out.some(([r2, c2]) => r2 === r && c2 === c)) out.push([r, c]);
  }
  return out;
}

const attack = (a: readonly [number, number], b: readonly [number, number]) =>
  a[0] === b[0] || a[1] === b[1] || a[0] - a[1] === b[0] - b[1] || a[0] + a[1] === b[0] + b[1];

/** The key of the constellation a set of border queens forms: top, bottom, left, right as digits base n. */
function keyOf(n: number, squares: readonly (readonly [number, number])[]): number {
  let t = 0, b = 0, l = 0, r = 0;
  for (const [row, col] of squares) {
    if (row === 0) t = col;
    if (row === n - 1) b = col;
    if (col === 0) l = row;
    if (col === n - 1) r = row;
  }
  return ((t * n + b) * n + l) * n + r;
}

const cache = new Map<number, readonly Constellation[]>();

/**
 * Every orbit's representative (the constellation of smallest key), in key order, for n ≥ 2. n = 17: 83,521
 * quadruples looked at, 4,319 kept, in about 30 ms.
 */
export function constellations(n: number): readonly Constellation[] {
  const cached = cache.get(n);
  if (cached) return cached;
  const out: Constellation[] = [];
  const last = n - 1;
  for (let t = 0; t < n; t++) {
    for (let b = 0; b < n; b++) {
      for (let l = 0; l < n; l++) {
        if ((t === 0) !== (l === 0) || (b === 0) !== (l === last)) continue;
        for (let r = 0; r < n; r++) {
          if ((t === last) !== (r === 0) || (b === last) !== (r === last)) continue;
          const squares = queensOf(n, t, b, l, r);
          let clash = false;
          for (let i = 0; i < squares.length && !clash; i++) for (let j = i + 1; j < squares.length; j++) if (attack(squares[i]!, squares[j]!)) clash = true;
          if (clash) continue;
          const key = ((t * n + b) * n + l) * n + r;
          const images = SYMMETRIES.map((g) => keyOf(n, squares.map(([row, col]) => g(row, col, n))));
          if (images.some((k) => k < key)) continue;
          out.push({
            index: out.length,
            top: t,
            bottom: b,
            left: l,
            right: r,
            weight: new Set(images).size,
            stabilizer: images.flatMap((k, i) => (k === key ? [i] : [])),
          });
        }
      }
    }
  }
  cache.set(n, out);
  return out;
}

/**
 * The sub-problem of a constellation: the rows without a border queen, top to bottom, each with the columns no
 * border queen attacks (`allowed`) and the distance to the next such row (`shift`, what the diagonal masks move by).
 * Returns the number of rows written.
 */
export function subProblem(n: number, c: Constellation, allowed: Int32Array, shift: Int32Array): number {
  const queens = queensOf(n, c.top, c.bottom, c.left, c.right);
  const full = n === 32 ? -1 : (1 << n) - 1;
  let k = 0;
  let previous = -1;
  for (let row = 0; row < n; row++) {
    if (queens.some(([r]) => r === row)) continue;
    let mask = full;
    for (const [r, col] of queens) {
      const d = row - r;
      mask &= ~(1 << col);
      if (col + d >= 0 && col + d < n) mask &= ~(1 << (col + d));
      if (col - d >= 0 && col - d < n) mask &= ~(1 << (col - d));
    }
    if (k > 0) shift[k - 1] = row - previous;
    allowed[k++] = mask;
    previous = row;
  }
  if (k > 0) shift[k - 1] = 0;
  return k;
}
