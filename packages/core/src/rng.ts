/**
 * Seeded random numbers: xoshiro128** seeded by splitmix32. Four 32-bit words of state and only 32-bit integer
 * operations, so it is fast in V8 and gives the same sequence in every engine for the same seed.
 */
export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  /** The seed this generator started from (as an unsigned 32-bit number): what a result reports. */
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    let s = this.seed;
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
  }

  /** A uniformly random unsigned 32-bit integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.#b, 5), 7), 9) >>> 0;
    const t = this.#b << 9;
    this.#c ^= this.#a;
    this.#d ^= this.#b;
    this.#b ^= this.#c;
    this.#a ^= this.#d;
    this.#c ^= t;
    this.#d = rotl(this.#d, 11);
    return result;
  }

  /** A float in [0, 1) with 53 random bits. */
  float(): number {
    return ((this.nextU32() >>> 5) * 67108864 + (this.nextU32() >>> 6)) / 9007199254740992;
  }

  /** A uniform integer in [0, n), unbiased; n up to 2⁵³. */
  below(n: number): number {
    if (n <= 0x100000000) {
      // Lemire's rejection keeps it unbiased without a division in the common case.
      const limit = 0x100000000 - (0x100000000 % n);
      let x: number;
      do x = this.nextU32();
      while (x >= limit);
      return x % n;
    }
    return Math.floor(this.float() * n);
  }

  /** Shuffles the first `length` items in place (Fisher–Yates). */
  shuffle<T extends ArrayLike<unknown> & { [i: number]: unknown }>(items: T, length = items.length): T {
    for (let i = length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const tmp = items[i];
      items[i] = items[j];
      items[j] = tmp;
    }
    return items;
  }

  /** A fresh seed from this stream, for a sub-run that must be reproducible too. */
  fork(): Rng {
    return new Rng(this.nextU32());
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** A seed when the user gave none; reported in the result so the run can be repeated. */
export function randomSeed(): number {
  return (Math.random() * 0x100000000) >>> 0;
}
