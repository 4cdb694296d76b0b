import type { MinimumBounds, MinimumProof, TraceEvent } from '@bezzel/core';
import { engineOf, type Setup } from './setup.js';
import { localCover } from './local-cover.js';
import { symmetricSet } from './symmetric-first.js';

export type MinimumSearch =
  | { readonly done: true; readonly set: number[]; readonly proof: MinimumProof; readonly nodes: number }
  | { readonly done: false; readonly best?: number[]; readonly bounds: MinimumBounds; readonly nodes: number };

/** The exact search for one piece fewer runs this many nodes before the quicker ways are tried; most sizes end sooner. */
export const QUICK_NODES = 2000;

/**
 * The fewest pieces: a first set from the search ordered by coverage, then searches for one piece fewer until one
 * fails. Each size starts with a look for a symmetric set, then a short exact search; where that does not settle
 * it, a local search from the set in hand may find one sooner (knights 14×14: 32 in a second where the exact
 * search takes 90), and only then the exact search runs to the end. The failed search is the proof; symmetry
 * prunes it (a set turned so its first branch comes earliest).
 */
export function findMinimum(setup: Setup, playable: number, stop: (nodes: number) => boolean, trace?: (event: TraceEvent) => void): MinimumSearch {
  let nodes = 0;
  let best: number[] | undefined;
  const stopped = (): MinimumSearch => ({ done: false, ...(best ? { best } : {}), bounds: { lower: setup.lower, ...(best ? { upper: best.length } : {}) }, nodes });
  for (;;) {
    if (best && best.length <= setup.lower) return { done: true, set: best, proof: 'bound', nodes };
    const k = best ? best.length - 1 : playable;
    let quick: number[] | undefined;
    let search: Exact | undefined;
    if (best) {
      const symmetric = symmetricSet(setup, k, (n) => stop(nodes + n));
      nodes += symmetric.nodes;
      quick = symmetric.set;
      if (!quick) {
        search = exactSearch(setup, k, QUICK_NODES, (n) => stop(nodes + n), trace);
        nodes += search.nodes;
        if (search.outcome === 'short') quick = localCover(setup.model, best, k, (n) => stop(nodes + n));
      }
      if (quick) {
        best = quick;
        if (trace) showSet(best, trace);
        continue;
      }
    }
    if (!search || search.outcome === 'short') {
      search = exactSearch(setup, k, Infinity, (n) => stop(nodes + n), trace);
      nodes += search.nodes;
    }
    if (search.outcome === 'found') {
      best = search.set.sort((a, b) => a - b);
      continue;
    }
    if (search.outcome !== 'none') return stopped();
    // No set at all (only an independent one can be missing) or none smaller than the best.
    if (!best) return { done: false, bounds: { lower: playable + 1 }, nodes };
    return { done: true, set: best, proof: search.nodes <= 1 ? 'bound' : 'exhausted', nodes };
  }
}

type Exact = { readonly outcome: 'found'; readonly set: number[]; readonly nodes: number } | { readonly outcome: 'none' | 'short' | 'stopped'; readonly nodes: number };

/** The exact search for a set of at most k, given up after `limit` nodes (`short`) or at the budget (`stopped`). */
export function exactSearch(setup: Setup, k: number, limit: number, stop: (nodes: number) => boolean, trace?: (event: TraceEvent) => void): Exact {
  let short = false;
  const engine = engineOf(setup, { stop: (n) => (n > limit ? (short = true) : stop(n)), symmetric: true, ...(trace ? { trace } : {}) });
  engine.search('find', k);
  if (engine.found) return { outcome: 'found', set: engine.found, nodes: engine.nodes };
  return { outcome: engine.stopped ? (short ? 'short' : 'stopped') : 'none', nodes: engine.nodes };
}

/** A watcher sees a set the symmetric search found as its pieces placed, the set, and the pieces taken back. */
function showSet(set: readonly number[], trace: (event: TraceEvent) => void): void {
  set.forEach((square, depth) => trace({ type: 'place', square, depth }));
  trace({ type: 'solution', index: 0 });
  for (let depth = set.length - 1; depth >= 0; depth--) trace({ type: 'remove', square: set[depth]!, depth });
}
