import { Rng } from '@bezzel/core';
import type { DancingLinks } from './links.js';

/** What Algorithm X will meet on these links, estimated before it runs. */
export interface TreeEstimate {
  /** Search nodes (options chosen) of the whole tree. */
  readonly nodes: number;
  /** Node updates of the whole tree (Knuth's "updates": nodes taken out of their columns). */
  readonly updates: number;
  /** Exact covers: the count the search would give. */
  readonly solutions: number;
  /** The share of probes that reached an exact cover (half a probe's share when none did). */
  readonly reached: number;
  /** Updates one probe did on average: what a root-to-leaf path costs. */
  readonly pathUpdates: number;
}

/** Updates all probes of one estimate may do: a few milliseconds. */
const PROBE_WORK = 200_000;
const MIN_PROBES = 2;
const MAX_PROBES = 256;

/**
 * Knuth's random probes (Knuth 1975, "Estimating the efficiency of backtrack programs"; TAOCP 7.2.2 (29)) of the
 * very tree the search walks: each probe goes down one random branch, choosing columns by the same S heuristic,
 * and multiplies the column sizes it meets; the products, summed by depth, are unbiased estimates of the nodes
 * (and weighted by the updates each step did, of the updates) of the whole tree. Seeded, so a task gets the same
 * estimate every time. The links are restored after each probe.
 */
export function estimateTree(x: DancingLinks): TreeEstimate {
  const { C, D, L, R, S } = x;
  const rng = new Rng(0xd1ce);
  const depth = x.problem.primary;
  const path = new Int32Array(depth + 1);
  const columns = new Int32Array(depth + 1);
  let nodes = 0;
  let updates = 0;
  let solutions = 0;
  let reached = 0;
  let work = 0;
  let probes = 0;
  while (probes < MAX_PROBES && (probes < MIN_PROBES || work < PROBE_WORK)) {
    probes++;
    const before = x.updates;
    let weight = 1;
    let k = 0;
    let deadEnd = false;
    for (;;) {
      if (R[0] === 0) {
        solutions += weight;
        reached++;
        break;
      }
      const c = x.choose();
      const size = S[c]!;
      let u = x.updates;
      x.cover(c);
      // The column is covered once at the parent, which stands for `weight` nodes.
      updates += weight * (x.updates - u);
      columns[k] = c;
      if (size === 0) {
        deadEnd = true;
        break;
      }
      weight *= size;
      let r = D[c]!;
      for (let i = rng.below(size); i > 0; i--) r = D[r]!;
      path[k] = r;
      nodes += weight;
      u = x.updates;
      for (let j = R[r]!; j !== r; j = R[j]!) x.cover(C[j]!);
      updates += weight * (x.updates - u);
      k++;
    }
    // Restore the links, deepest first: a dead end's column, then each option and its column.
    if (deadEnd) x.uncover(columns[k]!);
    for (let d = k - 1; d >= 0; d--) {
      const r = path[d]!;
      for (let j = L[r]!; j !== r; j = L[j]!) x.uncover(C[j]!);
      x.uncover(columns[d]!);
    }
    work += x.updates - before;
  }
  x.updates = 0;
  return {
    nodes: nodes / probes,
    updates: updates / probes,
    solutions: solutions / probes,
    reached: Math.max(reached, 0.5) / probes,
    pathUpdates: work / probes,
  };
}
