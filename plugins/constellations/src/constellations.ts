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

/**
 * The image of a constellation (top, bottom, left, right) under SYMMETRIES[g], as the same four numbers: each
 * symmetry moves the border lines onto each other (m = n − 1).
 */
export function imageOf(g: number, n: number, t: number, b: number, l: number, r: number): [number, number, number, number] {
  const m = n - 1;
  switch (g) {
    case 0: return [t, b, l, r];
    case 1: return [m - l, m - r, b, t];
    case 2: return [m - b, m - t, m - r, m - l];
    case 3: return [r, l, m - t, m - b];
    case 4: return [m - t, m - b, r, l];
    case 5: return [b, t, m - l, m - r];
    case 6: return [l, r, t, b];
    default: return [m - r, m - l, m - b, m - t];
  }
}

/** Two queens (row, column) attack each other (the same square does not). */
const attack = (r1: number, c1: number, r2: number, c2: number) =>
  !(r1 === r2 && c1 === c2) && (r1 === r2 || c1 === c2 || r1 - c1 === r2 - c2 || r1 + c1 === r2 + c2);

const cache = new Map<number, readonly Constellation[]>();

/**
 * Every orbit's representative (the constellation of smallest key: top, bottom, left, right as digits base n), in
 * key order, for n ≥ 1. n = 17: 83,521 quadruples looked at, 4,319 kept, in a few ms (with arrays for the
 * squares and their images it took 250 ms: a sixth of a 16-queens count).
 */
export function constellations(n: number): readonly Constellation[] {
  const cached = cache.get(n);
  if (cached) return cached;
  const out: Constellation[] = [];
  const m = n - 1;
  const keys = new Array<number>(8);
  for (let t = 0; t < n; t++) {
    for (let b = 0; b < n; b++) {
      if (attack(0, t, m, b)) continue;
      for (let l = 0; l < n; l++) {
        if ((t === 0) !== (l === 0) || (b === 0) !== (l === m)) continue;
        if (attack(0, t, l, 0) || attack(m, b, l, 0)) continue;
        for (let r = 0; r < n; r++) {
          if ((t === m) !== (r === 0) || (b === m) !== (r === m)) continue;
          if (attack(0, t, r, m) || attack(m, b, r, m) || attack(l, 0, r, m)) continue;
          const key = ((t * n + b) * n + l) * n + r;
          let smallest = true;
          for (let g = 0; g < 8 && smallest; g++) {
            const [t2, b2, l2, r2] = imageOf(g, n, t, b, l, r);
            keys[g] = ((t2 * n + b2) * n + l2) * n + r2;
            smallest = keys[g]! >= key;
          }
          if (!smallest) continue;
          out.push({
            index: out.length,
            top: t,
            bottom: b,
            left: l,
            right: r,
            weight: new Set(keys).size,
            stabilizer: keys.flatMap((k, i) => (k === key ? [i] : [])),
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
