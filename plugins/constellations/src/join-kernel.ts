/**
 * The half-board strategy's kernels (`halves.ts`) as WebAssembly, emitted byte by byte like `kernel.ts`: one
 * module per board size and band, compiled once, with three functions. `search` finds the halves on one side of
 * the band (nested loops, one per row) and tallies their buckets; `place` is the counting sort's pass that puts
 * them in bucket order; `join` counts the compatible pairs of one bucket of top halves with one bucket of bottom
 * halves (all with complementary columns), by a bit-parallel sieve:
 *
 * 1. The top halves become bitsets: for each diagonal (both directions) a row of W 64-bit words with bit t set
 *    when top half t uses that diagonal.
 * 2. The bottom halves, in the order their search found them (rows from the band outward, so that neighbours
 *    share their first queens), are walked as a trie: level j holds the OR of the rows of the first j queens'
 *    diagonals, i.e. the top halves those queens conflict with, 128 bits at a time (SIMD). A level whose OR is
 *    all ones (every top half conflicts) ends every bottom half beginning so, unread; at the second-to-last
 *    queen (the last is forced by the bucket's columns) the zeros left by both are the compatible top halves,
 *    counted with `i64.popcnt`.
 *
 * Memory, all addresses in bytes: a half is 8 bytes, its columns from the band outward (m ≤ 8 of them) and
 * padding; the caller puts each bucket's halves anywhere past the join's work area, which it reserves from
 * `work` on, 8·W·(2(rb + 2n) + m + 1) bytes: the diagonal rows of one direction (rb + 2n rows of W words), then
 * the other's, then the trie's m + 1 levels.
 */

import { name, section, sleb, uleb, vector } from './wasm-encoding.js';

const I32 = 0x7f;
const I64 = 0x7e;
const V128 = 0x7b;
const VOID = 0x40;

/** A function body written as a stack machine: named locals, structured blocks, the opcodes it needs. */
class Body {
  readonly code: number[] = [];
  private readonly names = new Map<string, { index: number; type: number }>();
  private readonly declared: number[] = [];
  constructor(private readonly params: readonly (readonly [string, number])[]) {
    params.forEach(([id, type], index) => this.names.set(id, { index, type }));
  }
  private slot(id: string, type: number): number {
    const known = this.names.get(id);
    if (known) {
      if (known.type !== type) throw new Error(`local ${id} used as two types`);
      return known.index;
    }
    const index = this.params.length + this.declared.length;
    this.declared.push(type);
    this.names.set(id, { index, type });
    return index;
  }
  op(...bytes: number[]): this {
    this.code.push(...bytes);
    return this;
  }
  get(id: string, type = I32): this {
    return this.op(0x20, ...uleb(this.slot(id, type)));
  }
  set(id: string, type = I32): this {
    return this.op(0x21, ...uleb(this.slot(id, type)));
  }
  i32(v: number): this {
    return this.op(0x41, ...sleb(v));
  }
  i64(v: bigint): this {
    return this.op(0x42, ...sleb(v));
  }
  /** A block (a `br` to it leaves it) around what `inner` writes. */
  block(inner: () => void): this {
    this.op(0x02, VOID);
    inner();
    return this.op(0x0b);
  }
  /** A loop (a `br` to it goes round again) around what `inner` writes. */
  loop(inner: () => void): this {
    this.op(0x03, VOID);
    inner();
    return this.op(0x0b);
  }
  /** if … end on the i32 on the stack. */
  if(inner: () => void): this {
    this.op(0x04, VOID);
    inner();
    return this.op(0x0b);
  }
  br(depth: number): this {
    return this.op(0x0c, ...uleb(depth));
  }
  brIf(depth: number): this {
    return this.op(0x0d, ...uleb(depth));
  }
  /** The function's bytes: locals grouped by type, the code, `end`. */
  bytes(): number[] {
    const groups: number[][] = [];
    for (const type of this.declared) {
      const last = groups.at(-1);
      if (last && last[1] === type) last[0]!++;
      else groups.push([1, type]);
    }
    const body = [...vector(groups.map(([count, type]) => [...uleb(count!), type!])), ...this.code, 0x0b];
    return [...uleb(body.length), ...body];
  }
}

const OP = {
  i32Load8: [0x2d, 0, 0], i64Load: [0x29, 3, 0], i64Store: [0x37, 3, 0],
  i32Eqz: 0x45, i32Eq: 0x46, i32Ne: 0x47, i32LtS: 0x48, i32LtU: 0x49, i32GtS: 0x4a, i32GeS: 0x4e, i32GeU: 0x4f,
  i64Eq: 0x51, i64Ne: 0x52,
  i32Add: 0x6a, i32Sub: 0x6b, i32Mul: 0x6c, i32And: 0x71, i32Shl: 0x74, i32ShrU: 0x76,
  i64Popcnt: 0x7b, i64Add: 0x7c, i64Sub: 0x7d, i64And: 0x83, i64Or: 0x84, i64Xor: 0x85, i64Shl: 0x86,
  i64ExtendU: 0xad, i32Ctz: 0x68, i32Or: 0x72, i32Xor: 0x73, i32Store: [0x36, 2, 0], i32Store8: [0x3a, 0, 0], i32Load: [0x28, 2, 0],
} as const;

/** The 128-bit operations the join uses (WebAssembly SIMD). */
const V = {
  load: [0xfd, 0x00, 4, 0], store: [0xfd, 0x0b, 4, 0], not: [0xfd, 0x4d], and: [0xfd, 0x4e], or: [0xfd, 0x50], anyTrue: [0xfd, 0x53],
  lane0: [0xfd, 0x1d, 0], lane1: [0xfd, 0x1d, 1], ones: [0xfd, 0x0c, ...Array.from({ length: 16 }, () => 0xff)],
} as const;

/**
 * `join(work, top, tops, bottom, bottoms) → i64`: the number of compatible (top, bottom) pairs of one bucket
 * each, for an n×n board whose halves have m rows and whose bottom half starts at row `rb`.
 */
function joinBody(n: number, m: number, rb: number): Body {
  const f = new Body([['work', I32], ['top', I32], ['tops', I32], ['bottom', I32], ['bottoms', I32]]);
  // Each direction has rb + 2n rows, the first rb for the top's diagonals that no bottom queen reaches (written,
  // never read: the bitsets are built without a test). W = 2·ceil(tops / 128) 64-bit words, whole 128-bit lanes;
  // w8 = 8·W, the stride of a row; d1 and d2 are row 0 of each direction, acc the trie's first level.
  const rows = rb + 2 * n;
  f.get('tops').i32(127).op(OP.i32Add).i32(7).op(OP.i32ShrU).i32(1).op(OP.i32Shl).set('W');
  f.get('W').i32(3).op(OP.i32Shl).set('w8');
  f.get('work').get('w8').i32(rb).op(OP.i32Mul).op(OP.i32Add).set('d1');
  f.get('d1').get('w8').i32(rows).op(OP.i32Mul).op(OP.i32Add).set('d2');
  f.get('work').get('w8').i32(2 * rows).op(OP.i32Mul).op(OP.i32Add).set('acc');
  // Zero the diagonal rows and the trie's first level.
  f.get('acc').get('w8').op(OP.i32Add).set('end');
  f.get('work').set('p');
  f.block(() => f.loop(() => {
    f.get('p').get('end').op(OP.i32GeU).brIf(1);
    f.get('p').i64(0n).op(...OP.i64Store);
    f.get('p').i32(8).op(OP.i32Add).set('p');
    f.br(0);
  }));
  // Places past the last top half count as conflicting: their bits start set in level 0.
  f.get('acc').get('tops').i32(6).op(OP.i32ShrU).i32(3).op(OP.i32Shl).op(OP.i32Add).set('p');
  f.block(() => f.loop(() => {
    f.get('p').get('end').op(OP.i32GeU).brIf(1);
    f.get('p').i64(-1n).op(...OP.i64Store);
    f.get('p').i32(8).op(OP.i32Add).set('p');
    f.br(0);
  }));
  f.get('tops').i32(63).op(OP.i32And).set('x');
  f.get('x').if(() => {
    f.get('acc').get('tops').i32(6).op(OP.i32ShrU).i32(3).op(OP.i32Shl).op(OP.i32Add);
    f.i64(-1n).get('x').op(OP.i64ExtendU).op(OP.i64Shl);
    f.op(...OP.i64Store);
  });
  // Bitsets: top half t, queen j (row m−1−j, column c): d1 row c − j + (m−1−rb), d2 row −c − j + (m+n−2−rb), when ≥ 0.
  f.i32(0).set('t');
  f.get('top').set('p');
  f.block(() => f.loop(() => {
    f.get('t').get('tops').op(OP.i32GeU).brIf(1);
    f.get('t').i32(6).op(OP.i32ShrU).i32(3).op(OP.i32Shl).set('word');
    f.i64(1n).get('t').op(OP.i64ExtendU).op(OP.i64Shl).set('bit', I64);
    f.get('d1').get('word').op(OP.i32Add).set('b1');
    f.get('d2').get('word').op(OP.i32Add).set('b2');
    for (let j = 0; j < m; j++) {
      f.get('p').op(OP.i32Load8[0]!, 0, j).set('c');
      f.get('b1').get('c').i32(m - 1 - rb - j).op(OP.i32Add).get('w8').op(OP.i32Mul).op(OP.i32Add).set('a');
      f.get('a').get('a').op(...OP.i64Load).get('bit', I64).op(OP.i64Or).op(...OP.i64Store);
      f.get('b2').i32(m + n - 2 - rb - j).get('c').op(OP.i32Sub).get('w8').op(OP.i32Mul).op(OP.i32Add).set('a');
      f.get('a').get('a').op(...OP.i64Load).get('bit', I64).op(OP.i64Or).op(...OP.i64Store);
    }
    f.get('p').i32(8).op(OP.i32Add).set('p');
    f.get('t').i32(1).op(OP.i32Add).set('t');
    f.br(0);
  }));
  // The rows of bottom queen j: d1 row j + c, d2 row j − c + n − 1.
  const rowsOf = (j: string, r1: string, r2: string) => {
    f.get('d1').get(j).get('c').op(OP.i32Add).get('w8').op(OP.i32Mul).op(OP.i32Add).set(r1);
    f.get('d2').get(j).get('c').op(OP.i32Sub).i32(n - 1).op(OP.i32Add).get('w8').op(OP.i32Mul).op(OP.i32Add).set(r2);
  };
  // The last queen's column is forced (the bucket fixes the columns), so the walk counts at queen m − 2 with
  // both last queens' rows; a single queen is counted at once.
  const leaf = Math.max(0, m - 2);
  f.i64(0n).set('total', I64);
  f.i32(0).set('u');
  f.get('bottom').set('p');
  f.block(() => f.loop(() => {
    // label depth 0: this loop (next bottom half), 1: its block (done)
    f.get('u').get('bottoms').op(OP.i32GeU).brIf(1);
    // j: the queens this half shares with the one before it (none for the first); halves differ before the last.
    f.i32(0).set('j');
    f.get('u').if(() => {
      f.get('p').op(...OP.i64Load).get('p').i32(8).op(OP.i32Sub).op(...OP.i64Load).op(OP.i64Xor);
      f.op(0x7a /* i64.ctz */).op(0xa7 /* i32.wrap_i64 */).i32(3).op(OP.i32ShrU).set('j');
    });
    f.block(() => f.loop(() => {
      // depth 0: this level loop, 1: its block (the half is done: next), 2: the halves' loop, 3: done
      f.get('p').get('j').op(OP.i32Add).op(...OP.i32Load8).set('c');
      rowsOf('j', 'r1', 'r2');
      f.get('acc').get('j').get('w8').op(OP.i32Mul).op(OP.i32Add).set('src');
      f.get('src').get('w8').op(OP.i32Add).set('end');
      f.get('j').i32(leaf).op(OP.i32Eq).if(() => {
        if (m >= 2) {
          f.get('p').op(OP.i32Load8[0]!, 0, m - 1).set('c');
          f.i32(m - 1).set('jj');
          rowsOf('jj', 'r3', 'r4');
        }
        f.block(() => f.loop(() => {
          f.get('src').get('end').op(OP.i32GeU).brIf(1);
          f.get('src').op(...V.load).get('r1').op(...V.load).op(...V.or).get('r2').op(...V.load).op(...V.or);
          if (m >= 2) f.get('r3').op(...V.load).op(...V.or).get('r4').op(...V.load).op(...V.or);
          f.op(...V.not).set('v', V128);
          f.get('total', I64).get('v', V128).op(...V.lane0).op(OP.i64Popcnt).op(OP.i64Add).get('v', V128).op(...V.lane1).op(OP.i64Popcnt).op(OP.i64Add).set('total', I64);
          f.get('src').i32(16).op(OP.i32Add).set('src');
          f.get('r1').i32(16).op(OP.i32Add).set('r1');
          f.get('r2').i32(16).op(OP.i32Add).set('r2');
          if (m >= 2) {
            f.get('r3').i32(16).op(OP.i32Add).set('r3');
            f.get('r4').i32(16).op(OP.i32Add).set('r4');
          }
          f.br(0);
        }));
        f.br(2); // leave the `if` (0), the level loop (1) and block (2): next half
      });
      f.op(...V.ones).set('all', V128);
      f.block(() => f.loop(() => {
        f.get('src').get('end').op(OP.i32GeU).brIf(1);
        f.get('src').op(...V.load).get('r1').op(...V.load).op(...V.or).get('r2').op(...V.load).op(...V.or).set('o', V128);
        f.get('src').get('w8').op(OP.i32Add).get('o', V128).op(...V.store);
        f.get('all', V128).get('o', V128).op(...V.and).set('all', V128);
        f.get('src').i32(16).op(OP.i32Add).set('src');
        f.get('r1').i32(16).op(OP.i32Add).set('r1');
        f.get('r2').i32(16).op(OP.i32Add).set('r2');
        f.br(0);
      }));
      f.get('all', V128).op(...V.not).op(...V.anyTrue).op(OP.i32Eqz).if(() => {
        // Every top half conflicts: skip the halves that begin with these j + 1 queens.
        f.i64(-1n).get('j').i32(1).op(OP.i32Add).i32(3).op(OP.i32Shl).op(OP.i64ExtendU).op(OP.i64Shl).i64(-1n).op(OP.i64Xor).set('mask', I64);
        f.get('p').op(...OP.i64Load).get('mask', I64).op(OP.i64And).set('dead', I64);
        f.block(() => f.loop(() => {
          f.get('u').i32(1).op(OP.i32Add).set('u');
          f.get('p').i32(8).op(OP.i32Add).set('p');
          f.get('u').get('bottoms').op(OP.i32GeU).brIf(1);
          f.get('p').op(...OP.i64Load).get('mask', I64).op(OP.i64And).get('dead', I64).op(OP.i64Eq).brIf(0);
        }));
        f.br(3); // back to the halves' loop with u and p at the next half to read (if 0, level loop 1, level block 2, halves loop 3)
      });
      f.get('j').i32(1).op(OP.i32Add).set('j');
      f.br(0);
    }));
    f.get('u').i32(1).op(OP.i32Add).set('u');
    f.get('p').i32(8).op(OP.i32Add).set('p');
    f.br(0);
  }));
  f.get('total', I64);
  return f;
}

/**
 * `search(open, c, l, r, top, topMask, bottom, bottomMask, out, cap) → count`: every placement of m queens on the
 * m rows beyond the band on one side, one a row, in the columns `open`, found from the band outward as nested
 * loops (one per row): `c`, `l`, `r` are the band's columns and diagonals as they reach the first row. A
 * placement using columns U has a top bucket, the i32 at `top + 4·(U & topMask)`, and a bottom bucket, the i32 at
 * `bottom + 4·((U xor open) & bottomMask)` (−1: none; a mask of 0 and a cell of −1 turn a side off). It is kept
 * when it has either: 16 bytes at `out`, its columns (m bytes from the band outward), then both buckets, and
 * each bucket's i32 at `topCounts`/`bottomCounts` + 4·bucket goes up by one (the cell before each array takes
 * the −1s). Returns how many were kept, or −1 past `cap`.
 */
function searchBody(m: number): Body {
  const f = new Body([
    ['open', I32], ['c0', I32], ['l0', I32], ['r0', I32], ['top', I32], ['topMask', I32], ['bottom', I32], ['bottomMask', I32],
    ['out', I32], ['cap', I32], ['topCounts', I32], ['bottomCounts', I32],
  ]);
  f.i32(0).set('count');
  const level = (j: number) => {
    const c = j === 0 ? 'c0' : `c${j}`;
    const l = j === 0 ? 'l0' : `l${j}`;
    const r = j === 0 ? 'r0' : `r${j}`;
    f.get('open').get(c).get(l).op(OP.i32Or).get(r).op(OP.i32Or).i32(-1).op(OP.i32Xor).op(OP.i32And).set(`av${j}`);
    f.block(() => f.loop(() => {
      f.get(`av${j}`).op(OP.i32Eqz).brIf(1);
      f.i32(0).get(`av${j}`).op(OP.i32Sub).get(`av${j}`).op(OP.i32And).set(`b${j}`);
      f.get(`av${j}`).get(`b${j}`).op(OP.i32Xor).set(`av${j}`);
      if (j < m - 1) {
        f.get(c).get(`b${j}`).op(OP.i32Or).set(`c${j + 1}`);
        f.get(l).get(`b${j}`).op(OP.i32Or).i32(1).op(OP.i32Shl).set(`l${j + 1}`);
        f.get(r).get(`b${j}`).op(OP.i32Or).i32(1).op(OP.i32ShrU).set(`r${j + 1}`);
        level(j + 1);
      } else {
        f.get(c).get(`b${j}`).op(OP.i32Or).get('open').op(OP.i32And).set('used');
        f.get('top').get('used').get('topMask').op(OP.i32And).i32(2).op(OP.i32Shl).op(OP.i32Add).op(...OP.i32Load).set('k1');
        f.get('bottom').get('used').get('open').op(OP.i32Xor).get('bottomMask').op(OP.i32And).i32(2).op(OP.i32Shl).op(OP.i32Add).op(...OP.i32Load).set('k2');
        f.get('k1').get('k2').op(OP.i32And).i32(0).op(OP.i32GeS).if(() => {
          f.get('count').get('cap').op(OP.i32GeU).if(() => f.i32(-1).op(0x0f));
          f.get('out').get('count').i32(4).op(OP.i32Shl).op(OP.i32Add).set('at');
          for (let q = 0; q < m; q++) f.get('at').get(`b${q}`).op(OP.i32Ctz).op(...OP.i32Store8.slice(0, 2), q);
          f.get('at').get('k1').op(OP.i32Store[0]!, 2, 8);
          f.get('at').get('k2').op(OP.i32Store[0]!, 2, 12);
          // The counting sort's tally: counts[k]++, where k = −1 counts in the cell before the counts.
          for (const [k, counts] of [['k1', 'topCounts'], ['k2', 'bottomCounts']] as const) {
            f.get(counts).get(k).i32(2).op(OP.i32Shl).op(OP.i32Add).set('at');
            f.get('at').get('at').op(...OP.i32Load).i32(1).op(OP.i32Add).op(...OP.i32Store);
          }
          f.get('count').i32(1).op(OP.i32Add).set('count');
        });
      }
      f.br(0);
    }));
  };
  level(0);
  f.get('count');
  return f;
}

/**
 * `place(source, count, slot, next, to)`: the counting sort's last pass over the 16-byte halves `search` wrote:
 * half i, when its bucket (the i32 at byte `slot` of it, 8 for the top's, 12 for the bottom's) is not −1, goes
 * as 8 bytes to position next[bucket]++ at `to`, so that each bucket keeps the search's order.
 */
function placeBody(): Body {
  const f = new Body([['source', I32], ['count', I32], ['slot', I32], ['next', I32], ['to', I32]]);
  f.get('source').set('p');
  f.get('source').get('count').i32(4).op(OP.i32Shl).op(OP.i32Add).set('end');
  f.block(() => f.loop(() => {
    f.get('p').get('end').op(OP.i32GeU).brIf(1);
    f.get('p').get('slot').op(OP.i32Add).op(...OP.i32Load).set('k');
    f.get('k').i32(0).op(OP.i32GeS).if(() => {
      f.get('next').get('k').i32(2).op(OP.i32Shl).op(OP.i32Add).set('at');
      f.get('at').op(...OP.i32Load).set('pos');
      f.get('at').get('pos').i32(1).op(OP.i32Add).op(...OP.i32Store);
      f.get('to').get('pos').i32(3).op(OP.i32Shl).op(OP.i32Add);
      f.get('p').op(...OP.i64Load);
      f.op(...OP.i64Store);
    });
    f.get('p').i32(16).op(OP.i32Add).set('p');
    f.br(0);
  }));
  return f;
}

/** The module for an n×n board with halves of m rows, the bottom one from row rb: `search`, `place`, `join`, `memory`. */
export function halvesBytes(n: number, m: number, rb: number): Uint8Array<ArrayBuffer> {
  const functions = [searchBody(m), placeBody(), joinBody(n, m, rb)];
  const i32s = (k: number) => Array.from({ length: k }, () => [I32]);
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vector([[0x60, ...vector(i32s(12)), 1, I32], [0x60, ...vector(i32s(5)), 0], [0x60, ...vector(i32s(5)), 1, I64]])),
    ...section(3, vector([[0], [1], [2]])),
    ...section(5, vector([[0, 1]])),
    ...section(7, vector([[...name('search'), 0, 0], [...name('place'), 0, 1], [...name('join'), 0, 2], [...name('memory'), 2, 0]])),
    ...section(10, vector(functions.map((f) => f.bytes()))),
  ]);
}
