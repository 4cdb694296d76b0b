import type { OrderedGraph } from './graph.js';
import { MAX_SLOTS, stepPlans } from './plan.js';
import { Stepper } from './stepper.js';
import { IntList, KeyIndex, LIMB, LIMB_HIGH, limbsToBigInt } from './table.js';

/** What is counted: Hamiltonian cycles (closed tours) or Hamiltonian paths (open tours), each once, undirected. */
export type Walk = 'cycles' | 'paths';

export interface FrontierCount {
  /** Undirected cycles or paths; undefined when stopped. */
  readonly count: bigint | undefined;
  /** Live states after each vertex, summed (the stats' `nodes`), and the most at once. */
  readonly states: number;
  readonly peakStates: number;
  /** Limbs of 40 bits each count reached. */
  readonly limbs: number;
  /** Transitions worked out (states decoded and stepped); the rest were reused from an equal step. */
  readonly built: number;
}

/** One step's transitions, by the id of the state before: where its successors start in `targets`, and how many. */
interface Transitions {
  start: Int32Array;
  count: Uint8Array;
  readonly targets: IntList;
}

/**
 * Counts the Hamiltonian cycles or paths of an undirected graph by frontier dynamic programming (Knuth's
 * Algorithm E in TAOCP pre-fascicle 8A works edge by edge; this adds a vertex at a time with all its edges to
 * earlier vertices). The state after a vertex is how the frontier — the vertices added so far that still have
 * a neighbour to come — is joined by the partial paths chosen so far (see `Stepper`). Equal states merge, their
 * counts added, so the work grows with the number of distinct joinings, not of partial tours.
 *
 * Why it is fast on long boards: states are dense ids (`KeyIndex`), and a step's transitions are kept as lists
 * of successor ids. Every middle line of a long board adds its vertices with the same plans (`StepPlan`
 * signatures), so a state is decoded and stepped once per plan, and each later line is only additions along
 * the stored lists. Counts are exact: limbs of 40 bits in doubles, carried once a step (`LIMB`), a bigint at
 * the end.
 */
export function countWalks(
  graph: OrderedGraph,
  walk: Walk,
  stop: (states: number) => boolean,
  progress?: (vertex: number, states: number) => void,
  /** False: no transitions are kept and each step has a fresh index (least memory, for boards too big to keep them). */
  store = true,
): FrontierCount {
  const n = graph.n;
  const paths = walk === 'paths';
  if (n === 0) return { count: 0n, states: 0, peakStates: 0, limbs: 1, built: 0 };
  if (n === 1) return { count: paths ? 1n : 0n, states: 1, peakStates: 1, limbs: 1, built: 0 };
  const plans = stepPlans(graph, paths);
  let slots = 0;
  for (const plan of plans) slots = Math.max(slots, plan.np, plan.nn);
  if (slots > MAX_SLOTS) throw new Error(`a frontier of ${slots} squares is wider than the ${MAX_SLOTS} a state holds`);
  const stepper = new Stepper(slots, paths);
  const W = stepper.words;

  // States before each step live in the dictionary of its plan; the last plan leads to one terminal state.
  const END = 'end';
  const sigAfter = (v: number) => (v + 1 < n ? plans[v + 1]!.signature : END);
  const lastUse = new Map<string, number>();
  plans.forEach((plan, v) => {
    lastUse.set(plan.signature, v);
    lastUse.set(`${plan.signature}>${sigAfter(v)}`, v);
  });
  const dicts = new Map<string, KeyIndex>();
  const dictOf = (sig: string) => {
    let dict = dicts.get(sig);
    if (!dict) dicts.set(sig, (dict = new KeyIndex(W)));
    return dict;
  };
  const transitions = new Map<string, Transitions>();

  // Two count vectors (before and after a step), reused; `live` lists the ids with a count.
  let L = 2;
  let x = new Float64Array(1024 * L);
  let y = new Float64Array(1024 * L);
  let live = new Int32Array(1024);
  let nextLive = new Int32Array(1024);
  let liveCount = 1;
  let from = store ? dictOf(plans[0]!.signature) : new KeyIndex(W);
  from.intern(new Uint32Array(W), 0);
  x[0] = 1;
  live[0] = 0;
  const terminal = new Uint32Array(W);
  let seen = 0;
  let peak = 1;
  let built = 0;

  for (let v = 0; v < n; v++) {
    const plan = plans[v]!;
    const toSig = sigAfter(v);
    const to = store ? dictOf(toSig) : new KeyIndex(W);
    const pair = `${plan.signature}>${toSig}`;
    let size: number;
    if (!store || (lastUse.get(pair) === v && !transitions.has(pair))) {
      // A step no other is equal to (a short board, the last lines of a long one): its transitions would
      // never be used again, so each successor takes its count at once and nothing is stored.
      y.fill(0);
      for (let j = 0; j < liveCount; j++) {
        const i = live[j]!;
        const k = stepper.successors(plan, from.keys, i * W);
        const m = plan.isLast ? stepper.closures : k;
        for (let s = 0; s < m; s++) {
          const t = plan.isLast ? to.intern(terminal, 0) : to.intern(stepper.out, s * W);
          if ((t + 1) * L > y.length) {
            const grown = new Float64Array(Math.max(y.length * 2, (t + 1) * L));
            grown.set(y);
            y = grown;
          }
          addCount(y, t * L, x, i * L, L);
        }
        built++;
      }
      size = to.size;
    } else {
      let tr = transitions.get(pair);
      if (!tr) transitions.set(pair, (tr = { start: new Int32Array(0), count: new Uint8Array(0), targets: new IntList() }));
      if (tr.start.length < from.size) {
        const start = new Int32Array(Math.max(from.size, tr.start.length * 2)).fill(-1);
        start.set(tr.start);
        const count = new Uint8Array(start.length);
        count.set(tr.count);
        tr.start = start;
        tr.count = count;
      }
      // The transitions of the live states not stepped before with this plan.
      const { start, count, targets } = tr;
      for (let j = 0; j < liveCount; j++) {
        const i = live[j]!;
        if (start[i]! >= 0) continue;
        const k = stepper.successors(plan, from.keys, i * W);
        start[i] = targets.length;
        if (plan.isLast) {
          for (let c = 0; c < stepper.closures; c++) targets.push(to.intern(terminal, 0));
          count[i] = stepper.closures;
        } else {
          for (let s = 0; s < k; s++) targets.push(to.intern(stepper.out, s * W));
          count[i] = k;
        }
        built++;
      }
      // Add each live count along its successors.
      size = to.size;
      if (y.length < size * L) y = new Float64Array(Math.max(size * L, y.length * 2));
      y.fill(0, 0, size * L);
      const tg = targets.data;
      for (let j = 0; j < liveCount; j++) {
        const i = live[j]!;
        const end = start[i]! + count[i]!;
        for (let t = start[i]!; t < end; t++) addCount(y, tg[t]! * L, x, i * L, L);
      }
    }
    // Carry every count under 2⁴⁰ a limb, list the live ones, and add a limb when a top one is in use.
    if (nextLive.length < size) nextLive = new Int32Array(Math.max(size, nextLive.length * 2));
    let nextCount = 0;
    let topUsed = false;
    for (let i = 0; i < size; i++) {
      const b = i * L;
      let any = 0;
      for (let l = 0; l < L - 1; l++) {
        let value = y[b + l]!;
        if (value >= LIMB) {
          const carry = Math.floor(value / LIMB);
          value -= carry * LIMB;
          y[b + l] = value;
          y[b + l + 1]! += carry;
        }
        any += value;
      }
      if (y[b + L - 1]! !== 0) topUsed = true;
      if (any + y[b + L - 1]! > 0) nextLive[nextCount++] = i;
    }
    // A limb more while a top limb is in use (the old top brought under 2⁴⁰ into the new one).
    while (topUsed) {
      if (y.length < size * (L + 1)) {
        const grown = new Float64Array(size * (L + 1) * 2);
        grown.set(y.subarray(0, size * L));
        y = grown;
      }
      topUsed = false;
      for (let i = size - 1; i >= 0; i--) {
        const value = y[i * L + L - 1]!;
        const carry = Math.floor(value / LIMB);
        y[i * (L + 1) + L] = carry;
        y[i * (L + 1) + L - 1] = value - carry * LIMB;
        for (let l = L - 2; l >= 0; l--) y[i * (L + 1) + l] = y[i * L + l]!;
        if (carry !== 0) topUsed = true;
      }
      L++;
    }
    [x, y] = [y, x];
    [live, nextLive] = [nextLive, live];
    liveCount = nextCount;
    from = to;
    if (lastUse.get(plan.signature) === v) dicts.delete(plan.signature);
    if (lastUse.get(pair) === v) transitions.delete(pair);
    seen += liveCount;
    peak = Math.max(peak, liveCount);
    progress?.(v + 1, liveCount);
    if (stop(seen)) return { count: undefined, states: seen, peakStates: peak, limbs: L, built };
  }
  // The terminal state (id 0) holds the closed tours, or the paths.
  return { count: liveCount > 0 ? limbsToBigInt(x, 0, L) : 0n, states: seen, peakStates: peak, limbs: L, built };
}

/**
 * Adds the count at `x[xb…]` to the one at `y[yb…]`, `limbs` limbs. A limb past 2⁵² carries at once (rare); the
 * top limb is zero before a step, so it takes carries without overflowing.
 */
function addCount(y: Float64Array, yb: number, x: Float64Array, xb: number, limbs: number): void {
  for (let l = 0; l < limbs; l++) {
    let sum = y[yb + l]! + x[xb + l]!;
    if (sum >= LIMB_HIGH) {
      const carry = Math.floor(sum / LIMB);
      sum -= carry * LIMB;
      y[yb + l + 1]! += carry;
    }
    y[yb + l] = sum;
  }
}
