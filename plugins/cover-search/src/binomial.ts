const cache = new Map<number, bigint>();

/** C(n, k) as a bigint, cached: the leaves of a count with room to spare ask for the same few again and again. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  k = Math.min(k, n - k);
  const key = n * 65536 + k;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let value = 1n;
  for (let i = 1; i <= k; i++) value = (value * BigInt(n - k + i)) / BigInt(i);
  cache.set(key, value);
  return value;
}
