/**
 * The half-board join as WebAssembly: `join(from, to, step, cfg) → i64` counts, for each bucket k = from, from +
 * step, … below `to` of a band, the compatible pairs of its top and bottom halves, times the bucket's weight. A bucket is the set S of
 * the top half's columns (the bottom's are the other m open columns), and its halves are made here, as they are
 * needed, from the band's parts (`half-search-kernel.ts`): for each way σ of choosing the inner part's h₁
 * columns among the half's m, every inner part on σ with every outer part on the rest whose diagonals it
 * does not meet. Then a bit-parallel sieve:
 *
 * 1. The top halves become bitsets: for each diagonal (both directions) a row of W 64-bit words with bit t set
 *    when top half t uses that diagonal (rows no bottom queen reads are written and never read: no test).
 * 2. For the bottoms, the rows of each outer part's queens are ORed once per choice σ (C[y]: the tops it
 *    conflicts with). The outer parts compatible with an inner part x are listed (each written, the list's end
 *    moved on when it fits: no branch to mispredict, where about one in seven fits); when there are any, x's
 *    rows are ORed once (A[x], with the padding past the last top; an inner part that conflicts with every top
 *    ends there), and each listed one is counted as the tops in neither A[x] nor C[y]: the ones of A[x] | C[y],
 *    128 bits at a time (SIMD) by popcount, taken from the bits a bottom is tested against: two rows read per
 *    bottom half, none of them stored. The tops are made the same way, every candidate written and the end moved
 *    on if it fits.
 *
 * The work is the bottoms times W/2 lanes, plus the parts' ORs; memory is one bucket's rows, never a band's
 * halves. Config (i32 slots at `cfg`, addresses in bytes): 0 reps, 1 weights (the buckets), 2 patterns (the
 * C(m, h₁) ways σ, as masks of the half's m columns in order), 3 their number, 4/5 the top inner parts' starts
 * (by column set) and records, 6/7 the top outer parts', 8–11 the same for the bottom, 12 work, 13 the top
 * halves' outer parts (8 bytes each), 14 how many fit (an inner part's candidates are written before they are
 * tested), 16 each open column's column (a byte a place), 17 the runs of
 * top halves with one inner part (16 bytes each, as many), 18 a list of an inner part's compatible outer parts (4
 * bytes each, as many as the most outer parts on one column set); the kernel writes 15: the
 * bucket it stopped at for want of room (−1 when it did not), and uses the slots from 20 for each bucket's column
 * tables: three per side, then the bottom's columns (16 bytes) and each column's place among them (32 bytes).
 */

import { Body, I32, I64, mem, OP, V, V128 } from './wasm-body.js';
import { partRows } from './part-rows.js';

/** Rows of one diagonal direction: every key a top half writes or a bottom half reads (see `joinBody`). */
export const diagonalRows = (n: number, m: number, b: number) => n + 2 * m + b;

/** The counters the count's carry-save adders keep (weights 1 and 2). */
const COUNTERS = ['ones', 'twos'] as const;
/**
 * Carry-save levels of the count by half height: two lanes a step, four from halves of 9 rows (n = 18 on), where
 * buckets are wide enough for the padding to a step not to cost more than it saves (measured: n = 18 3.5 % faster,
 * n = 17 2 % slower with four).
 */
export const joinLevels = (m: number) => (m >= 9 ? 2 : 1);

/** Bytes of the join's work area for buckets of up to `tops` top halves and outer lists of up to `outers`. */
export function joinBytes(n: number, m: number, b: number, tops: number, outers: number, levels = joinLevels(m)): number {
  const w8 = (16 << levels) * Math.ceil(Math.max(1, tops) / (128 << levels));
  return w8 * (2 * diagonalRows(n, m, b) + 2 + pairSteps(m).length * m * m + Math.max(1, outers));
}

/** The rows of a part, from the band outward, as pairs (a table each) and a single row when the count is odd. */
function stepsOf(from: number, rows: number): [row: number, queens: number][] {
  const out: [number, number][] = [];
  for (let j = 0; j < rows; j += 2) out.push([from + j, Math.min(2, rows - j)]);
  return out;
}

/** Every pair step of a half: the inner part's, then the outer's. */
const pairSteps = (m: number): [number, number][] => {
  const [h1, h2] = partRows(m);
  return [...stepsOf(0, h1), ...stepsOf(h1, h2)].filter(([, q]) => q === 2);
};

/** The config block's slots. */
export const CFG = {
  reps: 0, weights: 1, patterns: 2, patternCount: 3, topInnerStarts: 4, topInners: 5, topOuterStarts: 6, topOuters: 7,
  bottomInnerStarts: 8, bottomInners: 9, bottomOuterStarts: 10, bottomOuters: 11, work: 12, codes: 13, room: 14, stoppedAt: 15,
  columns: 16, runs: 17, list: 18, scratch: 20, size: 128,
} as const;

/**
 * The join for an n×n board, halves of m rows on either side of a band of b rows, inner parts of h₁ = ⌈m/2⌉
 * rows. Top queen (row j from the band outward, column c) and bottom queen (j′, c′) share a diagonal when
 * |c − c′| = j + j′ + b + 1: c + j = c′ − j′ − b − 1 (direction 1) or c − j = c′ + j′ + b + 1 (direction 2).
 * Those are the rows' keys, moved up by `off1` and `off2` so that none is negative.
 */
export function joinBody(n: number, m: number, b: number, levels = joinLevels(m)): Body {
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
  /**
   * The base row (the padding past the last top) is ORed into every entry of the first pair table, the inner
   * part's rows nearest the band, when it has two rows or more: A[x] then reads one row fewer a lane.
   */
  const baseInTable = h1 >= 2;
  /**
   * The pointers whose ORs give a part's conflicts: for each step of the part (its queens in `code`, bytes from
   * its first row `from`), a pair table's entry, or a single queen's two rows. Returns their locals.
   */
  const partPointers = (code: string, from: number, rows: number): string[] => {
    const out: string[] = [];
    for (const [row, queens] of stepsOf(from, rows)) {
      const q = row - from;
      if (queens === 2 && tableOf(row) >= 0) {
        const place = (byte: number) => f.get('cfg').get(code, I64).i64(BigInt(8 * byte)).op(OP.i64ShrU).op(OP.i32WrapI64).i32(255).op(OP.i32And).op(OP.i32Add).op(...mem(OP.i32Load8[0]!, 0, PLACE));
        place(q).i32(m).op(OP.i32Mul), place(q + 1).op(OP.i32Add);
        f.i32(tableOf(row) * m * m).op(OP.i32Add).get('w8').op(OP.i32Mul).get('pt').op(OP.i32Add).set(`s${out.length}`);
        out.push(`s${out.length}`);
      } else {
        for (let k = 0; k < queens; k++) {
          f.get(code, I64).i64(BigInt(8 * (q + k))).op(OP.i64ShrU).op(OP.i32WrapI64).i32(255).op(OP.i32And).set('c');
          columnRows('c', row + k, `s${out.length}`, `s${out.length + 1}`);
          out.push(`s${out.length}`, `s${out.length + 1}`);
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
  /** Lane-adds of at most 16 each the 16-bit counts hold: 4095 · 16 < 65536 (checked before each bottom's adds). */
  const ADDS = 4095;
  /**
   * The carry of 2^level lanes from byte `offset` of the step (the ones of A | C, lane by lane), made by carry-save
   * adders: two lanes into the counter `ones` give a carry worth 2, two such carries into `twos` one worth 4. A
   * full adder of (counter, x, y): the counter keeps their sum's low bit, the carry is their majority.
   */
  function carry(level: number, offset: number): string {
    let x: string, y: string;
    if (level === 1) {
      load('A', offset), load('q', offset), f.op(...V.or).set('vx', V128);
      load('A', offset + 16), load('q', offset + 16), f.op(...V.or).set('vy', V128);
      [x, y] = ['vx', 'vy'];
    } else {
      x = carry(level - 1, offset);
      f.get(x, V128).set(`h${level}`, V128);
      x = `h${level}`;
      y = carry(level - 1, offset + (16 << (level - 1)));
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
    // The top halves while they fit: each one's outer part, and for each inner part the run of tops made with it
    // (its code, the first top and the one past the last), so that its rows get whole runs of bits at once.
    f.i32(0).set('t');
    slot(CFG.codes).set('out');
    slot(CFG.runs).set('run');
    slot(CFG.room).set('room');
    slot(CFG.topInners).set('ri');
    slot(CFG.topOuters).set('ro');
    choices('S', 0, CFG.topInnerStarts, CFG.topOuterStarts, () => {
      f.block(() => f.loop(() => {
        f.get('xs').get('xe').op(OP.i32GeU).brIf(1);
        f.get('ri').get('xs').i32(4).op(OP.i32Shl).op(OP.i32Add).set('at');
        f.get('at').op(...mem(OP.i64Load[0]!, 3, 8)).set('dx', I64);
        f.get('t').set('t0');
        // Room for every candidate (each is written, and kept when compatible: no branch to mispredict).
        f.get('t').get('ye').op(OP.i32Add).get('ys').op(OP.i32Sub).get('room').op(OP.i32GtU).if(() => {
          // Out of room: say where, and give back what the buckets before it counted.
          f.get('cfg').get('k').op(...mem(OP.i32Store[0]!, 2, 4 * CFG.stoppedAt));
          f.get('total', I64).op(OP.return);
        });
        f.get('ro').get('ys').i32(4).op(OP.i32Shl).op(OP.i32Add).set('yat');
        f.get('ro').get('ye').i32(4).op(OP.i32Shl).op(OP.i32Add).set('yend');
        f.get('out').get('t').i32(3).op(OP.i32Shl).op(OP.i32Add).set('o');
        f.block(() => f.loop(() => {
          f.get('yat').get('yend').op(OP.i32GeU).brIf(1);
          f.get('o').get('yat').op(...OP.i64Load).op(...OP.i64Store);
          f.get('o').get('yat').op(...mem(OP.i64Load[0]!, 3, 8)).get('dx', I64).op(OP.i64And).op(0x50 /* i64.eqz */).i32(3).op(OP.i32Shl).op(OP.i32Add).set('o');
          f.add('yat', 16);
          f.br(0);
        }));
        f.get('o').get('out').op(OP.i32Sub).i32(3).op(OP.i32ShrU).set('t');
        f.get('t').get('t0').op(OP.i32Ne).if(() => {
          f.get('run').get('at').op(...OP.i64Load).op(...OP.i64Store);
          f.get('run').get('t0').op(...mem(OP.i32Store[0]!, 2, 8));
          f.get('run').get('t').op(...mem(OP.i32Store[0]!, 2, 12));
          f.add('run', 16);
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
    f.get('pt').get('w8').i32(pairSteps(m).length * m * m).op(OP.i32Mul).op(OP.i32Add).set('cbuf');
    slot(CFG.list).set('list');
    // Zero the rows of both directions and the base row, then set the base's bits past the last top.
    f.get('r1').set('p');
    f.get('A').set('end');
    f.block(() => f.loop(() => {
      f.get('p').op(...V.zero).op(...V.store);
      f.add('p', 16);
      f.get('p').get('end').op(OP.i32LtU).brIf(0);
    }));
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
    // The tops' bitsets: top i, queen j (column c): direction 1 key c + j, direction 2 key c − j. The inner
    // parts' queens set a run of bits each, the outer parts' one bit.
    f.get('run').set('runEnd');
    slot(CFG.runs).set('run');
    f.block(() => f.loop(() => {
      f.get('run').get('runEnd').op(OP.i32GeU).brIf(1);
      f.get('run').op(...OP.i64Load).set('code', I64);
      f.get('run').op(...mem(OP.i32Load[0]!, 2, 8)).set('i');
      f.get('run').op(...mem(OP.i32Load[0]!, 2, 12)).i32(1).op(OP.i32Sub).set('last');
      f.i64(-1n).get('i').op(OP.i64ExtendU).op(OP.i64Shl).set('m0', I64);
      f.i64(-1n).i64(63n).get('last').i32(63).op(OP.i32And).op(OP.i64ExtendU).op(OP.i64Sub).op(OP.i64ShrU).set('m1', I64);
      f.get('i').i32(6).op(OP.i32ShrU).i32(3).op(OP.i32Shl).set('w0');
      f.get('last').i32(6).op(OP.i32ShrU).i32(3).op(OP.i32Shl).set('w1');
      for (let j = 0; j < h1; j++) {
        f.get('code', I64).i64(BigInt(8 * j)).op(OP.i64ShrU).op(OP.i32WrapI64).i32(255).op(OP.i32And).set('c');
        for (const [key, base, offset] of [[OP.i32Add, 'r1', off1], [OP.i32Sub, 'r2', off2]] as const) {
          f.get('c').i32(j).op(key);
          rowAt(base, offset, 'a');
          // Words w0 … w1 of the row, the first and last masked.
          f.get('w0').set('w');
          f.block(() => f.loop(() => {
            f.i64(-1n).set('mask', I64);
            f.get('w').get('w0').op(OP.i32Eq).if(() => f.get('m0', I64).set('mask', I64));
            f.get('w').get('w1').op(OP.i32Eq).if(() => f.get('mask', I64).get('m1', I64).op(OP.i64And).set('mask', I64));
            f.get('a').get('w').op(OP.i32Add).set('b1');
            f.get('b1').get('b1').op(...OP.i64Load).get('mask', I64).op(OP.i64Or).op(...OP.i64Store);
            f.add('w', 8);
            f.get('w').get('w1').op(OP.i32LeU).brIf(0);
          }));
        }
      }
      f.add('run', 16);
      f.br(0);
    }));
    f.i32(0).set('i');
    f.get('out').set('p');
    f.block(() => f.loop(() => {
      f.get('i').get('t').op(OP.i32GeU).brIf(1);
      f.get('i').i32(6).op(OP.i32ShrU).i32(3).op(OP.i32Shl).set('word');
      f.i64(1n).get('i').op(OP.i64ExtendU).op(OP.i64Shl).set('bit', I64);
      f.get('r1').get('word').op(OP.i32Add).set('b1');
      f.get('r2').get('word').op(OP.i32Add).set('b2');
      for (let q = 0; q < h2; q++) {
        const j = h1 + q;
        f.get('p').op(...mem(OP.i32Load8[0]!, 0, q)).set('c');
        f.get('c').i32(j).op(OP.i32Add);
        rowAt('b1', off1, 'a');
        f.get('a').get('a').op(...OP.i64Load).get('bit', I64).op(OP.i64Or).op(...OP.i64Store);
        f.get('c').i32(j).op(OP.i32Sub);
        rowAt('b2', off2, 'a');
        f.get('a').get('a').op(...OP.i64Load).get('bit', I64).op(OP.i64Or).op(...OP.i64Store);
      }
      f.add('p', 8);
      f.add('i', 1);
      f.br(0);
    }));
    // The bottom's columns in order and each one's place among them, then the pair tables: for the step on rows
    // j, j + 1 and the columns of places ia, ib, the OR of their four rows.
    for (let i = 0; i < m; i++) {
      slot(CFG.columns).get(`p${i}`).op(OP.i32Add).op(...OP.i32Load8).set('c');
      f.get('cfg').get('c').op(...mem(0x3a, 0, COLS + i));
      f.get('cfg').get('c').op(OP.i32Add).i32(i).op(...mem(0x3a, 0, PLACE));
    }
    pairSteps(m).forEach(([row], table) => {
      f.i32(0).set('ia');
      f.block(() => f.loop(() => {
        f.get('ia').i32(m).op(OP.i32GeU).brIf(1);
        f.get('cfg').get('ia').op(OP.i32Add).op(...mem(OP.i32Load8[0]!, 0, COLS)).set('ca');
        columnRows('ca', row, 't1', 't2');
        f.i32(0).set('ib');
        f.block(() => f.loop(() => {
          f.get('ib').i32(m).op(OP.i32GeU).brIf(1);
          f.get('ib').get('ia').op(OP.i32Ne).if(() => {
            f.get('cfg').get('ib').op(OP.i32Add).op(...mem(OP.i32Load8[0]!, 0, COLS)).set('cb');
            columnRows('cb', row + 1, 't3', 't4');
            f.get('ia').i32(m).op(OP.i32Mul).get('ib').op(OP.i32Add).i32(table * m * m).op(OP.i32Add).get('w8').op(OP.i32Mul).get('pt').op(OP.i32Add).set('dst');
            lanes(() => {
              f.get('dst').get('x').op(OP.i32Add);
              load('t1'), load('t2'), f.op(...V.or), load('t3'), f.op(...V.or), load('t4'), f.op(...V.or);
              if (table === 0 && baseInTable) load('base'), f.op(...V.or);
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
    // The bottoms, choice by choice.
    f.op(...V.zero).set('acc', V128);
    for (const counter of COUNTERS.slice(0, LEVELS)) f.op(...V.zero).set(counter, V128);
    f.i32(0).set('adds');
    slot(CFG.bottomInners).set('ri');
    slot(CFG.bottomOuters).set('ro');
    choices('Sb', 48, CFG.bottomInnerStarts, CFG.bottomOuterStarts, () => {
      // C[y] for every outer part of this choice.
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
      // Each inner part: its compatible outer parts listed first (every one written, kept when compatible: no
      // branch to mispredict), then, when there are any, its row A made and each listed one counted. Most inner
      // parts have few (n = 18: 1.7 on average) and many none: making A only for those with some saves a tenth of
      // the join at n = 18 (A costs W/2 lanes an inner part, as much as counting one bottom).
      f.block(() => f.loop(() => {
        f.get('xs').get('xe').op(OP.i32GeU).brIf(1);
        f.get('ri').get('xs').i32(4).op(OP.i32Shl).op(OP.i32Add).set('at');
        f.get('at').op(...mem(OP.i64Load[0]!, 3, 8)).set('dx', I64);
        f.get('ro').get('ys').i32(4).op(OP.i32Shl).op(OP.i32Add).set('yat');
        f.get('ro').get('ye').i32(4).op(OP.i32Shl).op(OP.i32Add).set('yend');
        f.get('cbuf').set('q');
        f.get('list').set('o');
        f.block(() => f.loop(() => {
          f.get('yat').get('yend').op(OP.i32GeU).brIf(1);
          f.get('o').get('q').op(...OP.i32Store);
          f.get('o').get('yat').op(...mem(OP.i64Load[0]!, 3, 8)).get('dx', I64).op(OP.i64And).op(0x50 /* i64.eqz */).i32(2).op(OP.i32Shl).op(OP.i32Add).set('o');
          f.get('q').get('w8').op(OP.i32Add).set('q');
          f.add('yat', 16);
          f.br(0);
        }));
        f.get('o').get('list').op(OP.i32Ne).if(() => {
          f.get('at').op(...OP.i64Load).set('code', I64);
          const inner = partPointers('code', 0, h1);
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
            f.block(() => f.loop(() => {
              f.get('p').get('o').op(OP.i32GeU).brIf(1);
              f.get('p').op(...OP.i32Load).set('q');
              // The ones of A | C (tops this bottom conflicts with), taken from the bits tested: the zeros without a
              // NOT in the hot loop. 2^LEVELS lanes at a time go through carry-save adders into running counters
              // (`ones`, `twos`), so that one popcount serves them all: a third to a half fewer operations a lane.
              // Room in the 16-bit counts for this bottom's adds (each up to 16), or they are added up first: the ones
              // of a bottom that conflicts with most tops fill them, where zeros never came near.
              f.get('adds').get('w8').i32(4 + LEVELS).op(OP.i32ShrU).op(OP.i32Add).i32(ADDS).op(OP.i32GtU).if(fold);
              f.i32(0).set('x');
              f.block(() => f.loop(() => {
                f.get('acc', V128).get(carry(LEVELS, 0), V128).op(...V.popcnt8, ...V.widen8, ...V.add16).set('acc', V128);
                f.add('x', 16 << LEVELS);
                f.get('x').get('w8').op(OP.i32LtU).brIf(0);
              }));
              f.get('sum', I64).get('w8').i32(3).op(OP.i32Shl).op(OP.i64ExtendU).op(OP.i64Add).set('sum', I64);
              f.get('adds').get('w8').i32(4 + LEVELS).op(OP.i32ShrU).op(OP.i32Add).set('adds');
              f.add('p', 4);
              f.br(0);
            }));
          });
        });
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
