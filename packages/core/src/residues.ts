/**
 * The number below the product of the moduli with the given residues (Garner's mixed-radix form): the Chinese
 * remainder theorem for pairwise coprime moduli (primes, or a power of two beside odd primes), each below 2⁵³.
 * Counts kept as residues — the row-transfer DP's polynomials, the frontier DP's states on disk — come back here.
 */
export function combineResidues(residues: readonly number[], moduli: readonly number[]): bigint {
  const digits: bigint[] = [];
  for (let i = 0; i < moduli.length; i++) {
    const p = BigInt(moduli[i]!);
    let x = BigInt(residues[i]!);
    let radix = 1n;
    let partial = 0n;
    for (let j = 0; j < i; j++) {
      partial = (partial + digits[j]! * radix) % p;
      radix = (radix * BigInt(moduli[j]!)) % p;
    }
    x = (((x - partial) % p) + p) % p;
    digits.push((x * inverse(radix, p)) % p);
  }
  let value = 0n;
  let radix = 1n;
  for (let i = 0; i < moduli.length; i++) {
    value += digits[i]! * radix;
    radix *= BigInt(moduli[i]!);
  }
  return value;
}

/** a⁻¹ mod p (extended Euclid), for a coprime to p. */
function inverse(a: bigint, p: bigint): bigint {
  let [r0, r1, s0, s1] = [a % p, p, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % p) + p) % p;
}
