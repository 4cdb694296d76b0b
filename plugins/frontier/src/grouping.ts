import { FREE, FULL, type StepPlan } from './plan.js';

/**
 * How a step's work splits into groups whose new states are disjoint, so each group builds its own table and
 * nothing is merged across groups: a new state's group is a hash of the classes (untouched, full, a path's end)
 * of the slots the step does not touch — and those classes are the old state's, so every successor of an old
 * state falls in one group, known before it is stepped. With the mirror, the slots are closed under it and the
 * hash is the least of the pattern's and its image's, so a state and the image it may be swapped for agree.
 */
export interface Grouping {
  /**
   * The P slots (the old state's) of the N slots whose vertex takes no edge in this step, closed under the mirror
   * when there is one.
   */
  readonly sources: Int32Array;
  /** For each position in `sources`, its mirror image's P slot (undefined: no mirror in this step). */
  readonly images: Int32Array | undefined;
}

export function groupingOf(plan: StepPlan): Grouping {
  const touched = new Set(plan.back);
  let slots: number[] = [];
  for (let i = 0; i < plan.nn; i++) {
    const from = plan.source[i]!;
    if (from !== plan.np && !touched.has(from)) slots.push(i);
  }
  let images: Int32Array | undefined;
  if (plan.mirror) {
    const inQ = new Set(slots);
    slots = slots.filter((i) => inQ.has(plan.mirror![i]!));
    images = Int32Array.from(slots, (i) => plan.source[plan.mirror![i]!]!);
  }
  return { sources: Int32Array.from(slots, (i) => plan.source[i]!), images };
}

/** The class of a slot code as a base-3 digit: 0 untouched, 1 full, 2 a path's end (HALF or a label). */
const CLASS = Int32Array.from({ length: 16 }, (_, c) => (c === FREE ? 0 : c === FULL ? 1 : 2));

/**
 * The hash a state's group comes from, at the step `g` is of, for the state whose key is at `keys[at…]` before
 * that step: its low bits are the group (groups are a power of two), the bits above them cut a group finer for a
 * thread (see `SpillSweep.runGroup`).
 */
export function groupHash(g: Grouping, keys: Uint32Array, at: number): number {
  const sources = g.sources;
  let h = 0;
  for (let k = 0; k < sources.length; k++) {
    const s = sources[k]!;
    h = h * 3 + CLASS[(keys[at + (s >> 3)]! >>> ((s & 7) << 2)) & 15]!;
  }
  const images = g.images;
  if (images !== undefined) {
    let image = 0;
    for (let k = 0; k < images.length; k++) {
      const s = images[k]!;
      image = image * 3 + CLASS[(keys[at + (s >> 3)]! >>> ((s & 7) << 2)) & 15]!;
    }
    if (image < h) h = image;
  }
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}

/** The group of `groups` (a power of two) of the state whose key is at `keys[at…]`, at the step `g` is of. */
export function groupOf(g: Grouping, keys: Uint32Array, at: number, groups: number): number {
  return groups === 1 ? 0 : groupHash(g, keys, at) & (groups - 1);
}
