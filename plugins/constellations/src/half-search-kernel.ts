/**
 * The parts a band's halves are made of, found by WebAssembly (emitted byte by byte like `kernel.ts`). A half
 * (m rows beyond the band) is an inner part (its h₁ = ⌈m/2⌉ rows nearest the band) and an outer part (the other
 * h₂ rows) on complementary columns whose diagonals do not meet. Each part is found once a band and filed by its
 * column set, so that the join makes any bucket's halves as products of two short lists, when it needs them and
 * in cache, instead of keeping every half of the band (n = 16: 7.9 M halves, 63 MB) and sorting it.
 *
 * Column sets here are masks of the band's open columns by their place among them (2m places, bit i the i-th
 * open column from the left), which is also what a bucket is.
 *
 * - `tallyR`/`fillR` (R the part's rows): every placement of R queens, one a row, on rows j₀ … j₀ + R − 1 of a
 *   half (counted from the band outward), in the open columns, attacked neither by the band nor by each other;
 *   `tally` counts them by column set, `fill` writes each, 16 bytes at its set's next place: its columns from the
 *   band outward (a byte each, 8 bytes), then its diagonals in the half as one i64 (bit c + j for one direction, bit
 *   32 + c − j + m for the other), so that two parts are compatible when their i64s share no bit.
 * - `buckets` lists the column sets a top half may have, one per orbit of the band's stabilizer, with the
 *   orbit's size.
 */

import { partRows } from './part-rows.js';
import { Body, I32, I64, mem, OP } from './wasm-body.js';

/**
 * `buckets(places, m, stab, reps, weights) → count`: every set S of m of the `places` open columns that is the
 * smallest of its images under the band's stabilizer (`stab`: bit 0 the mirror, which reverses the places, bit 1
 * the flip, which takes the complement, bit 2 both), written as the i32 at `reps + 4·k`, with its orbit's size
 * (1 to 4) at `weights + 4·k`.
 */
export function bucketsBody(): Body {
  const f = new Body([['places', I32], ['m', I32], ['stab', I32], ['reps', I32], ['weights', I32]]);
  f.i32(-1).i32(32).get('places').op(OP.i32Sub).op(OP.i32ShrU).set('all');
  f.i32(0).set('count');
  f.i32(0).set('s');
  f.get('stab').i32(1).op(OP.i32And).set('e1');
  f.get('stab').i32(1).op(OP.i32ShrU).i32(1).op(OP.i32And).set('e2');
  f.get('stab').i32(2).op(OP.i32ShrU).i32(1).op(OP.i32And).set('e3');
  f.block(() => f.loop(() => {
    f.get('s').op(OP.i32Popcnt).get('m').op(OP.i32Eq).if(() => {
      // The mirror image: the 32 bits reversed, then moved down to the places.
      f.get('s').set('x');
      for (const [shift, mask] of [[1, 0x55555555], [2, 0x33333333], [4, 0x0f0f0f0f], [8, 0x00ff00ff]] as const) {
        f.get('x').i32(shift).op(OP.i32ShrU).i32(mask).op(OP.i32And);
        f.get('x').i32(mask).op(OP.i32And).i32(shift).op(OP.i32Shl).op(OP.i32Or).set('x');
      }
      f.get('x').i32(16).op(OP.i32ShrU).get('x').i32(16).op(OP.i32Shl).op(OP.i32Or).i32(32).get('places').op(OP.i32Sub).op(OP.i32ShrU).set('mir');
      f.get('all').get('s').op(OP.i32Xor).set('flip');
      f.get('all').get('mir').op(OP.i32Xor).set('both');
      // A representative is no larger than any enabled image.
      f.i32(1).set('rep');
      for (const [e, image] of [['e1', 'mir'], ['e2', 'flip'], ['e3', 'both']] as const) {
        f.get(e).get(image).get('s').op(OP.i32LtU).op(OP.i32And).if(() => f.i32(0).set('rep'));
      }
      f.get('rep').if(() => {
        // The orbit's size: the enabled images that differ from S and from each enabled image before them.
        f.i32(1).set('d');
        f.get('e1').get('mir').get('s').op(OP.i32Ne).op(OP.i32And).if(() => f.add('d', 1));
        f.get('e2').get('flip').get('s').op(OP.i32Ne).op(OP.i32And);
        f.get('e1').get('flip').get('mir').op(OP.i32Eq).op(OP.i32And).op(OP.i32Eqz).op(OP.i32And).if(() => f.add('d', 1));
        f.get('e3').get('both').get('s').op(OP.i32Ne).op(OP.i32And);
        f.get('e1').get('both').get('mir').op(OP.i32Eq).op(OP.i32And).op(OP.i32Eqz).op(OP.i32And);
        f.get('e2').get('both').get('flip').op(OP.i32Eq).op(OP.i32And).op(OP.i32Eqz).op(OP.i32And).if(() => f.add('d', 1));
        f.get('reps').get('count').i32(2).op(OP.i32Shl).op(OP.i32Add).get('s').op(...OP.i32Store);
        f.get('weights').get('count').i32(2).op(OP.i32Shl).op(OP.i32Add).get('d').op(...OP.i32Store);
        f.add('count', 1);
      });
    });
    // The next set, until every set of the places has been seen.
    f.add('s', 1);
    f.get('s').get('all').op(OP.i32LeU).brIf(0);
  }));
  f.get('count');
  return f;
}

/**
 * `tally(open, c, l, r, j0, places, counts)` / `fill(open, c, l, r, j0, places, next, out)` for parts of `rows`
 * rows: `c`, `l`, `r` are the band's columns and diagonals as they reach row j₀; `places` holds each column's
 * place among the open columns (a byte a column). `tally` adds one to the i32 at `counts + 4·set`; `fill` writes
 * the part's 16 bytes at `out + 16·next[set]++`.
 */
export function partsBody(rows: number, m: number, fill: boolean): Body {
  const f = new Body([
    ['open', I32], ['c0', I32], ['l0', I32], ['r0', I32], ['j0', I32], ['places', I32], ['counts', I32], ...(fill ? ([['out', I32]] as const) : []),
  ]);
  f.i32(0).set('key0');
  f.i64(0n).set('d0', I64);
  const level = (q: number) => {
    f.get('open').get(`c${q}`).get(`l${q}`).op(OP.i32Or).get(`r${q}`).op(OP.i32Or).i32(-1).op(OP.i32Xor).op(OP.i32And).set(`av${q}`);
    f.block(() => f.loop(() => {
      f.get(`av${q}`).op(OP.i32Eqz).brIf(1);
      f.i32(0).get(`av${q}`).op(OP.i32Sub).get(`av${q}`).op(OP.i32And).set(`b${q}`);
      f.get(`av${q}`).get(`b${q}`).op(OP.i32Xor).set(`av${q}`);
      f.get(`b${q}`).op(OP.i32Ctz).set(`col${q}`);
      // The column set by places, and (for fill) the diagonals in the half: row j = j0 + q.
      f.get(`key${q}`).i32(1).get('places').get(`col${q}`).op(OP.i32Add).op(...OP.i32Load8).op(OP.i32Shl).op(OP.i32Or).set(`key${q + 1}`);
      if (fill) {
        f.get(`d${q}`, I64);
        f.i64(1n).get(`col${q}`).get('j0').op(OP.i32Add).i32(q).op(OP.i32Add).op(OP.i64ExtendU).op(OP.i64Shl).op(OP.i64Or);
        f.i64(1n).get(`col${q}`).get('j0').op(OP.i32Sub).i32(32 + m - q).op(OP.i32Add).op(OP.i64ExtendU).op(OP.i64Shl).op(OP.i64Or);
        f.set(`d${q + 1}`, I64);
        f.get(`col${q}`).op(OP.i64ExtendU);
        if (q > 0) f.i64(BigInt(8 * q)).op(OP.i64Shl).get(`code${q}`, I64).op(OP.i64Or);
        f.set(`code${q + 1}`, I64);
      }
      if (q < rows - 1) {
        f.get(`c${q}`).get(`b${q}`).op(OP.i32Or).set(`c${q + 1}`);
        f.get(`l${q}`).get(`b${q}`).op(OP.i32Or).i32(1).op(OP.i32Shl).set(`l${q + 1}`);
        f.get(`r${q}`).get(`b${q}`).op(OP.i32Or).i32(1).op(OP.i32ShrU).set(`r${q + 1}`);
        level(q + 1);
      } else {
        f.get('counts').get(`key${rows}`).i32(2).op(OP.i32Shl).op(OP.i32Add).set('at');
        if (!fill) {
          f.get('at').get('at').op(...OP.i32Load).i32(1).op(OP.i32Add).op(...OP.i32Store);
        } else {
          f.get('at').op(...OP.i32Load).set('pos');
          f.get('at').get('pos').i32(1).op(OP.i32Add).op(...OP.i32Store);
          f.get('out').get('pos').i32(4).op(OP.i32Shl).op(OP.i32Add).set('at');
          f.get('at').get(`code${rows}`, I64).op(...OP.i64Store);
          f.get('at').get(`d${rows}`, I64).op(...mem(OP.i64Store[0]!, 3, 8));
        }
      }
      f.br(0);
    }));
  };
  level(0);
  return f;
}

/**
 * `starts(at, sets) → largest`: the i32s at `at + 4`, `at + 8`, … (a table's tally: parts by column set, after the
 * first start, 0) made into running sums in place, so that each set's parts start where the sets before it end;
 * returns the largest count. Here rather than in JavaScript: a table has 4^m sets (65,536 at n = 16), and a loop
 * run once, cold, costs a command milliseconds.
 */
export function startsBody(): Body {
  const f = new Body([['at', I32], ['sets', I32]]);
  f.get('at').get('sets').i32(2).op(OP.i32Shl).op(OP.i32Add).set('end');
  f.get('at').op(...OP.i32Load).set('sum');
  f.i32(0).set('most');
  f.get('at').get('end').op(OP.i32LtU).if(() => {
    f.loop(() => {
      f.add('at', 4);
      f.get('at').op(...OP.i32Load).set('v');
      f.get('v').get('most').get('v').get('most').op(OP.i32GtU).op(OP.select).set('most');
      f.get('sum').get('v').op(OP.i32Add).set('sum');
      f.get('at').get('sum').op(...OP.i32Store);
      f.get('at').get('end').op(OP.i32LtU).brIf(0);
    });
  });
  f.get('most');
  return f;
}

/**
 * Bits of a conflict mask: the outer parts of one column set it covers (a chunk of the set's list). A kernel may
 * be made with narrower chunks (a power of two), so that the tests see lists of several chunks on small boards
 * (with 32, only n = 20's lists of up to 108 outer parts have them).
 */
export const CHUNK = 32;

/** Bytes of one chunk of conflict masks: an i32 for each inner row and board column. */
export const chunkBytes = (n: number, m: number) => 4 * partRows(m)[0] * n;

/**
 * `conflicts(starts, records, sets, out) → chunks`, for an outer part table: the outer parts that an inner queen
 * attacks, as masks, so that the join finds an inner part's compatible outer parts with one load an inner row
 * instead of testing each. Each column set's list of outer parts is cut into chunks of `chunk` (32), numbered in
 * turn over the table; the list's first chunk's number is kept in its first record's code (bytes 5–7: a part has
 * at most 5 rows). Chunk k holds, for inner row j and column c, the i32 whose bit i is set when an inner queen
 * there shares a diagonal with outer part k·chunk + i of the list (|c − c′| = j′ − j for one of its queens (j′,
 * c′)), and, in row 0's entries, the bits past the list's end (and past `chunk`): so an inner part's compatible
 * outer parts are the zeros of the OR of its queens' masks. With `out` = 0 it only numbers the chunks (and returns how many there are).
 */
export function conflictsBody(n: number, m: number, chunk = CHUNK): Body {
  const f = new Body([['starts', I32], ['records', I32], ['sets', I32], ['out', I32]]);
  const [h1, h2] = partRows(m);
  const bytes = chunkBytes(n, m);
  const shift = Math.log2(chunk);
  if (!Number.isInteger(shift) || chunk > 32) throw new Error(`a chunk of ${chunk} outer parts is not a power of two up to 32`);
  /** Chunks of a list of `len` (a local). */
  const chunksOf = (len: string) => f.get(len).i32(chunk - 1).op(OP.i32Add).i32(shift).op(OP.i32ShrU);
  f.i32(0).set('chunks');
  f.i32(0).set('set');
  f.block(() => f.loop(() => {
    f.get('set').get('sets').op(OP.i32GeU).brIf(1);
    f.get('starts').get('set').i32(2).op(OP.i32Shl).op(OP.i32Add).set('at');
    f.get('at').op(...OP.i32Load).set('s');
    f.get('at').op(...mem(OP.i32Load[0]!, 2, 4)).get('s').op(OP.i32Sub).set('len');
    f.get('len').if(() => {
      // The first record's code takes the list's first chunk number.
      f.get('records').get('s').i32(4).op(OP.i32Shl).op(OP.i32Add).set('rec');
      f.get('rec').get('rec').op(...OP.i64Load).i64((1n << 40n) - 1n).op(OP.i64And);
      f.get('chunks').op(OP.i64ExtendU).i64(40n).op(OP.i64Shl).op(OP.i64Or).op(...OP.i64Store);
      f.get('out').if(() => {
        // Clear the list's chunks (but the bits past a chunk in row 0's entries), then set the bits past its end
        // in the last chunk's row-0 entries.
        f.get('out').get('chunks').i32(bytes).op(OP.i32Mul).op(OP.i32Add).set('base');
        f.get('base').set('p');
        f.get('base'), chunksOf('len'), f.i32(bytes).op(OP.i32Mul).op(OP.i32Add).set('end');
        f.block(() => f.loop(() => {
          f.get('p').get('end').op(OP.i32GeU).brIf(1);
          for (let e = 0; e < h1 * n; e++) f.get('p').i32(e < n && chunk < 32 ? -1 << chunk : 0).op(...mem(OP.i32Store[0]!, 2, 4 * e));
          f.add('p', bytes);
          f.br(0);
        }));
        f.get('len').i32(chunk - 1).op(OP.i32And).if(() => {
          f.i32(-1).get('len').i32(chunk - 1).op(OP.i32And).op(OP.i32Shl).set('past');
          f.get('end').i32(bytes).op(OP.i32Sub).set('p');
          for (let c = 0; c < n; c++) f.get('p').get('past').op(...mem(OP.i32Store[0]!, 2, 4 * c));
        });
        // Each outer part's queens: row j′ = h₁ + q, column c′ (byte q of its code).
        f.i32(0).set('i');
        f.block(() => f.loop(() => {
          f.get('i').get('len').op(OP.i32GeU).brIf(1);
          f.get('rec').op(...OP.i64Load).set('code', I64);
          f.get('base').get('i').i32(shift).op(OP.i32ShrU).i32(bytes).op(OP.i32Mul).op(OP.i32Add).set('chunk');
          f.i32(1).get('i').i32(chunk - 1).op(OP.i32And).op(OP.i32Shl).set('bit');
          for (let q = 0; q < h2; q++) {
            f.get('code', I64).i64(BigInt(8 * q)).op(OP.i64ShrU).op(OP.i32WrapI64).i32(255).op(OP.i32And).set('c');
            for (let j = 0; j < h1; j++) {
              const d = h1 + q - j;
              // Column c′ − d (when on the board), then c′ + d: entry j·n + column.
              const entry = (shift: number) => {
                f.get('c').i32(j * n + shift).op(OP.i32Add).i32(2).op(OP.i32Shl).get('chunk').op(OP.i32Add).set('e');
                f.get('e').get('e').op(...OP.i32Load).get('bit').op(OP.i32Or).op(...OP.i32Store);
              };
              f.get('c').i32(d).op(OP.i32GeU).if(() => entry(-d));
              f.get('c').i32(n - d).op(OP.i32LtU).if(() => entry(d));
            }
          }
          f.add('rec', 16);
          f.add('i', 1);
          f.br(0);
        }));
      });
      f.get('chunks'), chunksOf('len'), f.op(OP.i32Add).set('chunks');
    });
    f.add('set', 1);
    f.br(0);
  }));
  f.get('chunks');
  return f;
}
