/**
 * A WebAssembly function body written as a stack machine, for the half-board kernels (`half-search-kernel.ts`,
 * `join-kernel.ts`): named locals typed on first use, structured blocks, and the opcodes the kernels need.
 */

import { sleb, uleb, vector } from './wasm-encoding.js';

export const I32 = 0x7f;
export const I64 = 0x7e;
export const V128 = 0x7b;
const VOID = 0x40;

export class Body {
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
    for (const byte of bytes) this.code.push(byte);
    return this;
  }
  /** An opcode and a local's index (one byte below 128: the common case, written without an array). */
  private local(opcode: number, index: number): this {
    if (index < 128) this.code.push(opcode, index);
    else this.op(opcode, ...uleb(index));
    return this;
  }
  get(id: string, type = I32): this {
    return this.local(0x20, this.slot(id, type));
  }
  set(id: string, type = I32): this {
    return this.local(0x21, this.slot(id, type));
  }
  tee(id: string, type = I32): this {
    return this.local(0x22, this.slot(id, type));
  }
  i32(v: number): this {
    if (v >= -64 && v < 64) {
      this.code.push(0x41, v & 0x7f);
      return this;
    }
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
  /** `local = local + v` for an i32 local. */
  add(id: string, v: number): this {
    return this.get(id).i32(v).op(OP.i32Add).set(id);
  }
  /** The function's bytes: locals grouped by type, the code, `end`. */
  bytes(): number[] {
    const groups: number[][] = [];
    for (const type of this.declared) {
      const last = groups.at(-1);
      if (last && last[1] === type) last[0]!++;
      else groups.push([1, type]);
    }
    const body = vector(groups.map(([count, type]) => [...uleb(count!), type!])).concat(this.code, [0x0b]);
    return uleb(body.length).concat(body);
  }
}

/** Scalar opcodes; loads and stores with their alignment and a zero offset. */
export const OP = {
  i32Load8: [0x2d, 0, 0], i32Load: [0x28, 2, 0], i32Store: [0x36, 2, 0], i64Load: [0x29, 3, 0], i64Store: [0x37, 3, 0],
  return: 0x0f, select: 0x1b,
  i32Eqz: 0x45, i32Eq: 0x46, i32Ne: 0x47, i32LtS: 0x48, i32LtU: 0x49, i32GtS: 0x4a, i32GtU: 0x4b, i32LeU: 0x4d, i32GeS: 0x4e, i32GeU: 0x4f,
  i64Eq: 0x51, i64Ne: 0x52,
  i32Ctz: 0x68, i32Popcnt: 0x69, i32Add: 0x6a, i32Sub: 0x6b, i32Mul: 0x6c, i32And: 0x71, i32Or: 0x72, i32Xor: 0x73, i32Shl: 0x74,
  i32ShrS: 0x75, i32ShrU: 0x76,
  i64Ctz: 0x7a, i64Popcnt: 0x7b, i64Add: 0x7c, i64Sub: 0x7d, i64Mul: 0x7e, i64And: 0x83, i64Or: 0x84, i64Xor: 0x85, i64Shl: 0x86, i64ShrU: 0x88,
  i32WrapI64: 0xa7, i64ExtendU: 0xad,
} as const;

/** The 128-bit operations (WebAssembly SIMD). */
export const V = {
  load: [0xfd, 0x00, 4, 0], store: [0xfd, 0x0b, 4, 0], not: [0xfd, 0x4d], and: [0xfd, 0x4e], or: [0xfd, 0x50], xor: [0xfd, 0x51], anyTrue: [0xfd, 0x53],
  lane0: [0xfd, 0x1d, 0], lane1: [0xfd, 0x1d, 1], ones: [0xfd, 0x0c, ...Array.from({ length: 16 }, () => 0xff)],
  zero: [0xfd, 0x0c, ...Array.from({ length: 16 }, () => 0)],
  /** i8x16.popcnt, i16x8.extadd_pairwise_i8x16_u, i16x8.add, i32x4.extadd_pairwise_i16x8_u. */
  popcnt8: [0xfd, 0x62], widen8: [0xfd, 0x7d], add16: [0xfd, 0x8e, 0x01], widen16: [0xfd, 0x7f],
  /** i8x16.add. */
  add8: [0xfd, 0x6e],
  /** i8x16.shuffle (its 16 lane indices follow), i8x16.shl (by the i32 on the stack), i8x16.bitmask. */
  shuffle: [0xfd, 0x0d], shl8: [0xfd, 0x6b], bitmask8: [0xfd, 0x64],
} as const;

/** A load or store with its alignment and offset (the offset as LEB128: 128 and more take two bytes). */
export const mem = (opcode: number, align: number, offset: number): number[] => [opcode, align, ...uleb(offset)];
