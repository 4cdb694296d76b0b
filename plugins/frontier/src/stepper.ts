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
  /** For each code, the tick of the key being written when it was given its new label, and that label (see `#relabelled`). */
  readonly #stamp = new Int32Array(16);
  #tick = 0;
  #next = 0;

  constructor(slots: number, paths: boolean) {
    this.#paths = paths;
    this.words = Math.max(1, Math.ceil((slots * 4) / 32));
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
    for (let i = 0; i < np; i++) {
      if ((i & 7) === 0) word = keys[at + (i >> 3)]!;
      const c = (word >>> ((i & 7) << 2)) & 15;
      work[i] = c;
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
      if (b < 0) {
        if (a >= 0) {
          const u = back[a]!;
          const cu = work[u]!;
          if (cu === FREE) {
            this.#set(u, FRESH);
            vCode = FRESH;
          } else {
            this.#set(u, FULL);
            fullAfter |= 1 << u;
            vCode = cu;
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
        } else if (c1 === FREE) {
          // The untouched one takes over the other's place as a path's end.
          this.#set(u1, c2);
          this.#set(u2, FULL);
          fullAfter |= 1 << u2;
        } else if (c2 === FREE) {
          this.#set(u2, c1);
          this.#set(u1, FULL);
          fullAfter |= 1 << u1;
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
            const dropped = c2 === HALF ? u1 : u2;
            this.#set(mate[dropped]!, c2 === HALF ? c2 : c1);
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
          }
          this.#set(i, FULL);
        }
        if (ends > 2) continue;
      }
      if (isLast) {
        if (!closed) continue;
        let whole = true;
        for (let i = 0; i <= np; i++) if (work[i] !== FULL) whole = false;
        if (whole) this.closures++;
        continue;
      }
      if (closed) continue;
      this.#write(plan, written++);
    }
    if (this.#undo > 0) this.#rollBack();
    return written;
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
    if (mirrorSource === undefined) return;
    const image = ++this.#tick;
    const i0 = this.#relabelled(mirrorSource, 0, Math.min(nn, 8), image, 0) >>> 0;
    const i1 = W > 1 && nn > 8 ? this.#relabelled(mirrorSource, 8, Math.min(nn, 16), image, 1) >>> 0 : 0;
    const i2 = W > 2 && nn > 16 ? this.#relabelled(mirrorSource, 16, nn, image, 2) >>> 0 : 0;
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
