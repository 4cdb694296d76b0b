/** Primes just below 2³⁰, largest first, found by trial division (a sum of two residues stays below 2³¹). */
export function primesBelow2To30(count: number): number[] {
  const out: number[] = [];
  for (let n = 2 ** 30 - 1; out.length < count; n -= 2) if (isPrime(n)) out.push(n);
  return out;
}

function isPrime(n: number): boolean {
  if (n % 2 === 0) return n === 2;
  for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
  return true;
}

/** How many of those primes it takes for their product to exceed `bound`. */
export function primesFor(bound: number): number {
  const bits = Math.log2(Math.max(bound, 1)) + 1;
  return Math.max(1, Math.ceil(bits / 29.99));
}

/** The number below the product of the primes with the given residues (Garner's mixed-radix form). */
export function combineResidues(residues: readonly number[], primes: readonly number[]): bigint {
  const digits: bigint[] = [];
  for (let i = 0; i < primes.length; i++) {
    const p = BigInt(primes[i]!);
    let x = BigInt(residues[i]!);
    let radix = 1n;
    let partial = 0n;
    for (let j = 0; j < i; j++) {
      partial = (partial + digits[j]! * radix) % p;
      radix = (radix * BigInt(primes[j]!)) % p;
    }
    x = (((x - partial) % p) + p) % p;
    digits.push((x * inverse(radix, p)) % p);
  }
  let value = 0n;
  let radix = 1n;
  for (let i = 0; i < primes.length; i++) {
    value += digits[i]! * radix;
    radix *= BigInt(primes[i]!);
  }
  return value;
}

function inverse(a: bigint, p: bigint): bigint {
  let [r0, r1, s0, s1] = [a % p, p, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % p) + p) % p;
}
