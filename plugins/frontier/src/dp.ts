import { frontiers, type OrderedGraph } from './graph.js';
import { LimbTable } from './table.js';

/** What is counted: Hamiltonian cycles (closed tours) or Hamiltonian paths (open tours), each once, undirected. */
export type Walk = 'cycles' | 'paths';

export interface FrontierCount {
  /** Undirected cycles or paths; undefined when stopped. */
  readonly count: bigint | undefined;
  /** States kept after each vertex, summed (the stats' `nodes`), and the most at once. */
  readonly states: number;
  readonly peakStates: number;
  /** Limbs of 48 bits each count reached. */
  readonly limbs: number;
}

/** Slot codes: an untouched vertex, one with both its edges, (paths) the end of a path whose other end is a tour's end, and pair labels from here. */
const FREE = 0;
const FULL = 1;
const HALF = 2;
const FIRST_LABEL = 3;
/** 4 bits a slot: labels up to 15 are 13 paths at once, more than a frontier of 24 slots holds. */
const MAX_SLOTS = 24;

/**
 * Counts the Hamiltonian cycles or paths of an undirected graph by frontier dynamic programming (Knuth's
 * Algorithm E in TAOCP pre-fascicle 8A works edge by edge; this adds a vertex at a time with all its edges to
 * earlier vertices). The state after a vertex is how the frontier — the vertices added so far that still have
 * a neighbour to come — is joined by the partial paths chosen so far: each frontier vertex is untouched, full
 * (both its edges chosen), or the end of a partial path, whose other end (another frontier vertex, or for paths
 * a tour's end already fixed) the labels pair up, plus for paths how many tour ends are fixed. A vertex takes 0,
 * 1 or 2 edges to earlier ones; a vertex leaving the frontier must be full (or, for paths, become one of the two
 * ends); a cycle may close only with the last vertex, and must then take in everything. Equal states merge, their
 * counts added, so the work grows with the number of distinct joinings, not of partial tours.
 *
 * Counts are exact: 48-bit limbs in a Float64Array with carries (`LimbTable`), one more limb whenever the
 * largest count nears the top one, turned into a bigint only at the end.
 */
export function countWalks(graph: OrderedGraph, walk: Walk, stop: (states: number) => boolean, progress?: (vertex: number, states: number) => void): FrontierCount {
  const n = graph.n;
  const paths = walk === 'paths';
  if (n === 0) return { count: 0n, states: 0, peakStates: 0, limbs: 1 };
  if (n === 1) return { count: paths ? 1n : 0n, states: 1, peakStates: 1, limbs: 1 };
  const front = frontiers(graph);
  let slots = 0;
  for (const f of front) slots = Math.max(slots, f.length);
  if (slots > MAX_SLOTS) throw new Error(`a frontier of ${slots} squares is wider than the ${MAX_SLOTS} a state holds`);
  // The state's words: 4 bits a slot, and for paths 2 bits of tour ends fixed after the slots.
  const words = Math.max(1, Math.ceil((slots * 4 + (paths ? 2 : 0)) / 32));
  const endsWord = (slots * 4) >> 5;
  const endsShift = (slots * 4) & 31;

  let table = new LimbTable(words, 1, 1024);
  table.add(new Uint32Array(words), new Float64Array([1]), 0);
  let total = 0n;
  let seen = 0;
  let peak = 1;
  const codes = new Int8Array(MAX_SLOTS + 1);
  const work = new Int8Array(MAX_SLOTS + 1);
  const relabel = new Int8Array(16);
  const key = new Uint32Array(words);

  for (let v = 0; v < n; v++) {
    const P = front[v]!;
    const N = front[v + 1]!;
    const np = P.length;
    const isLast = v === n - 1;
    // Where each vertex of P sits, v's back-neighbours among them, and where each vertex of N comes from.
    const slotOf = new Map<number, number>();
    P.forEach((u, i) => slotOf.set(u, i));
    const back: number[] = [];
    for (const u of graph.neighbours[v]!) if (u < v) back.push(slotOf.get(u)!);
    const source = Int32Array.from(N, (w) => (w === v ? np : slotOf.get(w)!));
    // The edges each vertex of N can still take (its neighbours after v): an untouched one needs two (one, for
    // paths, to end the tour there), a path's end one; a state that asks more is dead now, not when it leaves.
    const room = Int32Array.from(N, (w) => {
      let left = 0;
      for (const x of graph.neighbours[w]!) if (x > v) left++;
      return left;
    });
    const freeNeeds = paths ? 1 : 2;
    // Vertices leaving: those of P not in N, and v itself when no neighbour is to come.
    const leaving: number[] = [];
    const inN = new Set(N);
    for (let i = 0; i < np; i++) if (!inN.has(P[i]!)) leaving.push(i);
    if (!inN.has(v)) leaving.push(np);
    const choices = edgeChoices(back.length, graph.last[v]! > v);

    table.growIfNeeded();
    const next = new LimbTable(words, table.limbs, Math.max(1024, table.size * 2));
    const count = new Float64Array(table.limbs);
    for (let e = 0; e < table.capacity; e++) {
      if (!table.used[e]) continue;
      // Decode the state.
      const base = e * words;
      for (let i = 0; i < np; i++) codes[i] = (table.keys[base + (i >> 3)]! >>> ((i & 7) * 4)) & 15;
      const endsFixed = paths ? (table.keys[base + endsWord]! >>> endsShift) & 3 : 0;
      table.valueAt(e, count);
      choice: for (const chosen of choices) {
        for (let i = 0; i < np; i++) work[i] = codes[i]!;
        work[np] = FREE;
        let ends = endsFixed;
        let closed = false;
        for (const c of chosen) if (work[back[c]!] === FULL) continue choice;
        if (chosen.length === 1) {
          const u = back[chosen[0]!]!;
          const cu = work[u]!;
          if (cu === FREE) {
            const label = freshLabel(work, np);
            work[u] = label;
            work[np] = label;
          } else {
            work[u] = FULL;
            work[np] = cu;
          }
        } else if (chosen.length === 2) {
          const u1 = back[chosen[0]!]!;
          const u2 = back[chosen[1]!]!;
          const c1 = work[u1]!;
          const c2 = work[u2]!;
          work[np] = FULL;
          if (c1 === FREE && c2 === FREE) {
            const label = freshLabel(work, np);
            work[u1] = label;
            work[u2] = label;
          } else if (c1 === FREE || c2 === FREE) {
            // The free one takes over the other's place as a path's end.
            const [free, end, code] = c1 === FREE ? [u1, u2, c2] : [u2, u1, c1];
            work[free] = code;
            work[end] = FULL;
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
            const [keep, drop] = c2 === HALF ? [c2, c1] : [c1, c2];
            for (let i = 0; i <= np; i++) if (work[i] === drop) work[i] = keep;
          }
        }
        // Vertices leaving the frontier take no more edges: full, or (paths) one of the two tour ends.
        for (const i of leaving) {
          const c = work[i]!;
          if (c === FULL) continue;
          if (!paths || c === FREE || ends >= 2) continue choice;
          ends++;
          if (c === HALF) {
            // Its path's other end is the other tour end: the whole tour, only once everything is in.
            if (!isLast) continue choice;
            closed = true;
          } else {
            for (let j = 0; j <= np; j++) if (j !== i && work[j] === c) work[j] = HALF;
          }
          work[i] = FULL;
        }
        if (isLast) {
          if (!closed) continue;
          for (let i = 0; i <= np; i++) if (work[i] !== FULL) continue choice;
          if (paths && ends !== 2) continue;
          total += limbsToBigInt(count);
          continue;
        }
        if (closed) continue;
        // The new state: N's codes, labels renumbered by first appearance.
        key.fill(0);
        relabel.fill(-1);
        let nextLabel = FIRST_LABEL;
        for (let i = 0; i < N.length; i++) {
          let c = work[source[i]!]!;
          if (c === FREE ? room[i]! < freeNeeds : c !== FULL && room[i]! < 1) continue choice;
          if (c >= FIRST_LABEL) {
            if (relabel[c]! < 0) relabel[c] = nextLabel++;
            c = relabel[c]!;
          }
          key[i >> 3]! |= c << ((i & 7) * 4);
        }
        if (paths) key[endsWord]! |= ends << endsShift;
        next.add(key, count, 0);
      }
    }
    table = next;
    seen += table.size;
    peak = Math.max(peak, table.size);
    progress?.(v + 1, table.size);
    if (stop(seen)) return { count: undefined, states: seen, peakStates: peak, limbs: table.limbs };
  }
  return { count: total, states: seen, peakStates: peak, limbs: table.limbs };
}

/** The sets of v's back-edges it may take: none, one or two (exactly two when no neighbour is to come). */
function edgeChoices(back: number, more: boolean): number[][] {
  const out: number[][] = [];
  if (more) {
    out.push([]);
    for (let i = 0; i < back; i++) out.push([i]);
  } else {
    // A vertex with no later neighbour may still end a path (one edge); the leaving check decides.
    for (let i = 0; i < back; i++) out.push([i]);
  }
  for (let i = 0; i < back; i++) for (let j = i + 1; j < back; j++) out.push([i, j]);
  return out;
}

/** A label no slot uses. */
function freshLabel(work: Int8Array, np: number): number {
  let used = 0;
  for (let i = 0; i <= np; i++) if (work[i]! >= FIRST_LABEL) used |= 1 << work[i]!;
  for (let label = FIRST_LABEL; label < 16; label++) if (!(used & (1 << label))) return label;
  throw new Error('more partial paths than a slot can label');
}

const BASE = 2 ** 48;

function limbsToBigInt(limbs: Float64Array): bigint {
  let value = 0n;
  for (let i = limbs.length - 1; i >= 0; i--) value = value * BigInt(BASE) + BigInt(limbs[i]!);
  return value;
}
