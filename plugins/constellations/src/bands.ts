/**
 * The bands of the half-board join: the placements of b queens on the b middle rows of an n-wide board, one per
 * orbit under the mirror (left–right) and the flip (top–bottom), with the orbit's size and the symmetries that
 * fix it. Found by a bit-backtracker (a band of every row, `-o band=n`, is every solution: 365,596 placements at
 * n = 14 in well under a second), and refused before a run when there would be too many to keep.
 */

/** One placement of the band's queens, representing its orbit. */
export interface Band {
  /** Position in the enumeration of representatives (sub-tasks name bands by it). */
  readonly index: number;
  /** The columns of its queens, band rows top to bottom. */
  readonly cols: readonly number[];
  /** Bands in its orbit under the mirror and the flip: 1, 2 or 4. */
  readonly weight: number;
  /** The symmetries that map it to itself: 0 the identity, 1 the mirror, 2 the flip, 3 both. */
  readonly stabilizer: readonly number[];
}

/** Rows a half may have: a part's columns are 8 bytes, and parts are filed under every set of the 2m open columns (4^m starts). */
export const MAX_HALF = 10;

/**
 * The band's default height: none on even boards and the middle row on odd ones (each half then has n/2 or
 * (n − 1)/2 rows; measured fastest up to n = 20, see the README's table), at least n − 2·MAX_HALF.
 */
export function bandSize(n: number): number {
  return Math.max(n % 2, n - 2 * MAX_HALF);
}

/**
 * Visits the representatives of the placements of b non-attacking queens on b consecutive rows of an n-wide
 * board, in order, as a bit-backtracker finds them, without keeping them: `visit` returns false to stop (then so
 * does this). A band of every row is every solution (39 billion at n = 20): a run takes them as they come and
 * stops on its budget. `reached` is told, at each first-row column, the share of the first row's columns done.
 */
export function eachBand(n: number, b: number, visit: (band: Band) => boolean, reached?: (share: number) => void): boolean {
  const full = (1 << n) - 1;
  const cols = new Int32Array(b);
  let index = 0;
  // Image g of the placement, read at row i: 0 itself, 1 mirrored, 2 flipped, 3 both.
  const image = (g: number, i: number) => {
    const c = g >= 2 ? cols[b - 1 - i]! : cols[i]!;
    return g % 2 === 1 ? n - 1 - c : c;
  };
  /** Compares image g with image h: negative when g's is smaller. */
  const compare = (g: number, h: number) => {
    for (let i = 0; i < b; i++) {
      const d = image(g, i) - image(h, i);
      if (d !== 0) return d;
    }
    return 0;
  };
  const place = (row: number, used: number, l: number, r: number): boolean => {
    if (row === b) {
      for (let g = 1; g < 4; g++) if (compare(g, 0) < 0) return true;
      const stabilizer = [0];
      let weight = 1;
      for (let g = 1; g < 4; g++) {
        if (compare(g, 0) === 0) stabilizer.push(g);
        else if ([1, 2].every((h) => h >= g || compare(g, h) !== 0)) weight++;
      }
      return visit({ index: index++, cols: Array.from(cols), weight, stabilizer });
    }
    for (let free = full & ~(used | l | r); free !== 0; free &= free - 1) {
      const bit = free & -free;
      cols[row] = 31 - Math.clz32(bit);
      if (row === 0) reached?.(cols[0]! / n);
      if (!place(row + 1, used | bit, ((l | bit) << 1) & full, (r | bit) >>> 1)) return false;
    }
    return true;
  };
  return place(0, 0, 0, 0);
}

const bandCache = new Map<string, Band[]>();

/** The representatives as a list (narrow bands: a band of b rows on n columns has at most n^b placements). */
export function bands(n: number, b: number): Band[] {
  const key = `${n}/${b}`;
  const cached = bandCache.get(key);
  if (cached) return cached;
  const out: Band[] = [];
  eachBand(n, b, (band) => (out.push(band), true));
  bandCache.set(key, out);
  return out;
}
