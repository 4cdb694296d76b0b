import { conflictTable, mapSquare, type Board, type Piece, type Symmetry } from '@bezzel/core';

/**
 * Placements fixed by a symmetry are unions of its orbits (cycles of squares), so they are the independent sets
 * of the orbit graph: an orbit may be taken when no two of its squares attack each other, two orbits conflict when
 * some squares of theirs do, and taking an orbit places |orbit| pieces. We count them with a frontier DP: orbits
 * are added one by one, and the state is which of the orbits still waiting for a later neighbour were taken.
 */
export interface OrbitGraph {
  /** Pieces each orbit places, or 0 for an orbit that attacks itself and can never be taken. */
  readonly weight: Int32Array;
  /** Neighbours of each orbit, as orbit indices in processing order. */
  readonly neighbours: readonly Int32Array[];
}

/** Most frontier orbits we keep as bits of a state key. */
export const MAX_FRONTIER = 30;

export function orbitGraph(board: Board, piece: Piece, symmetry: Symmetry): OrbitGraph {
  const table = conflictTable(board, piece);
  const orbitOf = new Int32Array(board.size).fill(-1);
  const members: number[][] = [];
  // Walk squares along the shorter side first, so that the processing order keeps the frontier narrow.
  const across = board.width > board.height;
  for (let i = 0; i < board.size; i++) {
    const sq = across ? (i % board.height) * board.width + Math.floor(i / board.height) : i;
    if (board.isRemoved(sq) || orbitOf[sq]! >= 0) continue;
    const orbit: number[] = [];
    for (let s = sq; orbitOf[s]! < 0; s = mapSquare(board, symmetry, s)) {
      orbitOf[s] = members.length;
      orbit.push(s);
    }
    members.push(orbit);
  }
  const weight = new Int32Array(members.length);
  const neighbours: Int32Array[] = [];
  for (const [o, orbit] of members.entries()) {
    const around = new Set<number>();
    let selfAttacking = false;
    for (const s of orbit) {
      for (let i = table.offsets[s]!; i < table.offsets[s + 1]!; i++) {
        const other = orbitOf[table.targets[i]!]!;
        if (other === o) selfAttacking = true;
        else if (other >= 0) around.add(other);
      }
    }
    weight[o] = selfAttacking ? 0 : orbit.length;
    neighbours.push(Int32Array.from([...around].sort((a, b) => a - b)));
  }
  return { weight, neighbours };
}

/** The largest number of orbits waiting at once: the state key needs that many bits. */
export function frontierWidth(graph: OrbitGraph): number {
  const last = lastNeighbour(graph);
  let width = 0;
  let widest = 0;
  for (let v = 0; v < graph.weight.length; v++) {
    if (last[v]! > v) width++;
    widest = Math.max(widest, width);
    for (const u of graph.neighbours[v]!) if (u < v && last[u] === v) width--;
  }
  return widest;
}

function lastNeighbour(graph: OrbitGraph): Int32Array {
  const last = new Int32Array(graph.weight.length);
  for (let v = 0; v < last.length; v++) {
    const ns = graph.neighbours[v]!;
    last[v] = ns.length > 0 ? Math.max(v, ns[ns.length - 1]!) : v;
  }
  return last;
}

/** Independent sets of the orbit graph by number of pieces; undefined when `stop` says so. */
export function countOrbitSets(graph: OrbitGraph, stop: () => boolean): { table: bigint[]; states: number } | undefined {
  const n = graph.weight.length;
  const last = lastNeighbour(graph);
  const slot = new Int32Array(n).fill(-1);
  const freeSlots: number[] = [];
  for (let i = MAX_FRONTIER - 1; i >= 0; i--) freeSlots.push(i);
  let states = new Map<number, bigint[]>([[0, [1n]]]);
  let seen = 1;
  for (let v = 0; v < n; v++) {
    if (stop()) return undefined;
    let blocked = 0;
    let retire = 0;
    for (const u of graph.neighbours[v]!) {
      if (u >= v) continue;
      blocked |= 1 << slot[u]!;
      if (last[u] === v) retire |= 1 << slot[u]!;
    }
    let own = 0;
    if (last[v]! > v) {
      const s = freeSlots.pop();
      if (s === undefined) throw new Error(`the orbit frontier is wider than ${MAX_FRONTIER}`);
      slot[v] = s;
      own = 1 << s;
    }
    const w = graph.weight[v]!;
    const next = new Map<number, bigint[]>();
    const add = (key: number, poly: readonly bigint[], shift: number) => {
      let into = next.get(key);
      if (!into) next.set(key, (into = []));
      for (let i = 0; i < poly.length; i++) into[i + shift] = (into[i + shift] ?? 0n) + poly[i]!;
      for (let i = 0; i < shift; i++) into[i] ??= 0n;
    };
    for (const [key, poly] of states) {
      add(key & ~retire, poly, 0);
      if (w > 0 && (key & blocked) === 0) add((key | own) & ~retire, poly, w);
    }
    for (const u of graph.neighbours[v]!) if (u < v && last[u] === v) freeSlots.push(slot[u]!);
    states = next;
    seen += states.size;
  }
  const table: bigint[] = [];
  for (const poly of states.values()) poly.forEach((c, i) => (table[i] = (table[i] ?? 0n) + c));
  for (let i = 0; i < table.length; i++) table[i] ??= 0n;
  return { table, states: seen };
}
