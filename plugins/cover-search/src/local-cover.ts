import type { CoverModel } from './model.js';

/**
 * Moves a local search makes at most, by default: enough for knights 14×14 (32 from 33 in about 46,000), few enough
 * that a look that fails (the size below the minimum) costs about a tenth of a second; fewer on small boards (300 a
 * square). A caller may ask for more. Fewer for pieces that cover much, since a move weighs about maxCover² squares.
 */
export const LOCAL_STEPS = 60_000;
const LOCAL_WORK = 30_000_000;
/** A piece just moved stays put, and a square just left stays empty, for this many moves. */
const TABU = 7;

/**
 * A set of k pieces by local search, looked for before the exact search for k (as min-conflicts looks for
 * queens): start from a larger set with its least useful pieces taken off, then repeatedly take an uncovered
 * square, put a piece where it covers the most uncovered squares among the squares covering that one, and take
 * off the piece whose loss uncovers the fewest. Knights 14×14: a set of 32 in milliseconds where the exact search
 * takes a million nodes. Only finds; never proves. Deterministic: a fixed seed, so runs repeat exactly.
 * Not for independent sets (pieces there must not attack each other, which this does not keep).
 */
export function localCover(model: CoverModel, start: readonly number[], k: number, stop: (steps: number) => boolean, maxSteps?: number): number[] | undefined {
  const { size, coverOffsets, coverTargets, needed, usable } = model;
  if (model.conflicts || k < 1) return undefined;
  const isNeeded = (s: number) => (needed[s >>> 5]! & (1 << (s & 31))) !== 0;
  // Who covers each needed square, as lists.
  const byTarget = new Int32Array(size + 1);
  for (let c = 0; c < size; c++) {
    if ((usable[c >>> 5]! & (1 << (c & 31))) === 0) continue;
    for (let i = coverOffsets[c]!; i < coverOffsets[c + 1]!; i++) byTarget[coverTargets[i]! + 1]!++;
  }
  for (let s = 0; s < size; s++) byTarget[s + 1]! += byTarget[s]!;
  const coverers = new Int32Array(byTarget[size]!);
  const fill = byTarget.slice(0, size);
  for (let c = 0; c < size; c++) {
    if ((usable[c >>> 5]! & (1 << (c & 31))) === 0) continue;
    for (let i = coverOffsets[c]!; i < coverOffsets[c + 1]!; i++) coverers[fill[coverTargets[i]!]!++] = c;
  }

  const count = new Int32Array(size);
  const chosen = new Uint8Array(size);
  const pieces: number[] = [];
  const uncovered = new Int32Array(size);
  const at = new Int32Array(size).fill(-1);
  let open = 0;
  const tabuUntil = new Int32Array(size);
  for (let s = 0; s < size; s++) if (isNeeded(s)) (uncovered[open] = s), (at[s] = open++);
  const cover = (s: number) => {
    if (count[s]++ === 0 && at[s] >= 0) {
      const last = uncovered[--open]!;
      uncovered[at[s]!] = last;
      at[last] = at[s]!;
      at[s] = -1;
    }
  };
  const uncover = (s: number) => {
    if (--count[s] === 0 && isNeeded(s)) (uncovered[open] = s), (at[s] = open++);
  };
  const add = (c: number) => {
    chosen[c] = 1;
    pieces.push(c);
    for (let i = coverOffsets[c]!; i < coverOffsets[c + 1]!; i++) cover(coverTargets[i]!);
  };
  const remove = (c: number) => {
    chosen[c] = 0;
    pieces.splice(pieces.indexOf(c), 1);
    for (let i = coverOffsets[c]!; i < coverOffsets[c + 1]!; i++) uncover(coverTargets[i]!);
  };
  const loss = (c: number) => {
    let n = 0;
    for (let i = coverOffsets[c]!; i < coverOffsets[c + 1]!; i++) if (count[coverTargets[i]!] === 1 && isNeeded(coverTargets[i]!)) n++;
    return n;
  };
  let seed = 0x9e3779b9 ^ k;
  const random = (n: number) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  /** The piece whose removal uncovers the fewest squares, ties at random, skipping `keep` and tabu pieces. */
  const leastUseful = (step: number, keep: number) => {
    let best = -1;
    let fewest = Infinity;
    let ties = 0;
    for (const p of pieces) {
      if (p === keep || tabuUntil[p]! > step) continue;
      const l = loss(p);
      if (l < fewest || (l === fewest && random(++ties + 1) === 0)) {
        if (l < fewest) ties = 0;
        fewest = l;
        best = p;
      }
    }
    return best >= 0 ? best : pieces.find((p) => p !== keep)!;
  };

  for (const c of start) if ((usable[c >>> 5]! & (1 << (c & 31))) !== 0 && !chosen[c]) add(c);
  while (pieces.length > k) remove(leastUseful(0, -1));
  const steps = Math.min(maxSteps ?? Math.min(LOCAL_STEPS, 300 * size), Math.floor(LOCAL_WORK / Math.max(1, model.maxCover) ** 2));
  for (let step = 1; step <= steps; step++) {
    if (open === 0) return pieces.slice().sort((a, b) => a - b);
    if ((step & 1023) === 0 && stop(step)) return undefined;
    const u = uncovered[random(open)]!;
    let best = -1;
    let most = -1;
    let ties = 0;
    for (let i = byTarget[u]!; i < byTarget[u + 1]!; i++) {
      const c = coverers[i]!;
      if (chosen[c] || tabuUntil[c]! > step) continue;
      let gain = 0;
      for (let j = coverOffsets[c]!; j < coverOffsets[c + 1]!; j++) if (count[coverTargets[j]!] === 0 && isNeeded(coverTargets[j]!)) gain++;
      if (gain > most || (gain === most && random(++ties + 1) === 0)) {
        if (gain > most) ties = 0;
        most = gain;
        best = c;
      }
    }
    if (best < 0) continue;
    add(best);
    tabuUntil[best] = step + TABU;
    const out = leastUseful(step, best);
    remove(out);
    tabuUntil[out] = step + TABU;
  }
  return undefined;
}
