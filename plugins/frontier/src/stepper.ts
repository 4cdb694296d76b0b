import { FIRST_LABEL, FREE, FRESH, FULL, HALF, MAX_SLOTS, type StepPlan } from './plan.js';

/** A tick past this restarts the relabel stamps (a stamp holds the tick above a 4-bit label in 32 bits). */
const TICK_LIMIT = 2 ** 26;

/**
 * Applies a plan to one state: its successors' keys (4 bits a slot, labels renumbered by first appearance) go
 * to `out`, and on the last vertex the number of ways it closes the whole tour to `closures`. For open tours
 * the tour ends already fixed are the HALF slots (each is the other end of a path from one), so the key needs
 * nothing more. Preallocated buffers; nothing is allocated per state.
 *
 * Why it is fast: a state is decoded once (codes, the masks of untouched and full slots, each end's mate), and
 * an edge choice is tried as at most four slot writes on that decoding, undone before the next, its validity
 * read from bit masks (a leaving slot not full, an untouched slot or an end without the room it needs) before
 * any key is built; only a valid choice is written out, its labels renumbered in the same pass.
 */
export class Stepper {
  readonly words: number;
  readonly out: Uint32Array;
  closures = 0;
  readonly #paths: boolean;
  /** The state's codes (and v's at np) with the current choice's writes; `#undoSlot/Code` take them back. */
  readonly #work = new Int32Array(MAX_SLOTS + 1);
  readonly #undoSlot = new Int32Array(8);
  readonly #undoCode = new Int32Array(8);
  #undo = 0;
  /** For each end slot of the state, the slot of its path's other end (−1 for HALF). */
  readonly #mate = new Int32Array(MAX_SLOTS + 1);
  readonly #firstAt = new Int32Array(16);
  /** For each slot of the state, how many labels first appear before it. */
  readonly #rank = new Int32Array(MAX_SLOTS + 1);
  /** The state's key (two words at most: `#packed`), for writing a successor without a pass over its slots. */
  #lo = 0;
  #hi = 0;
  readonly #packed: boolean;
  /** For each code, the tick of the key being written when it was given its new label, and that label (see `#relabelled`). */
  readonly #stamp = new Int32Array(16);
  #tick = 0;
  #next = 0;

  constructor(slots: number, paths: boolean) {
    this.#paths = paths;
    this.words = Math.max(1, Math.ceil((slots * 4) / 32));
    this.#packed = this.words <= 2;
    // At most 1 + 4 + 6… choices: as many keys as pairs of a vertex's back-edges, and one more.
    this.out = new Uint32Array(this.words * 1024);
  }

  #set(slot: number, code: number): void {
    const u = this.#undo++;
    this.#undoSlot[u] = slot;
    this.#undoCode[u] = this.#work[slot]!;
    this.#work[slot] = code;
  }

  #rollBack(): void {
    const work = this.#work;
    for (let u = this.#undo - 1; u >= 0; u--) work[this.#undoSlot[u]!] = this.#undoCode[u]!;
    this.#undo = 0;
  }

  /** The successors of the state whose key is at `keys[at…]`; returns how many keys it wrote to `out`. */
  successors(plan: StepPlan, keys: Uint32Array, at: number): number {
    const { np, back, choices, chosenMask, leavingMask, roomUnder2, roomUnder1, isLast } = plan;
    const paths = this.#paths;
    const work = this.#work;
    const mate = this.#mate;
    const firstAt = this.#firstAt;
    // Decode: codes, masks, and each end's mate (labels come in order of first appearance: the key is canonical).
    let full = 0;
    let free = 0;
    let halves = 0;
    let labels = 0;
    let word = 0;
    const rank = this.#rank;
    if (this.#packed) {
      this.#lo = keys[at]!;
      this.#hi = this.words > 1 ? keys[at + 1]! : 0;
    }
    for (let i = 0; i < np; i++) {
      if ((i & 7) === 0) word = keys[at + (i >> 3)]!;
      const c = (word >>> ((i & 7) << 2)) & 15;
      work[i] = c;
      rank[i] = labels;
      if (c === FREE) free |= 1 << i;
      else if (c === FULL) full |= 1 << i;
      else if (c === HALF) {
        halves++;
        mate[i] = -1;
      } else if (c - FIRST_LABEL === labels) {
        firstAt[c] = i;
        labels++;
      } else {
        const j = firstAt[c]!;
        mate[i] = j;
        mate[j] = i;
      }
    }
    this.#undo = 0;
    const slotsP = (1 << np) - 1;
    const ends0 = ~(full | free) & slotsP;
    const vBit = 1 << np;
    const roomForFree = paths ? roomUnder1 : roomUnder2;
    let written = 0;
    this.closures = 0;
    for (let k = 0; k < choices.length; k += 2) {
      if (this.#undo > 0) this.#rollBack();
      const a = choices[k]!;
      const b = choices[k + 1]!;
      const chosen = chosenMask[k >> 1]!;
      if (chosen & full) continue;
      if (!paths) {
        // Cycles, before any work: a leaving slot must end full (full already, or an end taking an edge), v
        // too if it leaves; an untouched slot staying so needs room for two edges, an end (old or new) one.
        if (leavingMask & slotsP & ~chosen & ~full) continue;
        if (leavingMask & chosen & free) continue;
        if (b < 0 && leavingMask & vBit) continue;
        if (free & ~chosen & roomUnder2) continue;
        if (((free & chosen) | (ends0 & ~chosen)) & roomUnder1) continue;
      }
      // The choice as slot writes; `fullAfter` and `vCode` say what the masks need.
      let fullAfter = full;
      let vCode = FREE;
      let closed = false;
      // How the labels are renumbered (first appearance) on the packed path (`#writePacked`): a new path's label
      // `fresh` (those from it up one), the label `drop` gone (those above it down one), the label `from` moved to
      // `to` (those between shifted); `loop`: by a pass over the slots instead.
      let fresh = -1;
      let drop = -1;
      let from = -1;
      let to = -1;
      let loop = false;
      if (b < 0) {
        if (a >= 0) {
          const u = back[a]!;
          const cu = work[u]!;
          if (cu === FREE) {
            this.#set(u, FRESH);
            vCode = FRESH;
            fresh = FIRST_LABEL + rank[u]!;
          } else {
            this.#set(u, FULL);
            fullAfter |= 1 << u;
            vCode = cu;
            // The label's first place moves from u to its other end (when u was it).
            if (cu >= FIRST_LABEL && mate[u]! > u) {
              from = cu;
              to = FIRST_LABEL + rank[mate[u]!]! - 1;
            }
          }
        }
      } else {
        const u1 = back[a]!;
        const u2 = back[b]!;
        const c1 = work[u1]!;
        const c2 = work[u2]!;
        vCode = FULL;
        if (c1 === FREE && c2 === FREE) {
          this.#set(u1, FRESH);
          this.#set(u2, FRESH);
          fresh = FIRST_LABEL + rank[u1]!;
        } else if (c1 === FREE) {
          // The untouched one takes over the other's place as a path's end.
          this.#set(u1, c2);
          this.#set(u2, FULL);
          fullAfter |= 1 << u2;
          if (c2 >= FIRST_LABEL) {
            from = c2;
            to = this.#movedTo(Math.min(u2, mate[u2]!), Math.min(u1, mate[u2]!));
          }
        } else if (c2 === FREE) {
          this.#set(u2, c1);
          this.#set(u1, FULL);
          fullAfter |= 1 << u1;
          if (c1 >= FIRST_LABEL) {
            from = c1;
            to = this.#movedTo(Math.min(u1, mate[u1]!), Math.min(u2, mate[u1]!));
          }
        } else {
          this.#set(u1, FULL);
          this.#set(u2, FULL);
          fullAfter |= (1 << u1) | (1 << u2);
          if (c1 === HALF && c2 === HALF) {
            // Two paths each hanging from a tour end join into the whole tour: only with the last vertex.
            if (!isLast) continue;
            closed = true;
          } else if (c1 === c2) {
            // Both ends of one path: a cycle, allowed only as the whole closed tour.
            if (paths || !isLast) continue;
            closed = true;
          } else {
            // Two paths join: the other end of the one whose label goes takes the other's (HALF wins: a tour end).
            const kept = c2 === HALF ? u2 : u1;
            const dropped = c2 === HALF ? u1 : u2;
            const keep = c2 === HALF ? HALF : c1;
            const label = c2 === HALF ? c1 : c2;
            this.#set(mate[dropped]!, keep);
            drop = label;
            if (keep >= FIRST_LABEL) {
              // The kept label's first place: the first of the two other ends, counted without the two labels.
              const firstKept = Math.min(kept, mate[kept]!);
              const firstDropped = Math.min(dropped, mate[dropped]!);
              const first = Math.min(mate[kept]!, mate[dropped]!);
              from = keep > label ? keep - 1 : keep;
              to = FIRST_LABEL + rank[first]! - (firstKept < first ? 1 : 0) - (firstDropped < first ? 1 : 0);
            }
          }
        }
      }
      work[np] = vCode;
      if (vCode === FULL) fullAfter |= vBit;
      const freeAfter = (free & ~chosen) | (vCode === FREE ? vBit : 0);
      const endsAfter = ~(fullAfter | freeAfter) & (slotsP | vBit);
      // A slot staying on the frontier needs room: two edges untouched (one for open tours), one as an end.
      if (freeAfter & roomForFree || endsAfter & roomUnder1) continue;
      if (!paths) {
        if (leavingMask & ~fullAfter) continue;
      } else {
        // Open tours have two ends: those fixed (HALF slots), those leaving now, and every untouched slot with
        // room for one edge only (it can only be an end) — at most two in all.
        let ends = halves + bitCount(freeAfter & roomUnder2);
        if (ends > 2 || leavingMask & freeAfter) continue;
        let fixed = false;
        const leaving = plan.leaving;
        for (let j = 0; j < leaving.length; j++) {
          const i = leaving[j]!;
          const c = work[i]!;
          if (c === FULL) continue;
          if (ends >= 2) {
            closed = false;
            ends = 3;
            break;
          }
          ends++;
          loop = true;
          if (c === HALF) {
            if (!isLast) {
              ends = 3;
              break;
            }
            closed = true;
          } else {
            for (let x = 0; x <= np; x++) {
              if (x !== i && work[x] === c) {
                this.#set(x, HALF);
                break;
              }
            }
            fixed = true;
          }
          this.#set(i, FULL);
        }
        if (ends > 2) continue;
        if ((fixed || freeAfter & roomUnder2) && plan.side !== undefined && !this.#sidesBalance(plan)) continue;
      }
      if (isLast) {
        if (!closed) continue;
        let whole = true;
        for (let i = 0; i <= np; i++) if (work[i] !== FULL) whole = false;
        if (whole) this.closures++;
        continue;
      }
      if (closed) continue;
      if (this.#packed && !loop) this.#writePacked(plan, written++, fresh, drop, from, to);
      else this.#write(plan, written++);
    }
    if (this.#undo > 0) this.#rollBack();
    return written;
  }

  /**
   * Whether the open tour can still end with its two ends where the sides allow, asked when this step fixed a tour
   * end. The vertices after v and the frontier's free edge ends ("stubs": two for an untouched slot, one for a
   * path's end) are joined by the rest of the tour in segments, each alternating sides; a segment between two
   * stubs on one side has one vertex more of the other side inside it, so 2·Σσ(later vertices) + Σσ(stubs) is 0
   * for a closed tour (always, as every edge joins the two sides) and, for an open one, is off by exactly ±1 for
   * each tour end not yet fixed. On 6×6, whose sides are equal, the two ends must lie on opposite sides: a state
   * whose two fixed ends lie on one side is dropped here (6×6 open: 8.35 → 6.37 million states stepped).
   */
  #sidesBalance(plan: StepPlan): boolean {
    const { nn, source, side, room } = plan;
    const work = this.#work;
    let d = plan.balance;
    let open = 2;
    for (let i = 0; i < nn; i++) {
      const c = work[source[i]!]!;
      if (c === FULL) continue;
      if (c === HALF) open--;
      // An untouched vertex with room for one edge more is a tour end: one stub, its side known.
      if (c === FREE && room[i]! < 2) {
        open--;
        d += side![i]!;
      } else d += c === FREE ? 2 * side![i]! : side![i]!;
    }
    return d <= open && d >= -open && ((d + open) & 1) === 0;
  }

  /**
   * The number a label takes when its first place moves from `first` to `now`: as many labels as first appear
   * before `now`, itself not counted.
   */
  #movedTo(first: number, now: number): number {
    return FIRST_LABEL + this.#rank[now]! - (first < now ? 1 : 0);
  }

  /**
   * Writes the current choice's new state as key `index` of `out` from the state's key, with no pass over its
   * slots: the choice's nibbles written, the leaving slots' nibbles taken out, v's code last, then the labels
   * renumbered by a few operations on all nibbles at once (`fresh`, `drop`, `from` → `to`: see `successors`).
   * Then the mirror image, as `#write` does.
   */
  #writePacked(plan: StepPlan, index: number, fresh: number, drop: number, from: number, to: number): void {
    const work = this.#work;
    const np = plan.np;
    let lo = this.#lo;
    let hi = this.#hi;
    for (let u = 0; u < this.#undo; u++) {
      const s = this.#undoSlot[u]!;
      if (s >= np) continue;
      const sh = (s & 7) << 2;
      if (s < 8) lo = (lo & ~(15 << sh)) | (work[s]! << sh);
      else hi = (hi & ~(15 << sh)) | (work[s]! << sh);
    }
    const leavingP = plan.leavingP;
    for (let j = 0; j < leavingP.length; j++) {
      const s = leavingP[j]!;
      const sh = (s & 7) << 2;
      if (s < 8) {
        const above = s === 7 ? 0 : (lo >>> (sh + 4)) << sh;
        lo = (sh === 0 ? 0 : lo & ((1 << sh) - 1)) | above | ((hi & 15) << 28);
        hi >>>= 4;
      } else {
        const above = s === 15 ? 0 : (hi >>> (sh + 4)) << sh;
        hi = (sh === 0 ? 0 : hi & ((1 << sh) - 1)) | above;
      }
    }
    if (plan.vStays) {
      const s = plan.nn - 1;
      const sh = (s & 7) << 2;
      if (s < 8) lo = (lo & ~(15 << sh)) | (work[np]! << sh);
      else hi = (hi & ~(15 << sh)) | (work[np]! << sh);
    }
    if (fresh >= 0) {
      lo = labelled(shifted(lo, fresh, 14, 1), FRESH, fresh);
      hi = labelled(shifted(hi, fresh, 14, 1), FRESH, fresh);
    }
    if (drop >= 0) {
      lo = shifted(lo, drop + 1, 14, -1);
      hi = shifted(hi, drop + 1, 14, -1);
    }
    if (from !== to) {
      lo = moved(lo, from, to);
      hi = moved(hi, from, to);
    }
    const base = index * this.words;
    this.out[base] = lo;
    if (this.words > 1) this.out[base + 1] = hi;
    if (plan.mirrorSource !== undefined) this.#mirrored(plan, base);
  }

  /** Writes the current choice's new state as key `index` of `out`: N's codes, labels by first appearance (or its mirror image, when less). */
  #write(plan: StepPlan, index: number): void {
    const { nn, source, mirrorSource } = plan;
    const W = this.words;
    const out = this.out;
    const base = index * W;
    if (this.#tick >= TICK_LIMIT) {
      this.#tick = 0;
      this.#stamp.fill(0);
    }
    const tick = ++this.#tick;
    out[base] = this.#relabelled(source, 0, Math.min(nn, 8), tick, 0);
    if (W > 1) out[base + 1] = nn > 8 ? this.#relabelled(source, 8, Math.min(nn, 16), tick, 1) : 0;
    if (W > 2) out[base + 2] = nn > 16 ? this.#relabelled(source, 16, nn, tick, 2) : 0;
    if (mirrorSource !== undefined) this.#mirrored(plan, base);
  }

  /** Replaces the key at `out[base…]` by the current choice's new state's mirror image, labelled afresh, when that is less. */
  #mirrored(plan: StepPlan, base: number): void {
    const { nn, mirrorSource } = plan;
    const W = this.words;
    const out = this.out;
    if (this.#tick >= TICK_LIMIT) {
      this.#tick = 0;
      this.#stamp.fill(0);
    }
    const image = ++this.#tick;
    const i0 = this.#relabelled(mirrorSource!, 0, Math.min(nn, 8), image, 0) >>> 0;
    const i1 = W > 1 && nn > 8 ? this.#relabelled(mirrorSource!, 8, Math.min(nn, 16), image, 1) >>> 0 : 0;
    const i2 = W > 2 && nn > 16 ? this.#relabelled(mirrorSource!, 16, nn, image, 2) >>> 0 : 0;
    const k0 = out[base]!;
    const k1 = W > 1 ? out[base + 1]! : 0;
    const k2 = W > 2 ? out[base + 2]! : 0;
    if (i2 < k2 || (i2 === k2 && (i1 < k1 || (i1 === k1 && i0 < k0)))) {
      out[base] = i0;
      if (W > 1) out[base + 1] = i1;
      if (W > 2) out[base + 2] = i2;
    }
  }

  /**
   * One word of a key: the codes of slots from…to (at most 8), read through `source`, labels renumbered by first
   * appearance with the stamp `tick` (the words of one key in order, so `#next` carries on). Branch-free: `#stamp`
   * holds, for each code, the tick it was given a label at and that label.
   */
  #relabelled(source: Int32Array, from: number, to: number, tick: number, word: number): number {
    const work = this.#work;
    const map = this.#stamp;
    if (word === 0) {
      map[FREE] = (tick << 4) | FREE;
      map[FULL] = (tick << 4) | FULL;
      map[HALF] = (tick << 4) | HALF;
      this.#next = FIRST_LABEL;
    }
    let next = this.#next;
    let acc = 0;
    for (let i = from; i < to; i++) {
      const c = work[source[i]!]!;
      const e = map[c]!;
      const fresh = ((e >>> 4) ^ tick) === 0 ? 0 : 1;
      const label = (e & 15) ^ (((e & 15) ^ next) & -fresh);
      map[c] = (tick << 4) | label;
      next += fresh;
      acc |= label << ((i - from) << 2);
    }
    this.#next = next;
    return acc;
  }
}

/** The number of bits set in a 32-bit integer. */
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** The nibbles (0xF each) of `x` whose value lies in `low…high`: each half of the nibbles in byte lanes, compared by the lane's top bit. */
function nibblesIn(x: number, low: number, high: number): number {
  const even = x & 0x0f0f0f0f;
  const odd = (x >>> 4) & 0x0f0f0f0f;
  const atLeast = Math.imul(0x80 - low, 0x01010101);
  const above = Math.imul(0x7f - high, 0x01010101);
  const e = ((even + atLeast) & ~(even + above) & 0x80808080) >>> 7;
  const o = ((odd + atLeast) & ~(odd + above) & 0x80808080) >>> 7;
  return Math.imul(e, 15) | Math.imul(o, 15 << 4);
}

/** `x` with every nibble whose value lies in `low…high` (labels, never 15) one up or down. */
function shifted(x: number, low: number, high: number, by: 1 | -1): number {
  if (low > high) return x;
  const ones = nibblesIn(x, low, high) & 0x11111111;
  return by > 0 ? x + ones : x - ones;
}

/** `x` with every nibble `from` made `to`. */
function labelled(x: number, from: number, to: number): number {
  const m = nibblesIn(x, from, from);
  return (x & ~m) | (Math.imul(to, 0x11111111) & m);
}

/** `x` with the label `from` made `to`, the labels between one step towards where it was. */
function moved(x: number, from: number, to: number): number {
  const m = nibblesIn(x, from, from);
  const y = to > from ? shifted(x, from + 1, to, -1) : shifted(x, to, from - 1, 1);
  return (y & ~m) | (Math.imul(to, 0x11111111) & m);
}
