import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineResidues } from '@bezzel/core';
import { primesBelow2To30, primesFor } from './crt.js';
import { pdep, pext, popcount } from './layout.js';

describe('the arithmetic under the counts', () => {
  const primes = primesBelow2To30(5);

  it('finds distinct primes below 2^30, enough for a bound', () => {
    expect(primes[0]).toBe(1073741789);
    expect(new Set(primes).size).toBe(5);
    for (const bound of [1, 2 ** 29, 2 ** 53, 1e30, 2 ** 119, 1e50]) {
      const product = primesBelow2To30(primesFor(bound)).reduce((p, q) => p * BigInt(q), 1n);
      expect(product > BigInt(Math.ceil(bound)), String(bound)).toBe(true);
    }
    expect(primesFor(2 ** 100)).toBeLessThanOrEqual(4);
  });

  it('recovers any number below the product of the primes from its residues', () => {
    const product = primes.reduce((p, q) => p * BigInt(q), 1n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: product - 1n }), fc.integer({ min: 1, max: 5 }), (value, count) => {
        const used = primes.slice(0, count);
        const bound = used.reduce((p, q) => p * BigInt(q), 1n);
        const x = value % bound;
        expect(combineResidues(used.map((p) => Number(x % BigInt(p))), used)).toBe(x);
      }),
      { seed: 6, numRuns: 500 },
    );
  });

  it('pext and pdep are inverse on the bits of the mask', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (x, mask) => {
        const packed = pext(x, mask);
        expect(packed).toBeLessThan(2 ** popcount(mask));
        expect(pdep(packed, mask)).toBe((x & mask) >>> 0);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});
