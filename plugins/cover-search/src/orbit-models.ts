import { has, lowestBit, type CoverModel } from './model.js';

/**
 * The covering problem of the sets that a turn of the board (of order s) leaves unchanged: one "piece" is a whole
 * orbit (a square and its images), covering what its squares cover; only one square of each orbit needs covering,
 * since the rest follow by symmetry. A square the turn leaves in place (the centre of an odd board) is either in
 * the set (`fixed`, its cover taken before the search) or not a place for a piece at all: two problems.
 */
export interface OrbitModel {
  readonly model: CoverModel;
  /** The squares of the orbit whose first square is the index. */
  readonly orbit: (first: number) => number[];
  readonly order: number;
  /** Squares the turn leaves in place that are in every set of this problem. */
  readonly fixed: readonly number[];
}

/** The orbit problems of one turn, given as its powers other than the identity; none where removed squares are not symmetric. */
export function orbitModels(model: CoverModel, powers: readonly Int32Array[]): OrbitModel[] {
  const { size, needed, usable } = model;
  const order = powers.length + 1;
  const first = new Int32Array(size).fill(-1);
  const orbit = (c: number) => [...new Set([c, ...powers.map((p) => p[c]!)])];
  const fixedPoints: number[] = [];
  for (let s = 0; s < size; s++) {
    if (first[s] !== -1) continue;
    const members = orbit(s);
    for (const t of members) if (has(needed, t) !== has(needed, s) || has(usable, t) !== has(usable, s)) return [];
    if (members.length === 1) fixedPoints.push(s);
    else if (members.length !== order) return [];
    for (const t of members) first[t] = s;
  }
  if (fixedPoints.length > 1) return [];
  const usableFixed = fixedPoints.filter((s) => has(usable, s));
  const choices = usableFixed.length === 0 ? [[]] : [usableFixed, []];
  return choices.map((fixed) => ({ model: reduce(model, first, orbit, fixedPoints, fixed), orbit, order, fixed }));
}

/** The orbit problem: pieces on first squares of orbits other than fixed points, with the fixed pieces' cover taken. */
function reduce(model: CoverModel, first: Int32Array, orbit: (c: number) => number[], fixedPoints: readonly number[], fixed: readonly number[]): CoverModel {
  const { size, words, cover, needed, usable } = model;
  const orbitCover = new Int32Array(size * words);
  const orbitCoverers = new Int32Array(size * words);
  const orbitNeeded = new Int32Array(words);
  const orbitUsable = new Int32Array(words);
  const offsets = new Int32Array(size + 1);
  const targets: number[] = [];
  let maxCover = 0;
  // What the fixed pieces cover needs no orbit.
  const taken = new Int32Array(words);
  for (const f of fixed) for (let w = 0; w < words; w++) taken[w]! |= cover[f * words + w]!;
  for (let c = 0; c < size; c++) {
    if (first[c] !== c) continue;
    if (has(needed, c) && !has(taken, c)) orbitNeeded[c >>> 5]! |= 1 << (c & 31);
    if (has(usable, c) && !fixedPoints.includes(c)) orbitUsable[c >>> 5]! |= 1 << (c & 31);
  }
  for (let c = 0; c < size; c++) {
    if (has(orbitUsable, c)) {
      for (const m of orbit(c)) {
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
    offsets[c + 1] = targets.length;
    maxCover = Math.max(maxCover, offsets[c + 1]! - offsets[c]!);
  }
  return { size, words, cover: orbitCover, coverOffsets: offsets, coverTargets: Int32Array.from(targets), coverers: orbitCoverers, needed: orbitNeeded, usable: orbitUsable, maxCover };
}
