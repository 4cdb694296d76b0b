import type { Kernel } from './kernels.js';

/**
 * Polynomials with exact bigint coefficients: the obvious carrier, kept to measure the modular one against
 * (`pnpm bench transfer`). It needs no size bound and no CRT, but every addition allocates, so it is far slower.
 */
export class BigIntKernel implements Kernel<bigint[]> {
  constructor(readonly stride: number) {}

  allocate(states: number): bigint[] {
    return new Array<bigint>(states * this.stride).fill(0n);
  }

  clear(buffer: bigint[]): void {
    buffer.fill(0n);
  }

  start(buffer: bigint[], state: number): void {
    buffer[state * this.stride] = 1n;
  }

  zeta(buffer: bigint[], first: number, bits: number, len: number): void {
    const L = this.stride;
    const size = 1 << bits;
    for (let h = 1; h < size; h <<= 1) {
      for (let base = 0; base < size; base += h << 1) {
        for (let j = base; j < base + h; j++) {
          const src = (first + j) * L;
          const dst = src + h * L;
          for (let t = 0; t < len; t++) buffer[dst + t] = buffer[dst + t]! + buffer[src + t]!;
        }
      }
    }
  }

  emit(to: bigint[], target: number, from: bigint[], source: number, pieces: number, len: number): void {
    const dst = target * this.stride + pieces;
    const src = source * this.stride;
    const n = Math.min(len, this.stride - pieces);
    for (let t = 0; t < n; t++) to[dst + t] = from[src + t]!;
  }
}

/** The whole table with bigint coefficients in one pass (degree bound given), for comparison. */
export function sumBigIntStates(buffer: readonly bigint[], stride: number): bigint[] {
  const sums = new Array<bigint>(stride).fill(0n);
  for (let s = 0; s < buffer.length; s += stride) for (let t = 0; t < stride; t++) sums[t] = sums[t]! + buffer[s + t]!;
  return sums;
}
