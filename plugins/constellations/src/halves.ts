/**
 * n queens counted by joining half boards (a meet in the middle over rows, in the spirit of Kluev's quarter-board
 * join; our own design). A band of b middle rows (by default the middle row on odd boards, none on even ones) is
 * filled first, one sub-problem per placement of its queens up to the board's symmetries (`bands.ts`). Above the
 * band m = (n − b)/2 rows, below it m rows: every solution is a top half and a bottom half whose columns are
 * complementary (among the 2m columns the band leaves) and whose diagonals are disjoint. A bucket is a top's
 * column set; its halves are made from parts found once a band (`half-search-kernel.ts`) and joined by the
 * bit-parallel sieve of `join-kernel.ts`, bucket by bucket, so that a band never holds more than one bucket's
 * halves.
 *
 * Symmetry: the mirror (left–right) and the flip (top–bottom) map the band to a band and the halves to halves.
 * Bands are taken one per orbit with the orbit's size as weight, and inside a band the buckets one per orbit of
 * the band's own stabilizer (the flip turns a top column set S into the bottom's, A∖S). The diagonal symmetries
 * do not keep rows as rows, so this counts solutions, not their classes.
 */
import { halvesKernel, partRows, reserve } from './halves-kernel.js';
import { CFG, joinBytes, joinLevels } from './join-kernel.js';
import { CHUNK, chunkBytes } from './half-search-kernel.js';
import type { Band } from './bands.js';

/** How a band's count is watched: the steps (buckets joined) so far and the limit, and the clock. */
export interface BandWatch {
  /** Buckets joined so far in the run (the strategy's step); the band adds its own. */
  steps: number;
  readonly maxSteps: number;
  /** True once time is up or the run was stopped; asked between parts of the work (each some milliseconds). */
  readonly expired: () => boolean;
}

/**
 * A sub-task's share of the buckets: numbering the buckets of all bands in turn, those whose number is `index`
 * modulo `of` (all by default). `before` is how many buckets the bands before this one have (the caller adds
 * each band's), so that bands of one bucket each (a band of every row) go round the sub-tasks too.
 */
export interface Share {
  readonly index: number;
  readonly of: number;
  before: number;
}

/** The first bucket of a band of `buckets` that is in the share, or `buckets` when none is. */
const firstOf = (share: Share, buckets: number) => {
  const first = (((share.index - share.before) % share.of) + share.of) % share.of;
  return Math.min(first, buckets);
};

/** What a band gave: its solutions (not weighted by its orbit), all of them or those of the buckets joined. */
export interface BandCount {
  readonly count: bigint;
  readonly complete: boolean;
  /** Parts found (inner and outer, both sides) and buckets. */
  readonly parts: number;
  readonly buckets: number;
}

/** How long one join call should take: the clock is asked between calls (Ctrl-C answers within a second). */
const CALL_MS = 25;

/** C(a, k), exactly for the sizes here (at most C(20, 10)). */
export const binomial = (a: number, k: number) => {
  let out = 1;
  for (let i = 1; i <= k; i++) out = (out * (a - k + i)) / i;
  return Math.round(out);
};

/** Top halves a bucket's join has room for at first; a bucket with more is joined again with twice the room. */
const room = new Map<string, number>();

/**
 * The solutions with this band, by the kernel: the parts of each side's halves (inner and outer rows) found and
 * filed by column set, the buckets numbered, then joined a part of the buckets at a time with `watch` asked
 * between parts. Memory (WebAssembly's, kept between bands): the parts (16 bytes each) with a start for each of
 * the 4^m column sets, the buckets, and one bucket's join.
 */
export function countBand(
  n: number,
  b: number,
  band: Band,
  watch?: BandWatch,
  share: Share = { index: 0, of: 1, before: 0 },
  /** The join's carry-save levels (by default as measured fastest for the half height; the tests try each). */
  levels = joinLevels((n - b) / 2),
  /** Outer parts a conflict mask covers (32; the tests try fewer, for lists of several chunks). */
  chunk = CHUNK,
): BandCount {
  const m = (n - b) / 2;
  if (m === 0) {
    // The band is a whole solution: one bucket (of no columns).
    const mine = firstOf(share, 1) === 0;
    if (watch && mine) watch.steps++;
    return { count: mine ? 1n : 0n, complete: true, parts: 0, buckets: 1 };
  }
  const kernel = halvesKernel(n, m, b, levels, chunk);
  if (!kernel) throw new Error('WebAssembly is not available');
  const [h1, h2] = partRows(m);
  const full = (1 << n) - 1;
  let bandCols = 0;
  for (const q of band.cols) bandCols |= 1 << q;
  const open = full & ~bandCols;
  // The band's columns and diagonals as they reach the first row above it (distance i + 1 from band row i) and
  // the first row below it (distance b − i).
  let lTop = 0, rTop = 0, lBottom = 0, rBottom = 0;
  band.cols.forEach((q, i) => {
    lTop |= (1 << q) << (i + 1);
    rTop |= (1 << q) >>> (i + 1);
    lBottom |= (1 << q) << (b - i);
    rBottom |= (1 << q) >>> (b - i);
  });
  const stab = (band.stabilizer.includes(1) ? 1 : 0) | (band.stabilizer.includes(2) ? 2 : 0) | (band.stabilizer.includes(3) ? 4 : 0);
  const sets = 1 << (2 * m);
  const choices = binomial(m, h1);
  const most = binomial(2 * m, m);
  const align = (at: number) => Math.ceil(at / 16) * 16;
  // Layout: config, places, choices, buckets, then each part table's starts and records, then the join's room.
  const cfgAt = 0;
  const placesAt = 4 * CFG.size;
  const columnsAt = placesAt + 32;
  const patternsAt = columnsAt + 32;
  const repsAt = patternsAt + 4 * choices;
  const weightsAt = repsAt + 4 * most;
  const nextAt = weightsAt + 4 * most;
  let at = align(nextAt + 4 * sets);
  reserve(kernel, at + 4 * (sets + 1));
  let cells = new Int32Array(kernel.memory.buffer);
  let bytes = new Uint8Array(kernel.memory.buffer);
  for (let c = 0, place = 0; c < n; c++) {
    if (open & (1 << c)) {
      bytes[columnsAt + place] = c;
      bytes[placesAt + c] = place++;
    }
  }
  for (let pattern = 0, i = 0; pattern < 1 << m; pattern++) {
    let bits = 0;
    for (let x = pattern; x; x &= x - 1) bits++;
    if (bits === h1) cells[(patternsAt >> 2) + i++] = pattern;
  }
  const buckets = kernel.buckets(2 * m, m, stab, repsAt, weightsAt);
  if (firstOf(share, buckets) >= buckets) return { count: 0n, complete: true, parts: 0, buckets };
  // The part tables: [inner, outer] for the top side, and for the bottom unless the flip maps the band to itself
  // (then a bottom half is a top half read from the band outward, and the tables are the same).
  let parts = 0;
  let widestOuter = 1;
  const table = (l: number, r: number, j0: number, rows: number): [starts: number, records: number] => {
    const startsAt = at;
    reserve(kernel, startsAt + 4 * (sets + 1));
    cells = new Int32Array(kernel.memory.buffer);
    cells.fill(0, startsAt >> 2, (startsAt >> 2) + sets + 1);
    if (rows === 0) {
      // A part of no rows: one, on no columns.
      cells[(startsAt >> 2) + 1] = 1;
    } else {
      kernel.tally[rows]!(open, bandCols, (l << j0) & full, r >>> j0, j0, placesAt, startsAt + 4);
    }
    const most = kernel.starts(startsAt, sets);
    if (j0 > 0 && most > widestOuter) widestOuter = most;
    cells = new Int32Array(kernel.memory.buffer);
    const count = cells[(startsAt >> 2) + sets]!;
    parts += count;
    const recordsAt = align(startsAt + 4 * (sets + 1));
    reserve(kernel, recordsAt + 16 * count);
    cells = new Int32Array(kernel.memory.buffer);
    if (rows === 0) {
      cells.fill(0, recordsAt >> 2, (recordsAt >> 2) + 4);
    } else {
      cells.copyWithin(nextAt >> 2, startsAt >> 2, (startsAt >> 2) + sets);
      kernel.fill[rows]!(open, bandCols, (l << j0) & full, r >>> j0, j0, placesAt, nextAt, recordsAt);
    }
    at = align(recordsAt + 16 * count);
    return [startsAt, recordsAt];
  };
  /** An outer table's conflict masks (`conflictsBody`), after its records; their address. */
  const conflicts = ([startsAt, recordsAt]: [number, number]) => {
    const confsAt = at;
    const chunks = kernel.conflicts(startsAt, recordsAt, sets, 0);
    reserve(kernel, confsAt + chunkBytes(n, m) * chunks);
    kernel.conflicts(startsAt, recordsAt, sets, confsAt);
    at = align(confsAt + chunkBytes(n, m) * chunks);
    return confsAt;
  };
  const top = [table(lTop, rTop, 0, h1), table(lTop, rTop, h1, h2)];
  const topConfs = conflicts(top[1]!);
  const bottom = stab & 2 ? top : [table(lBottom, rBottom, 0, h1), table(lBottom, rBottom, h1, h2)];
  const bottomConfs = stab & 2 ? topConfs : conflicts(bottom[1]!);
  const workAt = at;
  const key = `${n}/${b}/${levels}/${chunk}`;
  let topRoom = room.get(key) ?? 1 << 12;
  const fit = () => {
    const codesAt = workAt;
    const joinAt = align(codesAt + 8 * topRoom);
    const listAt = align(joinAt + joinBytes(n, m, b, topRoom, widestOuter, levels));
    reserve(kernel, listAt + 4 * widestOuter);
    cells = new Int32Array(kernel.memory.buffer);
    const cfg = cells.subarray(cfgAt >> 2, (cfgAt >> 2) + CFG.size);
    cfg[CFG.reps] = repsAt;
    cfg[CFG.weights] = weightsAt;
    cfg[CFG.patterns] = patternsAt;
    cfg[CFG.patternCount] = choices;
    [cfg[CFG.topInnerStarts], cfg[CFG.topInners]] = top[0]!;
    [cfg[CFG.topOuterStarts], cfg[CFG.topOuters]] = top[1]!;
    [cfg[CFG.bottomInnerStarts], cfg[CFG.bottomInners]] = bottom[0]!;
    [cfg[CFG.bottomOuterStarts], cfg[CFG.bottomOuters]] = bottom[1]!;
    cfg[CFG.work] = joinAt;
    cfg[CFG.codes] = codesAt;
    cfg[CFG.room] = topRoom;
    cfg[CFG.columns] = columnsAt;
    cfg[CFG.list] = listAt;
    cfg[CFG.topConfs] = topConfs;
    cfg[CFG.bottomConfs] = bottomConfs;
  };
  fit();
  // The join, a few milliseconds of buckets at a time (the number taken grows or shrinks to keep each call near
  // CALL_MS), never more than the steps left; a bucket without room is joined again with twice the room.
  let count = 0n;
  let from = firstOf(share, buckets);
  let take = 8;
  while (from < buckets) {
    if (watch !== undefined && (watch.steps >= watch.maxSteps || watch.expired())) return { count, complete: false, parts, buckets };
    const left = watch ? Math.max(1, watch.maxSteps - watch.steps) : Number.POSITIVE_INFINITY;
    const to = Math.min(buckets, from + share.of * Math.min(take, left));
    const started = performance.now();
    count += kernel.join(from, to, share.of, cfgAt);
    const took = performance.now() - started;
    const stoppedAt = new Int32Array(kernel.memory.buffer)[(cfgAt >> 2) + CFG.stoppedAt]!;
    const reached = stoppedAt >= 0 ? stoppedAt : to;
    if (watch) watch.steps += Math.ceil((reached - from) / share.of);
    from = reached;
    if (stoppedAt >= 0) {
      topRoom *= 2;
      room.set(key, topRoom);
      fit();
    } else if (took < CALL_MS / 2 && take < 1 << 20) take *= 2;
    else if (took > 2 * CALL_MS && take > 1) take = Math.max(1, take >> 1);
  }
  return { count, complete: true, parts, buckets };
}
