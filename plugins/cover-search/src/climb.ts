import type { Elsewhere, ElsewhereRun, ProgressEvent, Solution, Task } from '@bezzel/core';
import { readSwept } from './helper.js';
import type { KnownBounds, MinimumSearch } from './minimum.js';
import { engineOf, type Setup } from './setup.js';
import { symmetricSet } from './symmetric-first.js';

/** The symmetric look before the climb gives up after this many nodes. */
const SYMMETRIC_LOOK = 1000;

/**
 * The fewest pieces on two threads. This thread climbs from the lower bound, proving each size impossible in turn,
 * while a helper thread comes down from above (see helper.ts), telling each smaller set it finds. The climb is
 * cheap until the size just below the minimum (knights 14×14: 29 and 30 in 75 ms, 31 in a second), and coming
 * down is cheap until that same size; there the helper, out of quick ways, searches the same tree from the back
 * while this thread searches it from the front, and tells how far it has come. The answer is there once every
 * size below the helper's set is proven impossible (by this thread, by the helper, or by both meeting), or this
 * thread finds a set itself. The helper starts with the first clock reading (256 nodes): boards answered sooner
 * never start it.
 *
 * Synchronous: the helper is heard where the clock is read (`ElsewhereRun.poll`), not when this thread is idle.
 */
export function climb(setup: Setup, playable: number, helperTask: Task, elsewhere: Elsewhere, stop: (nodes: number) => boolean, known?: KnownBounds): MinimumSearch {
  let nodes = 0;
  let helper: ElsewhereRun | undefined;
  let upper: number[] | undefined;
  let helperNodes = 0;
  /** For each size the helper searches from the back: the path from which on it has searched every node. */
  const sweptFrom = new Map<number, number[]>();
  const onSolution = (solution: Solution) => {
    if (solution.kind === 'placement' && (!upper || solution.squares.length < upper.length)) {
      upper = [...solution.squares];
      if (known) known.upper = upper.length;
    }
  };
  const onProgress = (event: ProgressEvent) => {
    helperNodes = Number(event.nodes ?? helperNodes);
    const swept = readSwept(setup, event);
    if (swept) sweptFrom.set(swept.k, swept.path);
  };
  const listen = () => {
    helper ??= elsewhere.solve(helperTask, { onSolution, onProgress });
    helper.poll();
  };
  const total = () => nodes + helperNodes;
  try {
    // A symmetric set two pieces above the lower bound, looked for briefly: often the minimum itself (knights
    // 12×12: 24 in 13 nodes, where the climb alone needs 1,100 to find one and a helper thread is not yet loaded);
    // below the minimum the bound ends the look at once (14×14: 31 in 52 nodes).
    const symmetric = symmetricSet(setup, setup.lower + 2, (n) => stop(nodes + n), SYMMETRIC_LOOK);
    nodes += symmetric.nodes;
    upper = symmetric.set;
    if (known && upper) known.upper = upper.length;
    for (let k = setup.lower; k <= playable; k++) {
      if (known) known.lower = k;
      // Every size below k is proven impossible here (the bound, then each failed search).
      const proof = k === setup.lower ? 'bound' : 'exhausted';
      if (helper) listen();
      if (upper && upper.length <= k) return { done: true, set: upper, proof, nodes: total() };
      if (sweptFrom.get(k)?.length === 0) continue;
      let met = false;
      const engine = engineOf(setup, {
        symmetric: true,
        stop: (n) => {
          listen();
          const swept = sweptFrom.get(k);
          met = swept !== undefined && reached(engine.position(), swept);
          return met || (upper !== undefined && upper.length <= k) || stop(nodes + n);
        },
      });
      engine.search('find', k);
      nodes += engine.nodes;
      if (upper && upper.length <= k) return { done: true, set: upper, proof, nodes: total() };
      if (engine.found) return { done: true, set: engine.found.sort((a, b) => a - b), proof, nodes: total() };
      if (engine.stopped && !met) return { done: false, ...(upper ? { best: upper } : {}), bounds: { lower: k, ...(upper ? { upper: upper.length } : {}) }, nodes: total() };
    }
    // No set at all (only an independent one can be missing).
    return { done: false, bounds: { lower: playable + 1 }, nodes };
  } finally {
    helper?.stop();
  }
}

/**
 * Whether a search from the front standing at `here` (everything before it searched) has met one from the back
 * that has searched everything from `swept` on: `here` lies in the subtree at `swept` or after it.
 */
export function reached(here: readonly number[], swept: readonly number[]): boolean {
  for (let d = 0; d < swept.length; d++) {
    if (d >= here.length) return false;
    if (here[d]! !== swept[d]!) return here[d]! > swept[d]!;
  }
  return true;
}
