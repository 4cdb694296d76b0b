import type { Elsewhere, ElsewhereRun, Solution, Task } from '@bezzel/core';
import { exactSearch, type MinimumSearch } from './minimum.js';
import type { Setup } from './setup.js';
import { symmetricSet } from './symmetric-first.js';

/** The symmetric look before the climb gives up after this many nodes. */
const SYMMETRIC_LOOK = 1000;

/**
 * The fewest pieces on two threads. This thread climbs from the lower bound, proving each size impossible in turn,
 * while a helper thread comes down from above the way the one-thread search does (a first set, then symmetric
 * sets, short exact searches and local searches for one piece fewer), streaming each smaller set it finds. The
 * climb is cheap until the size just below the minimum (knights 14×14: 29 and 30 in 75 ms, 31 in a second), and
 * coming down is cheap until that same size, so the two halves split the work: the answer is there once this
 * thread has proven every size below the helper's set impossible, or finds a set itself. The helper starts with
 * the first clock reading (256 nodes): boards answered sooner never start it.
 *
 * Synchronous: the helper's sets are read where the clock is (`ElsewhereRun.poll`), not when this thread is idle.
 */
export function climb(setup: Setup, playable: number, helperTask: Task, elsewhere: Elsewhere, stop: (nodes: number) => boolean): MinimumSearch {
  let nodes = 0;
  let helper: ElsewhereRun | undefined;
  let upper: number[] | undefined;
  let helperNodes = 0;
  const onSolution = (solution: Solution) => {
    if (solution.kind === 'placement' && (!upper || solution.squares.length < upper.length)) upper = [...solution.squares];
  };
  const listen = () => {
    helper ??= elsewhere.solve(helperTask, { onSolution, onProgress: (event) => (helperNodes = Number(event.nodes ?? helperNodes)) });
    helper.poll();
  };
  try {
    // A symmetric set two pieces above the lower bound, looked for briefly: often the minimum itself (knights
    // 12×12: 24 in 13 nodes, where the climb alone needs 1,100 to find one and a helper thread is not yet loaded);
    // below the minimum the bound ends the look at once (14×14: 31 in 52 nodes).
    const symmetric = symmetricSet(setup, setup.lower + 2, (n) => stop(nodes + n), SYMMETRIC_LOOK);
    nodes += symmetric.nodes;
    upper = symmetric.set;
    for (let k = setup.lower; k <= playable; k++) {
      // Every size below k is proven impossible here (the bound, then each failed search).
      const proof = k === setup.lower ? 'bound' : 'exhausted';
      if (helper) listen();
      if (upper && upper.length <= k) return { done: true, set: upper, proof, nodes: nodes + helperNodes };
      const search = exactSearch(setup, k, (n) => {
        listen();
        return (upper !== undefined && upper.length <= k) || stop(nodes + n);
      })(Infinity);
      nodes += search.nodes;
      if (upper && upper.length <= k) return { done: true, set: upper, proof, nodes: nodes + helperNodes };
      if (search.outcome === 'found') return { done: true, set: search.set.sort((a, b) => a - b), proof, nodes: nodes + helperNodes };
      if (search.outcome !== 'none') return { done: false, ...(upper ? { best: upper } : {}), bounds: { lower: k, ...(upper ? { upper: upper.length } : {}) }, nodes: nodes + helperNodes };
    }
    // No set at all (only an independent one can be missing).
    return { done: false, bounds: { lower: playable + 1 }, nodes };
  } finally {
    helper?.stop();
  }
}
