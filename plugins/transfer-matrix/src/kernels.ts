/**
 * What a DP state carries, and the two things the row step does with it: sum a group's states over subsets
 * (zeta), and move a sum into a new state adding the pieces of the new row. Three carriers share the one loop:
 * a polynomial modulo a prime (the counts), the largest number of pieces (the maximum, and the degree bound of
 * the polynomials), and the total number of placements as a float (the size bound that decides how many primes).
 */
export interface Kernel<B extends ArrayLike<unknown>> {
  /** Numbers per state. */
  readonly stride: number;
  allocate(states: number): B;
  clear(buffer: B): void;
  /** The empty placement before the first row. */
  start(buffer: B, state: number): void;
  /** Subset sums over the 2^bits states from `first`; `len` coefficients may be non-zero. */
  zeta(buffer: B, first: number, bits: number, len: number): void;
  /** `to[target] = from[source] · x^pieces`. */
  emit(to: B, target: number, from: B, source: number, pieces: number, len: number): void;
}

/** Polynomials in the number of pieces, coefficients modulo a prime below 2³⁰ (so a sum stays a 31-bit integer). */
export class ModularKernel implements Kernel<Int32Array> {
  constructor(
    readonly prime: number,
    readonly stride: number,
  ) {}

  allocate(states: number): Int32Array {
    return new Int32Array(states * this.stride);
  }

  clear(buffer: Int32Array): void {
    buffer.fill(0);
  }

  start(buffer: Int32Array, state: number): void {
    buffer[state * this.stride] = 1;
  }

  zeta(buffer: Int32Array, first: number, bits: number, len: number): void {
    const p = this.prime;
    const L = this.stride;
    const size = 1 << bits;
    for (let h = 1; h < size; h <<= 1) {
      for (let base = 0; base < size; base += h << 1) {
        for (let j = base; j < base + h; j++) {
          const src = (first + j) * L;
          const dst = src + h * L;
          for (let t = 0; t < len; t++) {
            const v = buffer[dst + t]! + buffer[src + t]! - p;
            buffer[dst + t] = v + ((v >> 31) & p);
          }
        }
      }
    }
  }

  emit(to: Int32Array, target: number, from: Int32Array, source: number, pieces: number, len: number): void {
    const L = this.stride;
    const dst = target * L + pieces;
    const src = source * L;
    const n = Math.min(len, L - pieces);
    for (let t = 0; t < n; t++) to[dst + t] = from[src + t]!;
  }
}

/** The most pieces any placement leading to the state holds; -1 for a state no placement reaches. */
export class MaxKernel implements Kernel<Int32Array> {
  readonly stride = 1;

  allocate(states: number): Int32Array {
    return new Int32Array(states);
  }

  clear(buffer: Int32Array): void {
    buffer.fill(-1);
  }

  start(buffer: Int32Array, state: number): void {
    buffer[state] = 0;
  }

  zeta(buffer: Int32Array, first: number, bits: number): void {
    const size = 1 << bits;
    for (let h = 1; h < size; h <<= 1) {
      for (let base = 0; base < size; base += h << 1) {
        for (let j = first + base; j < first + base + h; j++) {
          if (buffer[j]! > buffer[j + h]!) buffer[j + h] = buffer[j]!;
        }
      }
    }
  }

  emit(to: Int32Array, target: number, from: Int32Array, source: number, pieces: number): void {
    const v = from[source]!;
    to[target] = v < 0 ? -1 : v + pieces;
  }
}

/** How many placements lead to the state, in floating point: an upper bound for every coefficient, within rounding. */
export class TotalKernel implements Kernel<Float64Array> {
  readonly stride = 1;

  allocate(states: number): Float64Array {
    return new Float64Array(states);
  }

  clear(buffer: Float64Array): void {
    buffer.fill(0);
  }

  start(buffer: Float64Array, state: number): void {
    buffer[state] = 1;
  }

  zeta(buffer: Float64Array, first: number, bits: number): void {
    const size = 1 << bits;
    for (let h = 1; h < size; h <<= 1) {
      for (let base = 0; base < size; base += h << 1) {
        for (let j = first + base; j < first + base + h; j++) buffer[j + h] += buffer[j]!;
      }
    }
  }

  emit(to: Float64Array, target: number, from: Float64Array, source: number): void {
    to[target] = from[source]!;
  }
}
