/**
 * The counting kernel: the rows of one constellation searched as nested loops, one loop per row, written out as
 * WebAssembly for each number of rows (k) and compiled once. Why WebAssembly: the same loops as generated
 * JavaScript (`new Function`, as the bitboard plugin does) ran n = 16 in 2.8 s, as WebAssembly in 1.8 s — V8
 * keeps every row's masks in registers as plain 32-bit integers, with no checks for small-integer overflow or
 * deoptimization. The rows a border queen holds are skipped: each row's masks move by the distance to the next
 * free row (`shift`), and the border queens' attacks are already out of each row's `allowed` columns.
 *
 * Memory: `allowed[i]` at byte 4i, `shift[i]` at byte 128 + 4i, for the k free rows top to bottom. The last two
 * rows are decided without a loop or a branch (n = 16: 1.46 → 1.42 s of CPU, whole command).
 */

import { name, section, sleb, uleb, vector } from './wasm-encoding.js';

const ALLOWED = 0;
const SHIFT = 128;

const OP = {
  block: 0x02, loop: 0x03, br: 0x0c, brIf: 0x0d, end: 0x0b,
  get: 0x20, set: 0x21, load: 0x28, i32: 0x41,
  eqz: 0x45, ne: 0x47, sub: 0x6b, and: 0x71, or: 0x72, xor: 0x73, shl: 0x74, shrU: 0x76,
  extendU: 0xad, addI64: 0x7c, void: 0x40, typeI32: 0x7f, typeI64: 0x7e,
} as const;

/** The module's bytes for k ≥ 2 free rows: export `count() → i64` and its memory. */
export function kernelBytes(k: number): Uint8Array<ArrayBuffer> {
  const locals = new Map<string, number>();
  const local = (id: string) => {
    if (!locals.has(id)) locals.set(id, locals.size + 1); // local 0 is the i64 counter
    return locals.get(id)!;
  };
  const code: number[] = [];
  const get = (id: string) => code.push(OP.get, ...uleb(local(id)));
  const set = (id: string) => code.push(OP.set, ...uleb(local(id)));
  const konst = (v: number) => code.push(OP.i32, ...sleb(v));
  const load = (id: string, offset: number) => {
    konst(0);
    code.push(OP.load, 2, ...uleb(offset));
    set(id);
  };
  for (let i = 0; i < k; i++) load(`a${i}`, ALLOWED + 4 * i);
  for (let i = 0; i < k - 1; i++) load(`s${i}`, SHIFT + 4 * i);
  /** av_i = a_i & ~(l_i | d_i | r_i); the first row's masks are the locals' initial zeros. */
  const avail = (i: number) => {
    get(`a${i}`);
    get(`l${i}`), get(`d${i}`), code.push(OP.or), get(`r${i}`), code.push(OP.or);
    konst(-1), code.push(OP.xor, OP.and);
    set(`av${i}`);
  };
  /** Opens row i's loop, takes its lowest free column into `bit`; leaves when none is left. */
  const open = (i: number, bit: string) => {
    avail(i);
    code.push(OP.block, OP.void, OP.loop, OP.void);
    get(`av${i}`), code.push(OP.eqz, OP.brIf, 1);
    konst(0), get(`av${i}`), code.push(OP.sub), get(`av${i}`), code.push(OP.and), set(bit);
    get(`av${i}`), get(bit), code.push(OP.xor), set(`av${i}`);
  };
  for (let i = 0; i < k - 2; i++) {
    open(i, `b${i}`);
    get(`l${i}`), get(`b${i}`), code.push(OP.or), get(`s${i}`), code.push(OP.shl), set(`l${i + 1}`);
    get(`d${i}`), get(`b${i}`), code.push(OP.or), set(`d${i + 1}`);
    get(`r${i}`), get(`b${i}`), code.push(OP.or), get(`s${i}`), code.push(OP.shrU), set(`r${i + 1}`);
  }
  // Row k − 2 has two free columns at most: both tried without a loop, each counted where the last row is free.
  const i = k - 2;
  avail(i);
  get(`av${i}`), konst(0), get(`av${i}`), code.push(OP.sub, OP.and), set('b');
  get(`av${i}`), get('b'), code.push(OP.xor), set('c');
  for (const bit of ['b', 'c']) {
    // (a_last & ~(((l|bit) << s) | d | bit | ((r|bit) >>> s))) != 0, and bit != 0
    get(`a${k - 1}`);
    get(`l${i}`), get(bit), code.push(OP.or), get(`s${i}`), code.push(OP.shl);
    get(`d${i}`), code.push(OP.or), get(bit), code.push(OP.or);
    get(`r${i}`), get(bit), code.push(OP.or), get(`s${i}`), code.push(OP.shrU), code.push(OP.or);
    konst(-1), code.push(OP.xor, OP.and);
    konst(0), code.push(OP.ne);
    get(bit), konst(0), code.push(OP.ne, OP.and, OP.extendU);
    code.push(OP.get, 0, OP.addI64, OP.set, 0);
  }
  for (let row = 0; row < i; row++) code.push(OP.br, 0, OP.end, OP.end);
  code.push(OP.get, 0, OP.end);

  const body = [...vector([[1, OP.typeI64], [...uleb(locals.size), OP.typeI32]]), ...code];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vector([[0x60, 0, 1, OP.typeI64]])),
    ...section(3, vector([[0]])),
    ...section(5, vector([[0, 1]])),
    ...section(7, vector([[...name('count'), 0, 0], [...name('memory'), 2, 0]])),
    ...section(10, vector([[...uleb(body.length), ...body]])),
  ]);
}

/** A compiled kernel: write the rows into `allowed` and `shift`, then `count()`. */
export interface Kernel {
  readonly allowed: Int32Array;
  readonly shift: Int32Array;
  count(): bigint;
}

const kernels = new Map<number, Kernel | undefined>();

/** The kernel for k free rows (k ≥ 2), compiled on first use; undefined where WebAssembly is not allowed. */
export function kernelFor(k: number): Kernel | undefined {
  if (kernels.has(k)) return kernels.get(k);
  let kernel: Kernel | undefined;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(kernelBytes(k)));
    const memory = instance.exports.memory as WebAssembly.Memory;
    kernel = {
      allowed: new Int32Array(memory.buffer, ALLOWED, 32),
      shift: new Int32Array(memory.buffer, SHIFT, 32),
      count: instance.exports.count as () => bigint,
    };
  } catch {
    // A page whose Content-Security-Policy refuses WebAssembly: the recursion below.
    kernel = undefined;
  }
  kernels.set(k, kernel);
  return kernel;
}

/** The same count as a plain recursion (k ≥ 0): the fallback, and the check the tests hold the kernel to. */
export function countRows(allowed: Int32Array, shift: Int32Array, k: number): number {
  if (k === 0) return 1;
  const search = (i: number, left: number, down: number, right: number): number => {
    let free = allowed[i]! & ~(left | down | right);
    if (i === k - 1) return free === 0 ? 0 : 1;
    let count = 0;
    const s = shift[i]!;
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      count += search(i + 1, (left | bit) << s, down | bit, (right | bit) >>> s);
    }
    return count;
  };
  return search(0, 0, 0, 0);
}
