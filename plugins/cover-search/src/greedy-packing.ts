import type { CoverModel } from './model.js';

/**
 * A lower bound for boards too big for the root LP: squares no two of which any one piece can cover together
 * (their coverer sets are disjoint) each need a piece of their own. Taken greedily in square order, which on a
 * king's board picks every third square of every third rank, ⌈w/3⌉·⌈h/3⌉, the exact value.
 */
export function greedyPacking(model: CoverModel): number {
  const { words, size, coverers, needed } = model;
  const claimed = new Int32Array(words);
  let packed = 0;
  for (let s = 0; s < size; s++) {
    if ((needed[s >>> 5]! & (1 << (s & 31))) === 0) continue;
    const o = s * words;
    let shared = 0;
    for (let w = 0; w < words; w++) shared |= coverers[o + w]! & claimed[w]!;
    if (shared !== 0) continue;
    for (let w = 0; w < words; w++) claimed[w]! |= coverers[o + w]!;
    packed++;
  }
  return packed;
}
