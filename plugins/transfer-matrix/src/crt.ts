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
