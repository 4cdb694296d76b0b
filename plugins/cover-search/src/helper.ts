import type { ProgressEvent } from '@bezzel/core';
import { localCover } from './local-cover.js';
import type { MinimumSearch } from './minimum.js';
import { engineOf, type Setup } from './setup.js';
import { symmetricLooks } from './symmetric-first.js';

/** The helper searches the nodes this shallow from the back: a few dozen subtrees a search (knights 14×14: about 40). */
export const SWEEP_DEPTH = 3;

/** What the helper tells the climbing thread: each smaller set, and how far its search for k has come from the back. */
export interface HelperTell {
  readonly set: (set: readonly number[]) => void;
  readonly swept: (k: number, path: readonly number[]) => void;
}

/**
 * The helper's side of a minimum on two threads (see climb.ts): down from a first set by symmetric and local
 * searches only, none of the short exact searches the one-thread search makes (the other thread proves). Where
 * neither finds a set of k, it searches for one exactly, from the back (`fromTheBack`), telling how far it has come:
 * the climbing thread, searching the same tree from the front, stops where they meet. A set found is told at once.
 */
export function comeDown(setup: Setup, playable: number, stop: (nodes: number) => boolean, tell: HelperTell): MinimumSearch {
  const first = engineOf(setup, { stop, symmetric: true });
  first.search('find', playable);
  let nodes = first.nodes;
  if (!first.found) return { done: false, bounds: { lower: first.stopped ? setup.lower : playable + 1 }, nodes };
  let best = first.found.sort((a, b) => a - b);
  tell.set(best);
  const symmetricLook = symmetricLooks(setup);
  for (;;) {
    if (best.length <= setup.lower) return { done: true, set: best, proof: 'bound', nodes };
    const k = best.length - 1;
    const symmetric = symmetricLook(k, (n) => stop(nodes + n));
    nodes += symmetric.nodes;
    let quick = symmetric.set;
    quick ??= localCover(setup.model, best, k, (n) => stop(nodes + n));
    if (!quick) {
      const exact = engineOf(setup, { stop: (n) => stop(nodes + n), symmetric: true, fromTheBack: SWEEP_DEPTH, onSwept: (path) => tell.swept(k, path) });
      exact.search('find', k);
      nodes += exact.nodes;
      if (exact.stopped) return { done: false, best, bounds: { lower: setup.lower, upper: best.length }, nodes };
      if (!exact.found) {
        tell.swept(k, []);
        return { done: true, set: best, proof: 'exhausted', nodes };
      }
      quick = exact.found.sort((a, b) => a - b);
    }
    best = quick;
    tell.set(best);
  }
}

/**
 * A sweep's report as progress: `done` counts the reports (the search thread passes each on at once), the path
 * goes in the metrics, with the root LP's value so the listener can tell the helper's tree is its own.
 */
export function sweptProgress(setup: Setup, k: number, path: readonly number[], count: number): ProgressEvent {
  const metrics: Record<string, number> = { proving: k, depth: path.length, lp: setup.lp ?? -1, lower: setup.lower };
  path.forEach((index, depth) => (metrics[`at${depth}`] = index));
  return { done: count, metrics };
}

/** The size and path of a sweep's report, when the progress is one and comes from the same tree as `setup`'s. */
export function readSwept(setup: Setup, event: ProgressEvent): { k: number; path: number[] } | undefined {
  const m = event.metrics;
  if (m?.['proving'] === undefined || m['lp'] !== (setup.lp ?? -1) || m['lower'] !== setup.lower) return undefined;
  const path = Array.from({ length: m['depth'] ?? 0 }, (_, depth) => m[`at${depth}`] ?? -1);
  return path.every((i) => i >= 0) ? { k: m['proving'], path } : undefined;
}
