import { frontiers, type OrderedGraph } from './graph.js';

/** Slot codes: an untouched vertex, one with both its edges, (paths) the end of a path whose other end is a tour's end, and pair labels from here. */
export const FREE = 0;
export const FULL = 1;
export const HALF = 2;
export const FIRST_LABEL = 3;
/** 4 bits a slot: canonical labels (by first appearance) reach 3 + 12 − 1 = 14 on 24 slots, so 15 is always free. */
export const MAX_SLOTS = 24;
const FRESH = 15;

/**
 * What adding one vertex does to a state, as data: two steps with equal plans (the same `signature`) map every
 * state the same way, which is what lets the middle lines of a long board reuse one line's transitions.
 */
export interface StepPlan {
  /** Slots before (the frontier P) and after (N). */
  readonly np: number;
  readonly nn: number;
  /** The vertices of N, ascending (slot order). */
  readonly after: Int32Array;
  /** The P slots of v's earlier neighbours. */
  readonly back: Int32Array;
  /** The edge sets v may take, as pairs of indexes into `back` (−1: none). */
  readonly choices: Int32Array;
  /** For each N slot, the slot it comes from (np: v itself). */
  readonly source: Int32Array;
  /** For each N slot, the edges its vertex can still take (its neighbours after v). */
  readonly room: Int32Array;
  /** Slots leaving the frontier with this step (np: v itself). */
  readonly leaving: Int32Array;
  /**
   * When the vertices added so far are closed under the board's mirror (whole lines, and mirror pairs of the
   * next), the N slot each N slot goes to in the mirror: the step then keeps each state or its mirror image,
   * whichever key is less.
   */
  readonly mirror: Int32Array | undefined;
  readonly isLast: boolean;
  readonly signature: string;
  /**
   * Bit masks over the P slots (and bit np for v) for a quick test before a choice is worked out: the slots each
   * choice takes an edge to, the slots leaving, and the slots whose N place has room for fewer than two edges,
   * or none.
   */
  readonly chosenMask: Int32Array;
  readonly leavingMask: number;
  readonly roomUnder2: number;
  readonly roomUnder1: number;
}

/** One plan a vertex, in the order the graph adds them. */
export function stepPlans(graph: OrderedGraph, paths: boolean): StepPlan[] {
  const front = frontiers(graph);
  const plans: StepPlan[] = [];
  let mirrorReach = -1;
  for (let v = 0; v < graph.n; v++) {
    const P = front[v]!;
    const N = front[v + 1]!;
    const np = P.length;
    const slotOf = new Map<number, number>();
    P.forEach((u, i) => slotOf.set(u, i));
    const back = Int32Array.from(graph.neighbours[v]!.filter((u) => u < v), (u) => slotOf.get(u)!);
    const source = Int32Array.from(N, (w) => (w === v ? np : slotOf.get(w)!));
    const room = Int32Array.from(N, (w) => graph.neighbours[w]!.filter((x) => x > v).length);
    const inN = new Set(N);
    const leaving: number[] = [];
    for (let i = 0; i < np; i++) if (!inN.has(P[i]!)) leaving.push(i);
    if (!inN.has(v)) leaving.push(np);
    const pairs: number[] = [];
    // A vertex with a later neighbour may take no edge yet; one without may still end a path (paths).
    if (graph.last[v]! > v) pairs.push(-1, -1);
    for (let i = 0; i < back.length; i++) pairs.push(i, -1);
    for (let i = 0; i < back.length; i++) for (let j = i + 1; j < back.length; j++) pairs.push(i, j);
    const choices = Int32Array.from(pairs);
    const isLast = v === graph.n - 1;
    let mirror: Int32Array | undefined;
    if (graph.mirror) {
      // {0…v} is closed under the mirror when no vertex in it mirrors past v (the mirror is a bijection).
      mirrorReach = Math.max(mirrorReach, graph.mirror[v]!);
      if (mirrorReach <= v) {
        const slotInN = new Map<number, number>();
        N.forEach((w, i) => slotInN.set(w, i));
        mirror = Int32Array.from(N, (w) => slotInN.get(graph.mirror![w]!)!);
        // The identity gains nothing.
        if (mirror.every((j, i) => j === i)) mirror = undefined;
      }
    }
    const signature = [np, N.length, back.join(','), choices.join(','), source.join(','), room.join(','), leaving.join(','), mirror ? mirror.join(',') : '', isLast ? 1 : 0, paths ? 1 : 0].join(';');
    const chosenMask = new Int32Array(choices.length / 2);
    for (let k = 0; k < choices.length; k += 2) {
      for (const c of [choices[k]!, choices[k + 1]!]) if (c >= 0) chosenMask[k / 2]! |= 1 << back[c]!;
    }
    let leavingMask = 0;
    for (const i of leaving) leavingMask |= 1 << i;
    let roomUnder2 = 0;
    let roomUnder1 = 0;
    source.forEach((from, i) => {
      if (room[i]! < 2) roomUnder2 |= 1 << from;
      if (room[i]! < 1) roomUnder1 |= 1 << from;
    });
    plans.push({ np, nn: N.length, after: N, back, choices, source, room, leaving: Int32Array.from(leaving), mirror, isLast, signature, chosenMask, leavingMask, roomUnder2, roomUnder1 });
  }
  return plans;
}

/**
 * Applies a plan to one state: its successors' keys (4 bits a slot, labels renumbered by first appearance,
 * for paths 2 bits of tour ends fixed after the slots) go to `out`, and on the last vertex the number of ways
 * it closes the whole tour to `closures`. Preallocated buffers; nothing is allocated per state.
 */
export class Stepper {
  readonly words: number;
  readonly out: Uint32Array;
  closures = 0;
  readonly #paths: boolean;
  readonly #endsWord: number;
  readonly #endsShift: number;
  readonly #codes = new Int8Array(MAX_SLOTS + 1);
  readonly #work = new Int8Array(MAX_SLOTS + 1);
  readonly #relabel = new Int8Array(16);
  readonly #stamp = new Float64Array(16);
  #tick = 0;

  readonly #image: Uint32Array;

  constructor(slots: number, paths: boolean) {
    this.#paths = paths;
    this.words = Math.max(1, Math.ceil((slots * 4 + (paths ? 2 : 0)) / 32));
    this.#endsWord = (slots * 4) >> 5;
    this.#endsShift = (slots * 4) & 31;
    // At most 1 + 4 + 6… choices: as many keys as pairs of a vertex's back-edges, and one more.
    this.out = new Uint32Array(this.words * 1024);
    this.#image = new Uint32Array(this.words);
  }

  /**
   * Replaces the key at `out[base…]` by its mirror image when that key is less. Why it is exact: the steps
   * between two whole lines map mirror images to mirror images, so a state and its image have the same count
   * at every line, and one key standing for both (its count their sum) gives the same total.
   */
  #canonical(mirror: Int32Array, nn: number, base: number): void {
    const W = this.words;
    const out = this.out;
    const image = this.#image;
    image.fill(0);
    if (this.#paths) image[this.#endsWord] = out[base + this.#endsWord]! & (3 << this.#endsShift);
    const tick = ++this.#tick;
    let nextLabel = FIRST_LABEL;
    for (let i = 0; i < nn; i++) {
      const j = mirror[i]!;
      let c = (out[base + (j >> 3)]! >>> ((j & 7) * 4)) & 15;
      if (c >= FIRST_LABEL) {
        if (this.#stamp[c] !== tick) {
          this.#stamp[c] = tick;
          this.#relabel[c] = nextLabel++;
        }
        c = this.#relabel[c]!;
      }
      image[i >> 3]! |= c << ((i & 7) * 4);
    }
    for (let w = W - 1; w >= 0; w--) {
      if (image[w] === out[base + w]) continue;
      if (image[w]! < out[base + w]!) out.set(image, base);
      return;
    }
  }

  /** The successors of the state whose key is at `keys[at…]`; returns how many keys it wrote to `out`. */
  successors(plan: StepPlan, keys: Uint32Array, at: number): number {
    const { np, nn, back, choices, source, room, leaving, isLast } = plan;
    const paths = this.#paths;
    const W = this.words;
    const codes = this.#codes;
    const work = this.#work;
    const out = this.out;
    let full = 0;
    let free = 0;
    for (let i = 0; i < np; i++) {
      const c = (keys[at + (i >> 3)]! >>> ((i & 7) * 4)) & 15;
      codes[i] = c;
      if (c === FULL) full |= 1 << i;
      else if (c === FREE) free |= 1 << i;
    }
    // Ends: neither full nor untouched (bits of P slots only).
    const slotsP = np >= 31 ? -1 : (1 << np) - 1;
    const ends0 = ~(full | free) & slotsP;
    const { chosenMask, leavingMask, roomUnder2, roomUnder1 } = plan;
    const endsFixed = paths ? (keys[at + this.#endsWord]! >>> this.#endsShift) & 3 : 0;
    const freeNeeds = paths ? 1 : 2;
    let written = 0;
    this.closures = 0;
    choice: for (let k = 0; k < choices.length; k += 2) {
      const a = choices[k]!;
      const b = choices[k + 1]!;
      const chosen = chosenMask[k >> 1]!;
      if (chosen & full) continue;
      if (!paths) {
        // Quick tests of what the full work below would find (cycles): a leaving slot must end full, so it
        // must be full already or be an end taking an edge, and v itself must take two edges if it leaves;
        // an untouched slot staying so needs room for two edges, an end (old or new) room for one.
        if (leavingMask & slotsP & ~chosen & ~full) continue;
        if (leavingMask & chosen & free) continue;
        if (b < 0 && leavingMask & (1 << np)) continue;
        if (free & ~chosen & roomUnder2) continue;
        if (((free & chosen) | (ends0 & ~chosen)) & roomUnder1) continue;
      }
      for (let i = 0; i < np; i++) work[i] = codes[i]!;
      work[np] = FREE;
      let ends = endsFixed;
      let closed = false;
      if (a >= 0 && b < 0) {
        const u = back[a]!;
        const cu = work[u]!;
        if (cu === FREE) {
          work[u] = FRESH;
          work[np] = FRESH;
        } else {
          work[u] = FULL;
          work[np] = cu;
        }
      } else if (b >= 0) {
        const u1 = back[a]!;
        const u2 = back[b]!;
        const c1 = work[u1]!;
        const c2 = work[u2]!;
        work[np] = FULL;
        if (c1 === FREE && c2 === FREE) {
          work[u1] = FRESH;
          work[u2] = FRESH;
        } else if (c1 === FREE) {
          // The free one takes over the other's place as a path's end.
          work[u1] = c2;
          work[u2] = FULL;
        } else if (c2 === FREE) {
          work[u2] = c1;
          work[u1] = FULL;
        } else if (c1 === HALF && c2 === HALF) {
          // Two paths each hanging from a tour end join into a whole tour: only with the last vertex.
          if (!isLast) continue;
          work[u1] = FULL;
          work[u2] = FULL;
          closed = true;
        } else if (c1 === c2) {
          // Both ends of one path: a cycle, allowed only as the whole closed tour.
          if (paths || !isLast) continue;
          work[u1] = FULL;
          work[u2] = FULL;
          closed = true;
        } else {
          // Two paths join: the other end of one takes the other's code (HALF wins: it is a tour's end).
          work[u1] = FULL;
          work[u2] = FULL;
          const keep = c2 === HALF ? c2 : c1;
          const drop = c2 === HALF ? c1 : c2;
          for (let i = 0; i <= np; i++) if (work[i] === drop) work[i] = keep;
        }
      }
      // Vertices leaving the frontier take no more edges: full, or (paths) one of the two tour ends.
      for (let j = 0; j < leaving.length; j++) {
        const i = leaving[j]!;
        const c = work[i]!;
        if (c === FULL) continue;
        if (!paths || c === FREE || ends >= 2) continue choice;
        ends++;
        if (c === HALF) {
          // Its path's other end is the other tour end: the whole tour, only once everything is in.
          if (!isLast) continue choice;
          closed = true;
          work[i] = FULL;
        } else {
          for (let x = 0; x <= np; x++) if (x !== i && work[x] === c) work[x] = HALF;
          work[i] = FULL;
        }
      }
      if (isLast) {
        if (!closed) continue;
        for (let i = 0; i <= np; i++) if (work[i] !== FULL) continue choice;
        if (paths && ends !== 2) continue;
        this.closures++;
        continue;
      }
      if (closed) continue;
      // The new state: N's codes, labels renumbered by first appearance; a vertex that cannot get the edges
      // it needs (an untouched one two, one for paths; a path's end one) kills the state now.
      const tick = ++this.#tick;
      let nextLabel = FIRST_LABEL;
      const base = written * W;
      for (let w = 0; w < W; w++) out[base + w] = 0;
      for (let i = 0; i < nn; i++) {
        let c = work[source[i]!]!;
        if (c === FREE ? room[i]! < freeNeeds : c !== FULL && room[i]! < 1) continue choice;
        if (c >= FIRST_LABEL) {
          if (this.#stamp[c] !== tick) {
            this.#stamp[c] = tick;
            this.#relabel[c] = nextLabel++;
          }
          c = this.#relabel[c]!;
        }
        out[base + (i >> 3)]! |= c << ((i & 7) * 4);
      }
      if (paths) out[base + this.#endsWord]! |= ends << this.#endsShift;
      if (plan.mirror) this.#canonical(plan.mirror, nn, base);
      written++;
    }
    return written;
  }
}
