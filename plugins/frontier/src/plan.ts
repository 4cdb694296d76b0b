import { frontiers, type OrderedGraph } from './graph.js';

/** Slot codes: an untouched vertex, one with both its edges, (paths) the end of a path whose other end is a tour's end, and pair labels from here. */
export const FREE = 0;
export const FULL = 1;
export const HALF = 2;
export const FIRST_LABEL = 3;
/** 4 bits a slot: canonical labels (by first appearance) reach 3 + 12 − 1 = 14 on 24 slots, so 15 is always free. */
export const MAX_SLOTS = 24;
/** The label a new path takes before the labels are renumbered (never in a stored key). */
export const FRESH = 15;

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
  /** With `mirror`: for each N slot, the slot its mirror image's code comes from (`source[mirror[i]]`). */
  readonly mirrorSource: Int32Array | undefined;
  /** The P slots leaving, last first (a key's nibbles are taken out in that order), and whether v stays (N's last slot). */
  readonly leavingP: Int32Array;
  readonly vStays: boolean;
  readonly isLast: boolean;
  readonly signature: string;
  /**
   * Open tours on a graph with two sides (every move changes side, as a knight's changes colour): each N slot's
   * side as +1 or −1, and twice the sum over the vertices after v (see `Stepper`'s colour test). Undefined for a
   * graph with an odd cycle.
   */
  readonly side: Int32Array | undefined;
  readonly balance: number;
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
  const sigma = sides(graph);
  // For each v, the sum of the sides of the vertices from v on.
  const suffix = new Int32Array(graph.n + 1);
  if (sigma) for (let v = graph.n - 1; v >= 0; v--) suffix[v] = suffix[v + 1]! + sigma[v]!;
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
    const side = sigma && paths ? Int32Array.from(N, (w) => sigma[w]!) : undefined;
    const balance = 2 * suffix[v + 1]!;
    const sideSignature = side ? [side.join(','), balance] : [];
    const signature = [np, N.length, back.join(','), choices.join(','), source.join(','), room.join(','), leaving.join(','), mirror ? mirror.join(',') : '', isLast ? 1 : 0, paths ? 1 : 0, ...sideSignature].join(';');
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
    const mirrorSource = mirror ? Int32Array.from(mirror, (j) => source[j]!) : undefined;
    const leavingP = Int32Array.from(leaving.filter((i) => i < np).sort((x, y) => y - x));
    const vStays = N.length > 0 && N[N.length - 1] === v;
    plans.push({ side, balance, np, nn: N.length, after: N, back, choices, source, room, leaving: Int32Array.from(leaving), mirror, mirrorSource, leavingP, vStays, isLast, signature, chosenMask, leavingMask, roomUnder2, roomUnder1 });
  }
  return plans;
}

/**
 * The graph's two sides (+1 and −1, each edge joining the two), found by a walk from each vertex not yet given
 * one; undefined when an edge joins two vertices of one side (an odd cycle: a king's moves).
 */
export function sides(graph: OrderedGraph): Int32Array | undefined {
  const side = new Int32Array(graph.n);
  const stack: number[] = [];
  for (let s = 0; s < graph.n; s++) {
    if (side[s] !== 0) continue;
    side[s] = 1;
    stack.push(s);
    while (stack.length > 0) {
      const x = stack.pop()!;
      for (const y of graph.neighbours[x]!) {
        if (side[y] === 0) {
          side[y] = -side[x]!;
          stack.push(y);
        } else if (side[y] === side[x]) return undefined;
      }
    }
  }
  return side;
}
