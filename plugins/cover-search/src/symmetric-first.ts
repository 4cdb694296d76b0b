import { CoverEngine } from './engine.js';
import { lowestBit, type CoverModel } from './model.js';
import type { Setup } from './setup.js';

/** A quick search for symmetric sets gives up after this many nodes, and the full search takes over. */
const SYMMETRIC_NODES = 20_000;

/**
 * The covering problem of the sets that a symmetry of order s leaves unchanged: one "piece" is a whole orbit
 * (a square and its images), covering what its s squares cover; only one square of each orbit needs covering,
 * since the rest follow by symmetry. Defined when every orbit has s squares (no square is its own image, as under
 * a turn of a board with even sides) and removed squares are symmetric too; undefined otherwise.
 */
export interface OrbitModel {
  readonly model: CoverModel;
  /** The squares of the orbit whose first square is the index. */
  readonly orbit: (first: number) => number[];
  readonly order: number;
}

export function orbitModel(model: CoverModel, powers: readonly Int32Array[]): OrbitModel | undefined {
  const { size, words, cover, needed, usable } = model;
  const order = powers.length + 1;
  const first = new Int32Array(size).fill(-1);
  const has = (mask: Int32Array, s: number) => (mask[s >>> 5]! & (1 << (s & 31))) !== 0;
  for (let s = 0; s < size; s++) {
    if (first[s] !== -1) continue;
    const images = powers.map((p) => p[s]!);
    if (new Set([s, ...images]).size !== order) return undefined;
    for (const t of images) if (has(needed, t) !== has(needed, s) || has(usable, t) !== has(usable, s)) return undefined;
    for (const t of [s, ...images]) first[t] = s;
  }
  const orbitCover = new Int32Array(size * words);
  const orbitCoverers = new Int32Array(size * words);
  const orbitNeeded = new Int32Array(words);
  const orbitUsable = new Int32Array(words);
  const offsets = new Int32Array(size + 1);
  const targets: number[] = [];
  let maxCover = 0;
  for (let c = 0; c < size; c++) {
    if (first[c] === c) {
      if (has(needed, c)) orbitNeeded[c >>> 5]! |= 1 << (c & 31);
      if (has(usable, c)) {
        orbitUsable[c >>> 5]! |= 1 << (c & 31);
        for (const m of [c, ...powers.map((p) => p[c]!)]) {
          for (let w = 0; w < words; w++) {
            let bits = cover[m * words + w]!;
            while (bits !== 0) {
              const t = first[(w << 5) + lowestBit(bits)]!;
              bits &= bits - 1;
              orbitCover[c * words + (t >>> 5)]! |= 1 << (t & 31);
              orbitCoverers[t * words + (c >>> 5)]! |= 1 << (c & 31);
            }
          }
        }
        for (let w = 0; w < words; w++) {
          let bits = orbitCover[c * words + w]!;
          while (bits !== 0) {
            targets.push((w << 5) + lowestBit(bits));
            bits &= bits - 1;
          }
        }
      }
    }
    offsets[c + 1] = targets.length;
    maxCover = Math.max(maxCover, offsets[c + 1]! - offsets[c]!);
  }
  const reduced: CoverModel = { size, words, cover: orbitCover, coverOffsets: offsets, coverTargets: Int32Array.from(targets), coverers: orbitCoverers, needed: orbitNeeded, usable: orbitUsable, maxCover };
  return { model: reduced, order, orbit: (c) => [c, ...powers.map((p) => p[c]!)] };
}

/**
 * A set of at most k pieces that a turn of the board leaves unchanged, looked for briefly before the full search:
 * many small covers are symmetric (knights 12×12: the minimum, 24, in 13 nodes where the full search takes 9,000;
 * but no 14×14 cover of 32 is), and this search is over a board an s-th the size with an s-th of the pieces.
 * Finding one only shortens the way down to the minimum; the proof is still the full search failing.
 */
export function symmetricSet(setup: Setup, k: number, stop: (nodes: number) => boolean): { set: number[] | undefined; nodes: number } {
  let nodes = 0;
  for (const orbits of setup.orbitModels) {
    const pieces = Math.floor(k / orbits.order);
    if (pieces < 1) continue;
    const m = orbits.model;
    // The full LP's weights summed over each orbit, an s-th of it: a feasible packing of the orbit problem.
    let weights: Float64Array | undefined;
    if (setup.weights) {
      weights = new Float64Array(m.size);
      for (let c = 0; c < m.size; c++) if ((m.needed[c >>> 5]! & (1 << (c & 31))) !== 0) for (const t of orbits.orbit(c)) weights[c]! += setup.weights[t]! / orbits.order;
    }
    const engine = new CoverEngine(m, { ...(weights ? { weights } : {}), stop: (n) => n > SYMMETRIC_NODES || stop(nodes + n) });
    engine.search('find', pieces);
    nodes += engine.nodes;
    if (engine.found) return { set: engine.found.flatMap(orbits.orbit).sort((a, b) => a - b), nodes };
  }
  return { set: undefined, nodes };
}
