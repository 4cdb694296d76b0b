/**
 * n queens counted by joining half boards (a meet in the middle over rows, in the spirit of Kluev's quarter-board
 * join; our own design). A band of b middle rows (b = n mod 2, or 2 or 3 on larger boards) is filled first, one
 * sub-problem per placement of its queens up to the board's symmetries. Above the band m = (n − b)/2 rows, below
 * it m rows: every solution is a top half and a bottom half whose columns are complementary (among the columns
 * the band leaves) and whose diagonals are disjoint. So the halves of each side are found once, by a
 * bit-backtracker from the band outward, bucketed by their columns, and each bucket of top halves is joined with
 * the bucket of bottom halves that has the other columns, by the bit-parallel sieve of `join-kernel.ts`.
 *
 * Symmetry: the mirror (left–right) and the flip (top–bottom) map the band to a band and the halves to halves.
 * Bands are taken one per orbit with the orbit's size as weight, and inside a band the buckets one per orbit of
 * the band's own stabilizer (the flip turns a top column set S into the bottom's, A∖S). The diagonal symmetries
 * do not keep rows as rows, so this counts solutions, not their classes.
 */
import { halvesBytes } from './join-kernel.js';

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

/** The band's height: the middle row on odd boards, and more rows on large ones so that each part stays small. */
export function bandSize(n: number): number {
  return Math.max(n % 2 === 1 ? (n >= 19 ? 3 : 1) : n >= 18 ? 2 : 0, n - 2 * MAX_HALF);
}

/** Rows a half may have: a half's columns are 8 bytes. */
export const MAX_HALF = 8;

const mirrorOf = (cols: readonly number[], n: number) => cols.map((c) => n - 1 - c);
const less = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};

const bandCache = new Map<string, Band[]>();

/** The representatives of the placements of b non-attacking queens on b consecutive rows of an n-wide board. */
export function bands(n: number, b: number): Band[] {
  const key = `${n}/${b}`;
  const cached = bandCache.get(key);
  if (cached) return cached;
  const out: Band[] = [];
  const cols: number[] = [];
  const place = (row: number): void => {
    if (row === b) {
      const images = [cols.slice(), mirrorOf(cols, n), cols.slice().reverse(), mirrorOf(cols, n).reverse()];
      if (images.some((image) => less(image, cols))) return;
      const distinct = new Set(images.map((image) => image.join(',')));
      const stabilizer = images.flatMap((image, g) => (image.join(',') === cols.join(',') ? [g] : []));
      out.push({ index: out.length, cols: cols.slice(), weight: distinct.size, stabilizer });
      return;
    }
    for (let c = 0; c < n; c++) {
      if (cols.some((q, r) => q === c || Math.abs(q - c) === row - r)) continue;
      cols.push(c);
      place(row + 1);
      cols.pop();
    }
  };
  place(0);
  bandCache.set(key, out);
  return out;
}

/** The compiled module for one board size and band; undefined where WebAssembly is refused. */
interface HalvesKernel {
  readonly memory: WebAssembly.Memory;
  readonly search: (
    open: number, c: number, l: number, r: number, top: number, topMask: number, bottom: number, bottomMask: number, out: number, cap: number,
    topCounts: number, bottomCounts: number,
  ) => number;
  readonly place: (source: number, count: number, slot: number, next: number, to: number) => void;
  readonly join: (work: number, top: number, tops: number, bottom: number, bottoms: number) => bigint;
}
const kernels = new Map<string, HalvesKernel | undefined>();
export function halvesKernel(n: number, m: number, rb: number): HalvesKernel | undefined {
  const key = `${n}/${m}/${rb}`;
  if (kernels.has(key)) return kernels.get(key);
  let kernel: HalvesKernel | undefined;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(halvesBytes(n, m, rb)));
    const e = instance.exports;
    kernel = { memory: e.memory as WebAssembly.Memory, search: e.search as HalvesKernel['search'], place: e.place as HalvesKernel['place'], join: e.join as HalvesKernel['join'] };
  } catch {
    kernel = undefined;
  }
  kernels.set(key, kernel);
  return kernel;
}

/** Bytes of WebAssembly memory the kernel has, grown to at least `bytes`. */
function reserve(kernel: HalvesKernel, bytes: number): void {
  const have = kernel.memory.buffer.byteLength;
  if (bytes > have) kernel.memory.grow(Math.ceil((bytes - have) / 65536));
}

/** Half-board counts per side kept between bands: the next band of the same board starts with room for as many. */
const room = new Map<string, number>();

/**
 * The solutions with this band (not weighted by its orbit), by the kernel; undefined when `stop` said so (it is
 * asked between buckets). Memory: the bucket of every column set
 * (4·2ⁿ bytes), the sort's next positions, each side's halves as found (columns, then buckets), both sides
 * sorted, and the join's work area.
 */
export function countBand(n: number, b: number, band: Band, stats?: { halves: number; buckets: number }, stop?: () => boolean): bigint | undefined {
  const m = (n - b) / 2;
  const rb = m + b;
  if (m === 0) return 1n;
  const kernel = halvesKernel(n, m, rb);
  if (!kernel) throw new Error('WebAssembly is not available');
  const full = (1 << n) - 1;
  let bandCols = 0;
  for (const q of band.cols) bandCols |= 1 << q;
  const open = full & ~bandCols;
  const tableAt = 0;
  reserve(kernel, 4 << n);
  const table = new Int32Array(kernel.memory.buffer, tableAt, 1 << n);
  // Column sets S of the top half, one per orbit of the band's stabilizer, with the orbit's size.
  const positions: number[] = [];
  for (let c = 0; c < n; c++) if (open & (1 << c)) positions.push(c);
  const mirror = (s: number) => {
    let out = 0;
    for (let c = 0; c < n; c++) if (s & (1 << c)) out |= 1 << (n - 1 - c);
    return out;
  };
  table.fill(-1);
  const orbit: number[] = [];
  const images = new Set<number>();
  const choose = (from: number, left: number, s: number): void => {
    if (left === 0) {
      images.clear();
      let smallest = s;
      for (const g of band.stabilizer) {
        const image = g === 0 ? s : g === 1 ? mirror(s) : g === 2 ? open & ~s : open & ~mirror(s);
        images.add(image);
        if (image < smallest) smallest = image;
      }
      if (smallest === s) {
        table[s] = orbit.length;
        orbit.push(images.size);
      }
      return;
    }
    for (let i = from; i <= positions.length - left; i++) choose(i + 1, left - 1, s | (1 << positions[i]!));
  };
  choose(0, m, 0);
  const buckets = orbit.length;
  // The band's columns and diagonals as they reach the first row above it (distance i + 1 from band row i) and
  // the first row below it (distance b − i).
  let lTop = 0, rTop = 0, lBottom = 0, rBottom = 0;
  band.cols.forEach((q, i) => {
    lTop |= (1 << q) << (i + 1);
    rTop |= (1 << q) >>> (i + 1);
    lBottom |= (1 << q) << (b - i);
    rBottom |= (1 << q) >>> (b - i);
  });
  const noneAt = tableAt + (4 << n);
  // Each side's bucket sizes (after a cell for the halves without a bucket), then the sort's next positions.
  const topCountsAt = noneAt + 16;
  const bottomCountsAt = topCountsAt + 4 * (buckets + 1);
  const nextAt = bottomCountsAt + 4 * (buckets + 1);
  const align = (at: number) => Math.ceil(at / 16) * 16;
  const foundAt = align(nextAt + 4 * (buckets + 1));
  const key = `${n}/${b}`;
  // A search into room for `cap` halves of 16 bytes, again with twice the room when that was too little.
  const find = (at: number, l: number, r: number, top: boolean, bottom: boolean): [count: number, end: number] => {
    for (;;) {
      const cap = room.get(key) ?? 1 << 16;
      reserve(kernel, at + cap * 16);
      const cells = new Int32Array(kernel.memory.buffer);
      cells[noneAt >> 2] = -1;
      if (top) cells.fill(0, topCountsAt >> 2, (topCountsAt >> 2) + buckets + 1);
      if (bottom) cells.fill(0, bottomCountsAt >> 2, (bottomCountsAt >> 2) + buckets + 1);
      const count = kernel.search(
        open, bandCols, l & full, r, top ? tableAt : noneAt, top ? -1 : 0, bottom ? tableAt : noneAt, bottom ? -1 : 0, at, cap, topCountsAt + 4, bottomCountsAt + 4,
      );
      if (count >= 0) return [count, align(at + count * 16)];
      room.set(key, cap * 2);
    }
  };
  // With the flip in the band's stabilizer a bottom half is a top half read from the band outward: one search
  // serves both sides. Otherwise each side has its own.
  const lists: { at: number; count: number }[] = [];
  let end: number;
  if (band.stabilizer.includes(2)) {
    const [count, after] = find(foundAt, lTop, rTop, true, true);
    lists.push({ at: foundAt, count }, { at: foundAt, count });
    end = after;
  } else {
    const [tops, afterTop] = find(foundAt, lTop, rTop, true, false);
    const [bottoms, afterBottom] = find(afterTop, lBottom, rBottom, false, true);
    lists.push({ at: foundAt, count: tops }, { at: afterTop, count: bottoms });
    end = afterBottom;
  }
  // Counting sort of each side by bucket, keeping the search's order inside each bucket (neighbours in a bucket
  // share their first queens: the join's trie).
  let view = new Int32Array(kernel.memory.buffer);
  const startsOf = (countsAt: number) => {
    const start = new Int32Array(buckets + 1);
    start.set(view.subarray((countsAt >> 2) + 1, (countsAt >> 2) + 1 + buckets), 1);
    for (let k = 0; k < buckets; k++) start[k + 1]! += start[k]!;
    return start;
  };
  const topStart = startsOf(topCountsAt);
  const bottomStart = startsOf(bottomCountsAt);
  const tops = topStart[buckets]!;
  const bottoms = bottomStart[buckets]!;
  const topSortedAt = end;
  const bottomSortedAt = topSortedAt + tops * 8;
  const workAt = align(bottomSortedAt + bottoms * 8);
  let widest = 0;
  for (let k = 0; k < buckets; k++) widest = Math.max(widest, topStart[k + 1]! - topStart[k]!);
  const words = 2 * Math.ceil(widest / 128);
  reserve(kernel, workAt + 8 * words * (2 * (rb + 2 * n) + m + 1));
  view = new Int32Array(kernel.memory.buffer);
  view.set(topStart.subarray(0, buckets), nextAt >> 2);
  kernel.place(lists[0]!.at, lists[0]!.count, 8, nextAt, topSortedAt);
  view.set(bottomStart.subarray(0, buckets), nextAt >> 2);
  kernel.place(lists[1]!.at, lists[1]!.count, 12, nextAt, bottomSortedAt);
  let total = 0n;
  for (let k = 0; k < buckets; k++) {
    if ((k & 255) === 0 && stop?.()) return undefined;
    const t = topStart[k + 1]! - topStart[k]!;
    const u = bottomStart[k + 1]! - bottomStart[k]!;
    if (t === 0 || u === 0) continue;
    total += BigInt(orbit[k]!) * kernel.join(workAt, topSortedAt + topStart[k]! * 8, t, bottomSortedAt + bottomStart[k]! * 8, u);
  }
  if (stats) {
    stats.halves += tops + bottoms;
    stats.buckets += buckets;
  }
  return total;
}
