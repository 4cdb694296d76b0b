/**
 * The half-board join as WebAssembly: `join(from, to, step, cfg) → i64` counts, for each bucket k = from, from +
 * step, … below `to` of a band, the compatible pairs of its top and bottom halves, times the bucket's weight. A bucket is the set S of
 * the top half's columns (the bottom's are the other m open columns), and its halves are made here, as they are
 * needed, from the band's parts (`half-search-kernel.ts`): for each way σ of choosing the inner part's h₁
 * columns among the half's m, every inner part on σ with every outer part on the rest whose diagonals it
 * does not meet. Then a bit-parallel sieve:
 *
 * 1. An inner part's compatible outer parts come from conflict masks (`conflictsBody`): one i32 load for each of
 *    its queens, ORed, whose zeros are the outer parts of the list it does not meet (n = 16: one in seven). The
 *    old way, testing each outer part against it, cost as much as everything else the tops needed.
 * 2. The top halves become bitsets: for each diagonal (both directions) a row of W 64-bit words with bit t set
 *    when top half t uses that diagonal, made from the tops' diagonals (one i64 each) by a transposition, 16 tops
 *    at a time (`topRows`). Rows no bottom queen reads are written and never read (no test).
 * 3. For the bottoms, the rows of each outer part's queens are ORed once per choice σ (C[y]: the tops it
 *    conflicts with). When an inner part x has compatible outer parts, its rows are ORed once (A[x], with the
 *    padding past the last top; an inner part that conflicts with every top ends there), and each compatible one
 *    is counted as the tops in neither A[x] nor C[y]: the ones of A[x] | C[y], 128 bits at a time (SIMD) by
 *    popcount, taken from the bits a bottom is tested against: two rows read per bottom half, none of them stored.
 *    Halves of up to 8 rows make no C[y]: a bottom reads its outer part's table rows as they are (`DIRECT`).
 *
 * The work is the bottoms times W/2 lanes, plus the parts' ORs; memory is one bucket's rows, never a band's
 * halves. Config (i32 slots at `cfg`, addresses in bytes): 0 reps, 1 weights (the buckets), 2 patterns (the
 * C(m, h₁) ways σ, as masks of the half's m columns in order), 3 their number, 4/5 the top inner parts' starts
 * (by column set) and records, 6/7 the top outer parts', 8–11 the same for the bottom, 12 work, 13 the top
 * halves' diagonals (8 bytes each), 14 how many fit (an inner part's tops may be written one past those it
 * keeps), 16 each open column's column (a byte a place), 17 an inner part's masks of compatible outer parts (4
 * bytes a chunk of 32, as many as the most outer parts on one column set), 18/19 the top and bottom outer
 * tables' conflict masks; the kernel writes 15: the bucket it stopped at for want of room (−1 when it did not),
 * and uses the slots from 20 for each bucket's column tables: three per side, then the bottom's columns (16
 * bytes) and each column's place among them (32 bytes).
 */

import { Body, I32, I64, mem, OP, V, V128 } from './wasm-body.js';
import { partRows } from './part-rows.js';
import { CHUNK, chunkBytes } from './half-search-kernel.js';

/** Rows of one diagonal direction: every key a top half writes or a bottom half reads (see `joinBody`). */
export const diagonalRows = (n: number, m: number, b: number) => n + 2 * m + b;

/** Bytes of a row from which an inner part with one compatible outer part is counted without its row A. */
const SINGLE_FROM = 512;

/** The counters the count's carry-save adders keep (weights 1 and 2). */
const COUNTERS = ['ones', 'twos'] as const;
/**
 * Carry-save levels of the count by half height: two lanes a step, four from halves of 9 rows (n = 18 on), where
 * buckets are wide enough for the padding to a step not to cost more than it saves (measured: n = 18 3.5 % faster,
 * n = 17 2 % slower with four).
 */
export const joinLevels = (m: number) => (m >= 9 ? 2 : 1);

/**
 * Whether the join makes each outer part's row C[y] (halves of 9 rows or more). Halves of up to 8 rows count each
 * bottom from its outer part's table rows as they are, C[y] never made (nor room kept for it): on their narrow
 * buckets making an outer part's row (read twice, written once, for every outer part of a choice, met or not)
 * cost more than the one row more each of its bottoms reads. Measured, whole command, interleaved:
 * n = 16 203.2 → 200.9 ms (31 runs), n = 17 1.08 → 1.03 s, n = 15 the same within noise; on n = 18's wider
 * buckets it was 9 % slower. Counting without A[x] as well (four rows read a step) was slower again (n = 16 +4 ms).
 */
export const makesOuterRows = (m: number) => m >= 9;

/** Bytes of the join's work area for buckets of up to `tops` top halves and outer lists of up to `outers`. */
export function joinBytes(n: number, m: number, b: number, tops: number, outers: number, levels = joinLevels(m)): number {
  const w8 = (16 << levels) * Math.ceil(Math.max(1, tops) / (128 << levels));
  return w8 * (2 * diagonalRows(n, m, b) + 2 + pairSteps(m).length * (m * m + 2 * m) + singleSteps(m).length * m + (makesOuterRows(m) ? Math.max(1, outers) : 0));
}

/** The rows of a part, from the band outward, as pairs (a table each) and a single row when the count is odd. */
function stepsOf(from: number, rows: number): [row: number, queens: number][] {
  const out: [number, number][] = [];
  for (let j = 0; j < rows; j += 2) out.push([from + j, Math.min(2, rows - j)]);
  return out;
}

/** Every pair step of a half (two rows): the inner part's, then the outer's. */
const pairSteps = (m: number): [number, number][] => {
  const [h1, h2] = partRows(m);
  return [...stepsOf(0, h1), ...stepsOf(h1, h2)].filter(([, q]) => q === 2);
};

/** Every single step of a half: the last row of a part of odd height (the inner part's from n = 18 on). */
const singleSteps = (m: number): [number, number][] => {
  const [h1, h2] = partRows(m);
  return [...stepsOf(0, h1), ...stepsOf(h1, h2)].filter(([, q]) => q === 1);
};

/** The config block's slots. */
export const CFG = {
  reps: 0, weights: 1, patterns: 2, patternCount: 3, topInnerStarts: 4, topInners: 5, topOuterStarts: 6, topOuters: 7,
  bottomInnerStarts: 8, bottomInners: 9, bottomOuterStarts: 10, bottomOuters: 11, work: 12, codes: 13, room: 14, stoppedAt: 15,
  columns: 16, list: 17, topConfs: 18, bottomConfs: 19, scratch: 20, size: 128,
} as const;

/**
 * The join for an n×n board, halves of m rows on either side of a band of b rows, inner parts of h₁ = ⌈m/2⌉
 * rows. Top queen (row j from the band outward, column c) and bottom queen (j′, c′) share a diagonal when
 * |c − c′| = j + j′ + b + 1: c + j = c′ − j′ − b − 1 (direction 1) or c − j = c′ + j′ + b + 1 (direction 2).
 * Those are the rows' keys, moved up by `off1` and `off2` so that none is negative.
 */
export function joinBody(n: number, m: number, b: number, levels = joinLevels(m), chunk = CHUNK): Body {
  const f = new Body([['from', I32], ['to', I32], ['step', I32], ['cfg', I32]]);
  const [h1, h2] = partRows(m);
  const rows = diagonalRows(n, m, b);
  const off1 = m + b + 1;
  const off2 = m - 1;
  const slot = (i: number) => f.get('cfg').op(...mem(OP.i32Load[0]!, 2, 4 * i));
  /** `to = base + (key + offset) · w8`, the key on the stack. */
  const rowAt = (base: string, offset: number, to: string) => f.i32(offset).op(OP.i32Add).get('w8').op(OP.i32Mul).get(base).op(OP.i32Add).set(to);
  /** The rows of a bottom queen on row j of the half in column `c` (a local): s1 (direction 1), s2. */
  const columnRows = (c: string, j: number, s1: string, s2: string) => {
    f.get(c).i32(j + b + 1).op(OP.i32Sub);
    rowAt('r1', off1, s1);
    f.get(c).i32(j + b + 1).op(OP.i32Add);
    rowAt('r2', off2, s2);
  };
  /** Where the bottom's columns (8 bytes, in order) and each column's place among them (32 bytes) are kept. */
  const COLS = 4 * (CFG.scratch + 96);
  const PLACE = COLS + 16;
  const tableOf = (row: number) => pairSteps(m).findIndex(([r]) => r === row);
  const singleOf = (row: number) => singleSteps(m).findIndex(([r]) => r === row);
  /**
   * The base row (the padding past the last top) is ORed into every entry of the first pair table, the inner
   * part's rows nearest the band, when it has two rows or more: A[x] then reads one row fewer a lane.
   */
  const baseInTable = h1 >= 2;
  /**
   * The pointers whose ORs give a part's conflicts: for each step of the part (its queens in `code`, bytes from
   * its first row `from`), a pair table's entry or a single table's. Returns their locals.
   */
  const partPointers = (code: string, from: number, rows: number, prefix = 's'): string[] => {
    const out: string[] = [];
    for (const [row, queens] of stepsOf(from, rows)) {
      const q = row - from;
      const place = (byte: number) => f.get('cfg').get(code, I64).i64(BigInt(8 * byte)).op(OP.i64ShrU).op(OP.i32WrapI64).i32(255).op(OP.i32And).op(OP.i32Add).op(...mem(OP.i32Load8[0]!, 0, PLACE));
      if (queens === 2 && tableOf(row) >= 0) {
        place(q).i32(m).op(OP.i32Mul), place(q + 1).op(OP.i32Add);
        f.i32(tableOf(row) * m * m).op(OP.i32Add).get('w8').op(OP.i32Mul).get('pt').op(OP.i32Add).set(`${prefix}${out.length}`);
        out.push(`${prefix}${out.length}`);
      } else if (queens === 1 && singleOf(row) >= 0) {
        place(q).i32(singleOf(row) * m).op(OP.i32Add).get('w8').op(OP.i32Mul).get('st').op(OP.i32Add).set(`${prefix}${out.length}`);
        out.push(`${prefix}${out.length}`);
      } else {
        for (let k = 0; k < queens; k++) {
          f.get(code, I64).i64(BigInt(8 * (q + k))).op(OP.i64ShrU).op(OP.i32WrapI64).i32(255).op(OP.i32And).set('c');
          columnRows('c', row + k, `${prefix}${out.length}`, `${prefix}${out.length + 1}`);
          out.push(`${prefix}${out.length}`, `${prefix}${out.length + 1}`);
        }
      }
    }
    return out;
  };
  /** A loop over the W/2 lanes of a row: x = 0, 16, …, w8 − 16. */
  const lanes = (inner: () => void) => {
    f.i32(0).set('x');
    f.block(() => f.loop(() => {
      inner();
      f.add('x', 16);
      f.get('x').get('w8').op(OP.i32LtU).brIf(0);
    }));
  };
  const load = (base: string, offset = 0) => f.get(base).get('x').op(OP.i32Add).op(0xfd, 0x00, 4, offset);
  /** Carry-save levels of the count: 2^LEVELS lanes a step (rows padded to match), at most two (`COUNTERS`). */
  const LEVELS = Math.min(Math.max(1, levels), COUNTERS.length);
  /** Bottoms counted from the outer parts' table rows as they are (`makesOuterRows`). */
  const DIRECT = !makesOuterRows(m);
  /** Lane-adds of at most 16 each the 16-bit counts hold: 4095 · 16 < 65536 (checked before each bottom's adds). */
  const ADDS = 4095;
  /**
   * The carry of 2^level lanes from byte `offset` of the step (the ones of A | C, lane by lane), made by carry-save
   * adders: two lanes into the counter `ones` give a carry worth 2, two such carries into `twos` one worth 4. A
   * full adder of (counter, x, y): the counter keeps their sum's low bit, the carry is their majority.
   */
  function carry(level: number, offset: number, rows: readonly string[]): string {
    let x: string, y: string;
    if (level === 1) {
      for (const [lane, v] of [[0, 'vx'], [16, 'vy']] as const) {
        rows.forEach((row, i) => (load(row, offset + lane), i > 0 && f.op(...V.or)));
        f.set(v, V128);
      }
      [x, y] = ['vx', 'vy'];
    } else {
      x = carry(level - 1, offset, rows);
      f.get(x, V128).set(`h${level}`, V128);
      x = `h${level}`;
      y = carry(level - 1, offset + (16 << (level - 1)), rows);
    }
    const counter = COUNTERS[level - 1]!;
    const out = `c${level}`;
    f.get(counter, V128).get(x, V128).op(...V.xor).set('vu', V128);
    f.get(counter, V128).get(x, V128).op(...V.and).get('vu', V128).get(y, V128).op(...V.and).op(...V.or).set(out, V128);
    f.get('vu', V128).get(y, V128).op(...V.xor).set(counter, V128);
    return out;
  }
  /** The 16-bit counts of `acc` (carries of the ones, each worth 2^LEVELS) taken from `sum`, and `acc` cleared. */
  function fold() {
    f.get('acc', V128).op(...V.widen16).set('acc', V128);
    for (let lane = 0; lane < 4; lane++) f.get('sum', I64).get('acc', V128).op(0xfd, 0x1b, lane).op(OP.i64ExtendU).i64(BigInt(LEVELS)).op(OP.i64Shl).op(OP.i64Sub).set('sum', I64);
    f.op(...V.zero).set('acc', V128);
    f.i32(0).set('adds');
  }
  /**
   * One bottom counted: the ones of the OR of `rows` (A[x] and C[y], A[x] and the outer part's table rows, or the
   * inner part's table rows and C[y]),
   * 2^LEVELS lanes at a time through carry-save adders into running counters (`ones`, `twos`), so that one
   * popcount serves them all: a third to a half fewer operations a lane. They are the tops this bottom conflicts
   * with, taken from the bits tested: the zeros without a NOT in the hot loop. Room in the 16-bit counts for this
   * bottom's adds (each up to 16) is made first: the ones of a bottom that conflicts with most tops fill them,
   * where zeros never came near.
   */
  function countBottom(rows: readonly string[]) {
    f.get('adds').get('w8').i32(4 + LEVELS).op(OP.i32ShrU).op(OP.i32Add).i32(ADDS).op(OP.i32GtU).if(fold);
    // For halves of 9 rows or more (18 steps a bottom and more) the carries' popcounts add up in bytes (at most 8
    // a step: 31 steps fit) and are widened into `acc` once for every 31 steps instead of at every step: n = 18 2 %
    // faster. With n = 16's five steps a bottom the extra work a bottom costs more than it saves (2 % slower).
    const step = 16 << LEVELS;
    f.i32(0).set('x');
    if (m >= 9) {
      f.loop(() => {
        f.get('x').i32(31 * step).op(OP.i32Add).set('lim');
        f.get('lim').get('w8').get('lim').get('w8').op(OP.i32LtU).op(OP.select).set('lim');
        f.op(...V.zero).set('acc8', V128);
        f.loop(() => {
          f.get('acc8', V128).get(carry(LEVELS, 0, rows), V128).op(...V.popcnt8, ...V.add8).set('acc8', V128);
          f.add('x', step);
          f.get('x').get('lim').op(OP.i32LtU).brIf(0);
        });
        f.get('acc', V128).get('acc8', V128).op(...V.widen8, ...V.add16).set('acc', V128);
        f.get('x').get('w8').op(OP.i32LtU).brIf(0);
      });
    } else {
      f.block(() => f.loop(() => {
        f.get('acc', V128).get(carry(LEVELS, 0, rows), V128).op(...V.popcnt8, ...V.widen8, ...V.add16).set('acc', V128);
        f.add('x', step);
        f.get('x').get('w8').op(OP.i32LtU).brIf(0);
      }));
    }
    f.get('sum', I64).get('w8').i32(3).op(OP.i32Shl).op(OP.i64ExtendU).op(OP.i64Add).set('sum', I64);
    f.get('adds').get('w8').i32(4 + LEVELS).op(OP.i32ShrU).op(OP.i32Add).set('adds');
  }

  /**
   * For each way σ of one side's columns (`cols`, tables at scratch `table`): the inner parts' records from
   * `xs` to `xe` and the outer parts' from `ys` to `ye`, the starts read from slots `inner` and `outer`.
   */
  const choices = (cols: string, table: number, inner: number, outer: number, body: () => void) => {
    slot(CFG.patterns).set('pp');
    slot(CFG.patterns).get('np').i32(2).op(OP.i32Shl).op(OP.i32Add).set('pend');
    f.block(() => f.loop(() => {
      f.get('pp').get('pend').op(OP.i32GeU).brIf(1);
      f.get('pp').op(...OP.i32Load).set('pat');
      f.add('pp', 4);
      for (let half = 0; 4 * half < m; half++) {
        f.get('cfg').get('pat').i32(4 * half).op(OP.i32ShrU).i32(15).op(OP.i32And).i32(2).op(OP.i32Shl).op(OP.i32Add);
        f.op(...mem(OP.i32Load[0]!, 2, 4 * (CFG.scratch + table + 16 * half)));
        if (half > 0) f.op(OP.i32Or);
      }
      f.set('sig');
      slot(inner).get('sig').i32(2).op(OP.i32Shl).op(OP.i32Add).set('at');
      f.get('at').op(...OP.i32Load).set('xs');
      f.get('at').op(...mem(OP.i32Load[0]!, 2, 4)).set('xe');
      slot(outer).get(cols).get('sig').op(OP.i32Xor).i32(2).op(OP.i32Shl).op(OP.i32Add).set('at');
      f.get('at').op(...OP.i32Load).set('ys');
      f.get('at').op(...mem(OP.i32Load[0]!, 2, 4)).set('ye');
      f.get('xs').get('xe').op(OP.i32Ne).get('ys').get('ye').op(OP.i32Ne).op(OP.i32And).if(body);
      f.br(0);
    }));
  };
  /**
   * A side's scratch tables (`table` i32s into the scratch): entry v (< 16) of table i is the set of places of the
   * side's columns 4i … 4i + 3 that v's bits pick; a choice σ (a mask of the m ≤ 10 columns) is then a lookup
   * a nibble.
   */
  const columnTables = (cols: string, table: number) => {
    f.get(cols).set('xs');
    for (let i = 0; i < m; i++) {
      f.get('xs').op(OP.i32Ctz).set(`p${i}`);
      f.get('xs').get('xs').i32(1).op(OP.i32Sub).op(OP.i32And).set('xs');
    }
    const at = (half: number, v: number) => 4 * (CFG.scratch + table + 16 * half + v);
    for (let half = 0; 4 * half < m; half++) {
      f.get('cfg').i32(0).op(...mem(OP.i32Store[0]!, 2, at(half, 0)));
      for (let v = 1; v < 16; v++) {
        const column = 4 * half + Math.log2(v & -v);
        f.get('cfg').get('cfg').op(...mem(OP.i32Load[0]!, 2, at(half, v & (v - 1))));
        if (column < m) f.i32(1).get(`p${column}`).op(OP.i32Shl).op(OP.i32Or);
        f.op(...mem(OP.i32Store[0]!, 2, at(half, v)));
      }
    }
  };

  const bytes = chunkBytes(n, m);
  /**
   * For the choice's outer list (records `ys` … `ye` of the table at `ro`): its first record `yr0`, its length
   * `len`, and `cp0`, its first chunk of conflict masks in the table at config slot `confs` (`conflictsBody`).
   */
  const listChunks = (confs: number) => {
    f.get('ro').get('ys').i32(4).op(OP.i32Shl).op(OP.i32Add).set('yr0');
    f.get('yr0').op(...OP.i64Load).i64(40n).op(OP.i64ShrU).op(OP.i32WrapI64).i32(bytes).op(OP.i32Mul).get('cfg').op(...mem(OP.i32Load[0]!, 2, 4 * confs)).op(OP.i32Add).set('cp0');
    f.get('ye').get('ys').op(OP.i32Sub).set('len');
  };
  /** Where the inner part at `at` reads a chunk: e_j = 4 · (j · n + its column in row j), for each row j. */
  const innerEntries = () => {
    f.get('at').op(...OP.i64Load).set('code', I64);
    for (let j = 0; j < h1; j++) {
      f.get('code', I64).i64(BigInt(8 * j)).op(OP.i64ShrU).op(OP.i32WrapI64).i32(255).op(OP.i32And);
      if (j > 0) f.i32(j * n).op(OP.i32Add);
      f.i32(2).op(OP.i32Shl).set(`e${j}`);
    }
  };
  /** `bits`: the outer parts of the chunk at `cp` that the inner part's queens leave alone (zeros of their OR). */
  const compatible = () => {
    for (let j = 0; j < h1; j++) {
      f.get('cp').get(`e${j}`).op(OP.i32Add).op(...OP.i32Load);
      if (j > 0) f.op(OP.i32Or);
    }
    f.i32(-1).op(OP.i32Xor).set('bits');
  };
  /** On to the list's next chunk, round the enclosing loop while any of the list is left. */
  const nextChunk = () => {
    f.add('cp', bytes);
    f.get('left').i32(chunk).op(OP.i32Sub).tee('left').i32(0).op(OP.i32GtS).brIf(0);
  };

  /**
   * The tops' rows from their diagonals: bit t of the row of a key is bit `key` of top t's i64 (bit c + j of
   * direction 1, bit 32 + c − j + m of direction 2), a transposition, 16 tops at a time: their 16 × 8 bytes
   * regrouped by 24 shuffles so that register B holds byte B of each top, then each key's 16 bits are that
   * register moved left to put the key's bit on top of each byte and `i8x16.bitmask`. Direction 1's keys c + j
   * (0 … n + m − 2) are rows off1 … of r1, direction 2's c − j + m (1 … n + m − 1) rows 0 … of r2. The last
   * group's tops past t are whatever the room holds: their bits are past the last top, where the base row's ones
   * make every bottom conflict (they are never counted).
   */
  const topRows = () => {
    const label = (top: number, byte: number) => 8 * top + byte;
    const lanesOf = new Map<string, number[]>();
    for (let p = 0; p < 8; p++) lanesOf.set(`v${p}`, Array.from({ length: 16 }, (_, l) => label(2 * p + (l >> 3), l & 7)));
    /** `to` made by one shuffle of `a` and `b` so that lane l holds label want[l]. */
    const shuffle = (to: string, a: string, b: string, want: number[]) => {
      const from = [...lanesOf.get(a)!, ...lanesOf.get(b)!];
      const lanes = want.map((w) => from.indexOf(w));
      if (lanes.some((l) => l < 0)) throw new Error(`shuffle ${to}: a lane is in neither register`);
      f.get(a, V128).get(b, V128).op(...V.shuffle, ...lanes).set(to, V128);
      lanesOf.set(to, want);
    };
    f.i32(0).set('g');
    f.block(() => f.loop(() => {
      f.get('g').get('t').op(OP.i32GeU).brIf(1);
      for (let p = 0; p < 8; p++) f.get('out').get('g').i32(3).op(OP.i32Shl).op(OP.i32Add).op(0xfd, 0x00, 4, 16 * p).set(`v${p}`, V128);
      // Four tops, bytes 4h … 4h + 3; eight tops, two bytes; sixteen tops, one byte.
      for (let p = 0; p < 4; p++) {
        for (let h = 0; h < 2; h++) shuffle(`x${p}${h}`, `v${2 * p}`, `v${2 * p + 1}`, Array.from({ length: 16 }, (_, l) => label(4 * p + (l & 3), 4 * h + (l >> 2))));
      }
      for (let q = 0; q < 2; q++) {
        for (let h = 0; h < 2; h++) {
          for (let k = 0; k < 2; k++) shuffle(`y${q}${h}${k}`, `x${2 * q}${h}`, `x${2 * q + 1}${h}`, Array.from({ length: 16 }, (_, l) => label(8 * q + (l & 7), 4 * h + 2 * k + (l >> 3))));
        }
      }
      for (let byte = 0; byte < 8; byte++) {
        const [h, k] = [byte >> 2, (byte >> 1) & 1];
        shuffle(`z${byte}`, `y0${h}${k}`, `y1${h}${k}`, Array.from({ length: 16 }, (_, l) => label(l, byte)));
      }
      const rowsOf = (start: () => void, keys: number[]) => {
        start(), f.get('g').i32(3).op(OP.i32ShrU).op(OP.i32Add).set('p');
        for (const key of keys) {
          f.get('p').get(`z${key >> 3}`, V128);
          if ((key & 7) !== 7) f.i32(7 - (key & 7)).op(...V.shl8);
          f.op(...V.bitmask8).op(...mem(0x3b /* i32.store16 */, 1, 0));
          f.get('p').get('w8').op(OP.i32Add).set('p');
        }
      };
      rowsOf(() => f.get('r1').i32(off1).get('w8').op(OP.i32Mul).op(OP.i32Add), Array.from({ length: n + m - 1 }, (_, k) => k));
      rowsOf(() => f.get('r2'), Array.from({ length: n + m - 1 }, (_, k) => 33 + k));
      f.add('g', 16);
      f.br(0);
    }));
  };

  f.i64(0n).set('total', I64);
  slot(CFG.patternCount).set('np');
  f.get('cfg').i32(-1).op(...mem(OP.i32Store[0]!, 2, 4 * CFG.stoppedAt));
  f.i32(-1).i32(32 - 2 * m).op(OP.i32ShrU).set('all');
  f.get('from').set('k');
  f.block(() => f.loop(() => {
    // labels: 0 the buckets' loop, 1 its block
    f.get('k').get('to').op(OP.i32GeU).brIf(1);
    slot(CFG.reps).get('k').i32(2).op(OP.i32Shl).op(OP.i32Add).op(...OP.i32Load).set('S');
    f.get('all').get('S').op(OP.i32Xor).set('Sb');
    f.block(() => {
      // label 0: this bucket is done (empty); 1 … as above plus one
      bucket();
      f.get('total', I64);
      slot(CFG.weights).get('k').i32(2).op(OP.i32Shl).op(OP.i32Add).op(...OP.i32Load).op(OP.i64ExtendU).get('sum', I64).op(OP.i64Mul);
      f.op(OP.i64Add).set('total', I64);
    });
    f.get('k').get('step').op(OP.i32Add).set('k');
    f.br(0);
  }));
  f.get('total', I64);
  return f;

  function bucket() {
    columnTables('S', 0);
    columnTables('Sb', 48);
    // The top halves while they fit, each as its diagonals (the OR of its parts' i64s), for the rows below.
    f.i32(0).set('t');
    slot(CFG.codes).set('out');
    slot(CFG.room).set('room');
    slot(CFG.topInners).set('ri');
    slot(CFG.topOuters).set('ro');
    choices('S', 0, CFG.topInnerStarts, CFG.topOuterStarts, () => {
      listChunks(CFG.topConfs);
      f.block(() => f.loop(() => {
        f.get('xs').get('xe').op(OP.i32GeU).brIf(1);
        f.get('ri').get('xs').i32(4).op(OP.i32Shl).op(OP.i32Add).set('at');
        f.get('at').op(...mem(OP.i64Load[0]!, 3, 8)).set('dx', I64);
        // Room for every outer part of the list (the most this inner part can make) and the one written past.
        f.get('t').get('len').op(OP.i32Add).get('room').op(OP.i32GeU).if(() => {
          // Out of room: say where, and give back what the buckets before it counted.
          f.get('cfg').get('k').op(...mem(OP.i32Store[0]!, 2, 4 * CFG.stoppedAt));
          f.get('total', I64).op(OP.return);
        });
        innerEntries();
        f.get('cp0').set('cp');
        f.get('yr0').set('yr');
        f.get('len').set('left');
        f.loop(() => {
          compatible();
          // Each compatible outer part (a zero of the masks' OR) makes a top half: its diagonals written. The first
          // four without a branch (each written, kept when there was one: n = 16 has none for 31 % of its inner
          // parts, one for 26 %, four or fewer for 95 %; a loop's exit would be mispredicted at every one), then
          // a loop for the rest. An empty mask's ctz is 32: a read past the chunk's records, in memory, not kept.
          const write = () => {
            f.get('out').get('t').i32(3).op(OP.i32Shl).op(OP.i32Add);
            f.get('yr').get('bits').op(OP.i32Ctz).i32(4).op(OP.i32Shl).op(OP.i32Add).op(...mem(OP.i64Load[0]!, 3, 8)).get('dx', I64).op(OP.i64Or).op(...OP.i64Store);
            f.get('t').get('bits').i32(0).op(OP.i32Ne).op(OP.i32Add).set('t');
            f.get('bits').get('bits').i32(1).op(OP.i32Sub).op(OP.i32And).set('bits');
          };
          for (let k = 0; k < 4; k++) write();
          f.block(() => f.loop(() => {
            f.get('bits').op(OP.i32Eqz).brIf(1);
            write();
            f.br(0);
          }));
          f.add('yr', 16 * chunk);
          nextChunk();
        });
        f.add('xs', 1);
        f.br(0);
      }));
    });
    f.i64(0n).set('sum', I64);
    f.get('t').op(OP.i32Eqz).brIf(0);
    // W = 2^(LEVELS+1)·ceil(t / 2^(7+LEVELS)) 64-bit words, whole steps of 128-bit lanes (the count takes
    // 2^LEVELS at a time); w8 = 8·W, the stride of a row.
    f.get('t').i32((128 << LEVELS) - 1).op(OP.i32Add).i32(7 + LEVELS).op(OP.i32ShrU).i32(4 + LEVELS).op(OP.i32Shl).set('w8');
    slot(CFG.work).set('r1');
    f.get('r1').get('w8').i32(rows).op(OP.i32Mul).op(OP.i32Add).set('r2');
    f.get('r2').get('w8').i32(rows).op(OP.i32Mul).op(OP.i32Add).set('base');
    f.get('base').get('w8').op(OP.i32Add).set('A');
    f.get('A').get('w8').op(OP.i32Add).set('pt');
    f.get('pt').get('w8').i32(pairSteps(m).length * m * m).op(OP.i32Mul).op(OP.i32Add).set('st');
    f.get('st').get('w8').i32(singleSteps(m).length * m).op(OP.i32Mul).op(OP.i32Add).set('sg');
    f.get('sg').get('w8').i32(pairSteps(m).length * 2 * m).op(OP.i32Mul).op(OP.i32Add).set('cbuf');
    slot(CFG.list).set('list');
    // The rows no top writes (direction 1 below its keys, direction 2 above them) and the base row are cleared,
    // then the base's bits past the last top set.
    const zero = (from: () => void, to: () => void) => {
      from(), f.set('p');
      to(), f.set('end');
      f.block(() => f.loop(() => {
        f.get('p').get('end').op(OP.i32GeU).brIf(1);
        f.get('p').op(...V.zero).op(...V.store);
        f.add('p', 16);
        f.br(0);
      }));
    };
    zero(() => f.get('r1'), () => f.get('r1').i32(off1).get('w8').op(OP.i32Mul).op(OP.i32Add));
    zero(() => f.get('r2').i32(n + m - 1).get('w8').op(OP.i32Mul).op(OP.i32Add), () => f.get('A'));
    f.get('A').set('end');
    f.get('base').get('t').i32(6).op(OP.i32ShrU).i32(3).op(OP.i32Shl).op(OP.i32Add).set('p');
    f.block(() => f.loop(() => {
      f.get('p').get('end').op(OP.i32GeU).brIf(1);
      f.get('p').i64(-1n).op(...OP.i64Store);
      f.add('p', 8);
      f.br(0);
    }));
    f.get('t').i32(63).op(OP.i32And).set('x');
    f.get('x').if(() => {
      f.get('base').get('t').i32(6).op(OP.i32ShrU).i32(3).op(OP.i32Shl).op(OP.i32Add);
      f.i64(-1n).get('x').op(OP.i64ExtendU).op(OP.i64Shl);
      f.op(...OP.i64Store);
    });
    topRows();
    // The bottom's columns in order and each one's place among them, then the pair tables: for the step on rows
    // j, j + 1 and the columns of places ia, ib, the OR of their four rows — made as two rows, one for each queen
    // (n = 17 977 → 967 ms; n = 16 and 18 the same within noise).
    for (let i = 0; i < m; i++) {
      slot(CFG.columns).get(`p${i}`).op(OP.i32Add).op(...OP.i32Load8).set('c');
      f.get('cfg').get('c').op(...mem(0x3a, 0, COLS + i));
      f.get('cfg').get('c').op(OP.i32Add).i32(i).op(...mem(0x3a, 0, PLACE));
    }
    pairSteps(m).forEach(([row], table) => {
      // The step's two rows a column at a time (the first table's first row with the base ORed in)…
      const single = (k: number, place: string) => f.i32((2 * table + k) * m).get(place).op(OP.i32Add).get('w8').op(OP.i32Mul).get('sg').op(OP.i32Add);
      for (let k = 0; k < 2; k++) {
        f.i32(0).set('ia');
        f.block(() => f.loop(() => {
          f.get('ia').i32(m).op(OP.i32GeU).brIf(1);
          f.get('cfg').get('ia').op(OP.i32Add).op(...mem(OP.i32Load8[0]!, 0, COLS)).set('ca');
          columnRows('ca', row + k, 't1', 't2');
          single(k, 'ia').set('dst');
          lanes(() => {
            f.get('dst').get('x').op(OP.i32Add);
            load('t1'), load('t2'), f.op(...V.or);
            if (table === 0 && k === 0 && baseInTable) load('base'), f.op(...V.or);
            f.op(...V.store);
          });
          f.add('ia', 1);
          f.br(0);
        }));
      }
      // …then each pair of them: two rows read an entry, not four.
      f.i32(0).set('ia');
      f.block(() => f.loop(() => {
        f.get('ia').i32(m).op(OP.i32GeU).brIf(1);
        single(0, 'ia').set('t1');
        f.i32(0).set('ib');
        f.block(() => f.loop(() => {
          f.get('ib').i32(m).op(OP.i32GeU).brIf(1);
          f.get('ib').get('ia').op(OP.i32Ne).if(() => {
            single(1, 'ib').set('t3');
            f.get('ia').i32(m).op(OP.i32Mul).get('ib').op(OP.i32Add).i32(table * m * m).op(OP.i32Add).get('w8').op(OP.i32Mul).get('pt').op(OP.i32Add).set('dst');
            lanes(() => {
              f.get('dst').get('x').op(OP.i32Add);
              load('t1'), load('t3'), f.op(...V.or);
              f.op(...V.store);
            });
          });
          f.add('ib', 1);
          f.br(0);
        }));
        f.add('ia', 1);
        f.br(0);
      }));
    });
    // The single tables: for the step on row j and the column of place ia, the OR of its two rows.
    singleSteps(m).forEach(([row], table) => {
      f.i32(0).set('ia');
      f.block(() => f.loop(() => {
        f.get('ia').i32(m).op(OP.i32GeU).brIf(1);
        f.get('cfg').get('ia').op(OP.i32Add).op(...mem(OP.i32Load8[0]!, 0, COLS)).set('ca');
        columnRows('ca', row, 't1', 't2');
        f.get('ia').i32(table * m).op(OP.i32Add).get('w8').op(OP.i32Mul).get('st').op(OP.i32Add).set('dst');
        lanes(() => {
          f.get('dst').get('x').op(OP.i32Add);
          load('t1'), load('t2'), f.op(...V.or);
          f.op(...V.store);
        });
        f.add('ia', 1);
        f.br(0);
      }));
    });
    // The bottoms, choice by choice.
    f.op(...V.zero).set('acc', V128);
    for (const counter of COUNTERS.slice(0, LEVELS)) f.op(...V.zero).set(counter, V128);
    f.i32(0).set('adds');
    slot(CFG.bottomInners).set('ri');
    slot(CFG.bottomOuters).set('ro');
    choices('Sb', 48, CFG.bottomInnerStarts, CFG.bottomOuterStarts, () => {
      // C[y] for every outer part of this choice (not for halves of up to 8 rows: see DIRECT).
      if (!DIRECT) {
        f.get('ys').set('y');
        f.get('cbuf').set('q');
        f.block(() => f.loop(() => {
          f.get('y').get('ye').op(OP.i32GeU).brIf(1);
          f.get('ro').get('y').i32(4).op(OP.i32Shl).op(OP.i32Add).op(...OP.i64Load).set('code', I64);
          const outer = partPointers('code', h1, h2);
          lanes(() => {
            f.get('q').get('x').op(OP.i32Add);
            outer.forEach((row, i) => (load(row), i > 0 && f.op(...V.or)));
            if (outer.length === 0) f.op(...V.zero);
            f.op(...V.store);
          });
          f.get('q').get('w8').op(OP.i32Add).set('q');
          f.add('y', 1);
          f.br(0);
        }));
      }
      // Each inner part: its compatible outer parts' masks, a chunk at a time, kept in the list; when there are
      // any, its row A made and each one counted. Most inner parts have few (n = 18: 1.7 on average) and many
      // none: making A only for those with some saves a tenth of the join at n = 18 (A costs W/2 lanes an inner
      // part, as much as counting one bottom).
      listChunks(CFG.bottomConfs);
      f.block(() => f.loop(() => {
        f.get('xs').get('xe').op(OP.i32GeU).brIf(1);
        f.get('ri').get('xs').i32(4).op(OP.i32Shl).op(OP.i32Add).set('at');
        innerEntries();
        f.get('cp0').set('cp');
        f.get('len').set('left');
        f.get('list').set('o');
        f.i32(0).set('any');
        f.loop(() => {
          compatible();
          f.get('o').get('bits').op(...OP.i32Store);
          f.get('any').get('bits').op(OP.i32Popcnt).op(OP.i32Add).set('any');
          f.add('o', 4);
          nextChunk();
        });
        f.get('any').if(() => f.block(() => {
          f.get('at').op(...OP.i64Load).set('code', I64);
          const inner = partPointers('code', 0, h1);
          // One compatible outer part (n = 18: 41 % of the inner parts that have any): counted from the inner
          // part's rows and C[y] as they are, A[x] neither made nor read — for halves of 9 rows or more, on rows
          // of 4096 tops or more, where the lanes saved outweigh the branch (one or more is a toss-up). Smaller
          // boards do without: their buckets are narrow, and the second count loop alone made n = 16 5 % slower.
          if (m >= 9) f.get('any').i32(1).op(OP.i32Eq).get('w8').i32(SINGLE_FROM).op(OP.i32GeU).op(OP.i32And).if(() => {
            f.get('list').set('p');
            f.get('cbuf').set('q0');
            f.block(() => f.loop(() => {
              f.get('p').op(...OP.i32Load).tee('bits').brIf(1);
              f.get('q0').get('w8').i32(chunk).op(OP.i32Mul).op(OP.i32Add).set('q0');
              f.add('p', 4);
              f.br(0);
            }));
            f.get('bits').op(OP.i32Ctz).get('w8').op(OP.i32Mul).get('q0').op(OP.i32Add).set('q');
            countBottom([...(baseInTable ? [] : ['base']), ...inner, 'q']);
            f.br(1);
          });
          f.op(...V.ones).set('and', V128);
          lanes(() => {
            if (!baseInTable) load('base');
            inner.forEach((row, i) => (load(row), (i > 0 || !baseInTable) && f.op(...V.or)));
            f.set('v', V128);
            f.get('A').get('x').op(OP.i32Add).get('v', V128).op(...V.store);
            f.get('and', V128).get('v', V128).op(...V.and).set('and', V128);
          });
          // An inner part that conflicts with every top: none of its bottoms counts.
          f.get('and', V128).op(...V.not).op(...V.anyTrue).if(() => {
            f.get('list').set('p');
            // Where the list's chunks start: the outer parts' records (DIRECT), or their rows C[y].
            if (DIRECT) f.get('ro').get('ys').i32(4).op(OP.i32Shl).op(OP.i32Add).set('yr');
            else f.get('cbuf').set('q0');
            f.loop(() => {
              f.get('p').op(...OP.i32Load).set('bits');
              f.block(() => f.loop(() => {
                f.get('bits').op(OP.i32Eqz).brIf(1);
                if (DIRECT) {
                  f.get('yr').get('bits').op(OP.i32Ctz).i32(4).op(OP.i32Shl).op(OP.i32Add).op(...OP.i64Load).set('ycode', I64);
                  const outer = partPointers('ycode', h1, h2, 'o');
                  f.get('bits').get('bits').i32(1).op(OP.i32Sub).op(OP.i32And).set('bits');
                  countBottom(['A', ...outer]);
                } else {
                  f.get('bits').op(OP.i32Ctz).get('w8').op(OP.i32Mul).get('q0').op(OP.i32Add).set('q');
                  f.get('bits').get('bits').i32(1).op(OP.i32Sub).op(OP.i32And).set('bits');
                  countBottom(['A', 'q']);
                }
                f.br(0);
              }));
              if (DIRECT) f.add('yr', 16 * chunk);
              else f.get('q0').get('w8').i32(chunk).op(OP.i32Mul).op(OP.i32Add).set('q0');
              f.add('p', 4);
              f.get('p').get('o').op(OP.i32LtU).brIf(0);
            });
          });
        }));
        f.add('xs', 1);
        f.br(0);
      }));
    });
    fold();
    // What the carry-save adders' counters still hold, each at its weight.
    COUNTERS.slice(0, LEVELS).forEach((counter, level) => {
      f.get(counter, V128).op(...V.popcnt8, ...V.widen8, ...V.widen16).set('v', V128);
      for (let lane = 0; lane < 4; lane++) f.get('sum', I64).get('v', V128).op(0xfd, 0x1b, lane).op(OP.i64ExtendU).i64(BigInt(level)).op(OP.i64Shl).op(OP.i64Sub).set('sum', I64);
    });
  }
}
