import { CoverEngine } from './engine.js';
import { has } from './model.js';
import type { Setup } from './setup.js';

/** A quick search for symmetric sets gives up after this many nodes, and the full search takes over. */
const SYMMETRIC_NODES = 20_000;

/**
 * A set of at most k pieces that a turn of the board leaves unchanged, looked for briefly before the full search:
 * many small covers are symmetric (knights 12×12: the minimum, 24, in 13 nodes where the full search takes 9,000;
 * but no 14×14 cover of 32 is), and this search is over a board an s-th the size with an s-th of the pieces.
 * Finding one only shortens the way down to the minimum; the proof is still the full search failing. `exhausted`:
 * no symmetric set of at most k exists (every search ran to its end), so none of fewer either.
 */
export function symmetricSet(setup: Setup, k: number, stop: (nodes: number) => boolean, maxNodes = SYMMETRIC_NODES): { set: number[] | undefined; nodes: number; exhausted: boolean } {
  let nodes = 0;
  let exhausted = true;
  for (const orbits of setup.orbitModels()) {
    const pieces = Math.floor((k - orbits.fixed.length) / orbits.order);
    if (pieces < 1) continue;
    const m = orbits.model;
    // The full LP's weights summed over each orbit, an s-th of it: a feasible packing of the orbit problem.
    let weights: Float64Array | undefined;
    if (setup.weights) {
      weights = new Float64Array(m.size);
      for (let c = 0; c < m.size; c++) if (has(m.needed, c)) for (const t of orbits.orbit(c)) weights[c]! += setup.weights[t]! / orbits.order;
    }
    const engine = new CoverEngine(m, { ...(weights ? { weights } : {}), stop: (n) => n > maxNodes || stop(nodes + n) });
    engine.search('find', pieces);
    nodes += engine.nodes;
    if (engine.found) return { set: [...orbits.fixed, ...engine.found.flatMap(orbits.orbit)].sort((a, b) => a - b), nodes, exhausted: false };
    if (engine.stopped) exhausted = false;
  }
  return { set: undefined, nodes, exhausted };
}

/** Symmetric looks down a minimum, one size after another: once one has run out, none smaller is looked for. */
export function symmetricLooks(setup: Setup): (k: number, stop: (nodes: number) => boolean) => { set: number[] | undefined; nodes: number } {
  let left = true;
  return (k, stop) => {
    if (!left) return { set: undefined, nodes: 0 };
    const look = symmetricSet(setup, k, stop);
    left = !look.exhausted;
    return look;
  };
}
