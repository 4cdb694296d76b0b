import { FREE, FULL, type StepPlan } from './plan.js';

/**
 * How a step's work splits into groups whose new states are disjoint, so each group builds its own table and
 * nothing is merged across groups: a new state's group is a hash of the classes (untouched, full, a path's end)
 * of the slots the step does not touch — and those classes are the old state's, so every successor of an old
 * state falls in one group, known before it is stepped. With the mirror, a state and the image it may be swapped
 * for must agree: the hash is a sum over the slots, each slot's class weighted alike with its mirror image's.
 */
export interface Grouping {
  /**
   * The hash as a sum of eight lookups, one for each byte of a key's two words (two slots a byte): `table[256 · b +
   * byte]` is what byte b adds for the classes of its two slots (nothing for a slot the step touches).
   */
  readonly table: Int32Array;
}

/** What a slot of each class adds, times its weight: the sum over a mirror pair tells every pair of classes apart. */
const CLASS_VALUE = Int32Array.from({ length: 16 }, (_, c) => (c === FREE ? 0 : c === FULL ? 1 : 4));

export function groupingOf(plan: StepPlan): Grouping {
  const touched = new Set(plan.back);
  // The P slots (the old state's) of the N slots whose vertex takes no edge in this step, with their mirror images.
  const image = new Map<number, number>();
  for (let i = 0; i < plan.nn; i++) {
    const from = plan.source[i]!;
    if (from !== plan.np && !touched.has(from)) image.set(from, from);
  }
  if (plan.mirror) {
    for (const [from] of image) {
      const i = plan.source.indexOf(from);
      const mirrored = plan.source[plan.mirror[i]!]!;
      // A slot whose image the step touches is left out, and so is that image.
      if (image.has(mirrored)) image.set(from, mirrored);
      else image.delete(from);
    }
  }
  // A weight for each mirror pair (odd, from the pair's lesser slot), the same for both of its slots.
  const weight = new Int32Array(32);
  for (const [slot, mirrored] of image) weight[slot] = Math.imul(Math.min(slot, mirrored) + 1, 0x9e3779b1) | 1;
  const table = new Int32Array(8 * 256);
  for (let b = 0; b < 8; b++) {
    for (let byte = 0; byte < 256; byte++) {
      const low = 2 * b;
      const high = low + 1;
      table[256 * b + byte] = (Math.imul(weight[low]!, CLASS_VALUE[byte & 15]!) + Math.imul(weight[high]!, CLASS_VALUE[byte >>> 4]!)) | 0;
    }
  }
  return { table };
}

/**
 * The hash a state's group comes from, at the step `g` is of, for the state whose key is at `keys[at…]` before
 * that step: its low bits are the group (groups are a power of two), the bits above them cut a group finer for a
 * thread (see `SpillSweep.runGroup`).
 */
export function groupHash(g: Grouping, keys: Uint32Array, at: number): number {
  const t = g.table;
  const lo = keys[at]!;
  const hi = keys[at + 1]!;
  let h =
    (t[lo & 255]! + t[256 + ((lo >>> 8) & 255)]! + t[512 + ((lo >>> 16) & 255)]! + t[768 + (lo >>> 24)]! +
      t[1024 + (hi & 255)]! + t[1280 + ((hi >>> 8) & 255)]! + t[1536 + ((hi >>> 16) & 255)]! + t[1792 + (hi >>> 24)]!) | 0;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}

/** The group of `groups` (a power of two) of the state whose key is at `keys[at…]`, at the step `g` is of. */
export function groupOf(g: Grouping, keys: Uint32Array, at: number, groups: number): number {
  return groups === 1 ? 0 : groupHash(g, keys, at) & (groups - 1);
}
