import type { MinimumBounds, MinimumProof, TraceEvent } from '@bezzel/core';
import { engineOf, type Setup } from './setup.js';
import { localCover } from './local-cover.js';
import { symmetricLooks } from './symmetric-first.js';

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
export function findMinimum(setup: Setup, playable: number, stop: (nodes: number) => boolean, trace?: (event: TraceEvent) => void, known?: KnownBounds): MinimumSearch {
  let nodes = 0;
  let best: number[] | undefined;
  const symmetricLook = symmetricLooks(setup);
  const stopped = (): MinimumSearch => ({ done: false, ...(best ? { best } : {}), bounds: { lower: setup.lower, ...(best ? { upper: best.length } : {}) }, nodes });
  for (;;) {
    if (best && best.length <= setup.lower) return { done: true, set: best, proof: 'bound', nodes };
    if (known && best) known.upper = best.length;
    const k = best ? best.length - 1 : playable;
    const exact = exactSearch(setup, k, (n) => stop(nodes + n), trace);
    let search: Exact | undefined;
    if (best) {
      const symmetric = symmetricLook(k, (n) => stop(nodes + n));
      nodes += symmetric.nodes;
      let quick = symmetric.set;
      if (!quick) {
        search = exact(QUICK_NODES);
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
      // The short search goes on where it stopped.
      search = exact(Infinity);
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

/**
 * What a minimum knows while it runs, kept up to date for its progress reports: the fewest is at least `lower`
 * (proven) and at most `upper` (the smallest set found).
 */
export interface KnownBounds {
  lower: number;
  upper?: number;
}

type Exact = { readonly outcome: 'found'; readonly set: number[]; readonly nodes: number } | { readonly outcome: 'none' | 'short' | 'stopped'; readonly nodes: number };

/**
 * The exact search for a set of at most k, run in steps: each call searches at most `limit` more nodes (then
 * `short`: the next call continues from there) or stops at the budget (`stopped`). `stop` and each outcome see
 * the call's own nodes.
 */
export function exactSearch(setup: Setup, k: number, stop: (nodes: number) => boolean, trace?: (event: TraceEvent) => void): (limit: number) => Exact {
  let before = 0;
  let until = 0;
  let short = false;
  const engine = engineOf(setup, { stop: (n) => (n > until ? (short = true) : stop(n - before)), symmetric: true, ...(trace ? { trace } : {}) });
  return (limit) => {
    before = engine.nodes;
    until = before + limit;
    short = false;
    if (before === 0 || !engine.resume()) engine.search('find', k);
    const nodes = engine.nodes - before;
    if (engine.found) return { outcome: 'found', set: engine.found, nodes };
    return { outcome: engine.stopped ? (short ? 'short' : 'stopped') : 'none', nodes };
  };
}

/** A watcher sees a set the symmetric search found as its pieces placed, the set, and the pieces taken back. */
function showSet(set: readonly number[], trace: (event: TraceEvent) => void): void {
  set.forEach((square, depth) => trace({ type: 'place', square, depth }));
  trace({ type: 'solution', index: 0 });
  for (let depth = set.length - 1; depth >= 0; depth--) trace({ type: 'remove', square: set[depth]!, depth });
}
