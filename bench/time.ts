/** Wall time of one call in milliseconds, with its value. */
export async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

/**
 * A call that answers in under `quick` ms is timed again, `runs` times in all, and its fastest run kept: there the
 * first run measures the JIT (or a cache) more than the work. Longer calls are timed once.
 */
export async function timedBest<T>(work: () => T | Promise<T>, quick = 100, runs = 5): Promise<{ value: T; ms: number; runs: number }> {
  let best = await timed(work);
  if (best.ms >= quick) return { ...best, runs: 1 };
  for (let i = 1; i < runs; i++) {
    const next = await timed(work);
    if (next.ms < best.ms) best = next;
  }
  return { ...best, runs };
}

export const fmtMs = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
