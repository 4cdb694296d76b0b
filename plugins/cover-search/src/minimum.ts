import type { MinimumBounds, MinimumProof, TraceEvent } from '@bezzel/core';
import { engineOf, type Setup } from './setup.js';
import { symmetricSet } from './symmetric-first.js';

export type MinimumSearch =
  | { readonly done: true; readonly set: number[]; readonly proof: MinimumProof; readonly nodes: number }
  | { readonly done: false; readonly best?: number[]; readonly bounds: MinimumBounds; readonly nodes: number };

/**
 * The fewest pieces: a first set from the search ordered by coverage, then searches for one piece fewer until one
 * fails, each after a brief look for a symmetric set of that size. The failed search is the proof; symmetry prunes
 * it (a set turned so its first branch comes earliest).
 */
export function findMinimum(setup: Setup, playable: number, stop: (nodes: number) => boolean, trace?: (event: TraceEvent) => void): MinimumSearch {
  let nodes = 0;
  let best: number[] | undefined;
  let k = playable;
  for (;;) {
    if (best && best.length <= setup.lower) return { done: true, set: best, proof: 'bound', nodes };
    if (best) {
      const symmetric = symmetricSet(setup, best.length - 1, (n) => stop(nodes + n));
      nodes += symmetric.nodes;
      if (symmetric.set) {
        best = symmetric.set;
        if (trace) showSet(best, trace);
        continue;
      }
    }
    const engine = engineOf(setup, { stop: (n) => stop(nodes + n), symmetric: true, ...(trace ? { trace } : {}) });
    engine.search('find', best ? best.length - 1 : k);
    nodes += engine.nodes;
    if (engine.stopped) return { done: false, ...(best ? { best } : {}), bounds: { lower: setup.lower, ...(best ? { upper: best.length } : {}) }, nodes };
    if (!engine.found) {
      // No set at all (only an independent one can be missing) or none smaller than the best.
      if (!best) return { done: false, bounds: { lower: playable + 1 }, nodes };
      return { done: true, set: best, proof: engine.nodes <= 1 ? 'bound' : 'exhausted', nodes };
    }
    best = engine.found.sort((a, b) => a - b);
    k = best.length;
  }
}

/** A watcher sees a set the symmetric search found as its pieces placed, the set, and the pieces taken back. */
function showSet(set: readonly number[], trace: (event: TraceEvent) => void): void {
  set.forEach((square, depth) => trace({ type: 'place', square, depth }));
  trace({ type: 'solution', index: 0 });
  for (let depth = set.length - 1; depth >= 0; depth--) trace({ type: 'remove', square: set[depth]!, depth });
}
