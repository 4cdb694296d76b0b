import { moveTable, type Board, type Piece } from '@bezzel/core';

/** The undirected graph a tour walks, its vertices numbered in the order the frontier DP adds them. */
export interface OrderedGraph {
  /** Vertices (playable squares). */
  readonly n: number;
  /** The square of each vertex, in processing order. */
  readonly square: Int32Array;
  /** Neighbours of each vertex (vertex numbers), ascending. */
  readonly neighbours: readonly Int32Array[];
  /** The largest neighbour of each vertex (itself when it has none larger). */
  readonly last: Int32Array;
  /** True when every move can be made back (the graph is undirected). */
  readonly symmetric: boolean;
}

/**
 * The move graph with its squares numbered along the longer side, a line across the shorter side at a time
 * (column by column on a board wider than tall): a leaper's moves then reach back only a few lines, so the
 * frontier — the squares added so far that still have a neighbour to come — stays about `reach × shorter side`.
 */
export function orderedGraph(board: Board, piece: Piece): OrderedGraph {
  const table = moveTable(board, piece);
  const acrossColumns = board.width >= board.height;
  const order: number[] = [];
  if (acrossColumns) {
    for (let c = 0; c < board.width; c++) for (let r = 0; r < board.height; r++) order.push(board.at(r, c));
  } else {
    for (let r = 0; r < board.height; r++) for (let c = 0; c < board.width; c++) order.push(board.at(r, c));
  }
  const squares = order.filter((sq) => !board.isRemoved(sq));
  const index = new Int32Array(board.size).fill(-1);
  squares.forEach((sq, i) => (index[sq] = i));
  const sets = squares.map(() => new Set<number>());
  let symmetric = true;
  for (const [i, sq] of squares.entries()) {
    for (let j = table.offsets[sq]!; j < table.offsets[sq + 1]!; j++) {
      const to = index[table.targets[j]!]!;
      if (to >= 0 && to !== i) sets[i]!.add(to);
    }
  }
  for (const [i, set] of sets.entries()) for (const j of set) if (!sets[j]!.has(i)) symmetric = false;
  const neighbours = sets.map((set) => Int32Array.from([...set].sort((a, b) => a - b)));
  const last = Int32Array.from(neighbours.map((ns, i) => Math.max(i, ns.length > 0 ? ns[ns.length - 1]! : i)));
  return { n: squares.length, square: Int32Array.from(squares), neighbours, last, symmetric };
}

/** The frontier before each vertex is added: the earlier vertices with a neighbour at it or later, ascending. */
export function frontiers(graph: OrderedGraph): Int32Array[] {
  const out: Int32Array[] = [];
  let current: number[] = [];
  for (let v = 0; v <= graph.n; v++) {
    out.push(Int32Array.from(current));
    if (v === graph.n) break;
    current = [...current, v].filter((u) => graph.last[u]! > v);
  }
  return out;
}

/** The widest frontier (the state's slots): what the DP's states grow with. */
export function frontierWidth(graph: OrderedGraph): number {
  let widest = 0;
  let width = 0;
  const retiring = new Int32Array(graph.n + 1);
  for (let u = 0; u < graph.n; u++) retiring[graph.last[u]!]!++;
  for (let v = 0; v < graph.n; v++) {
    width++;
    widest = Math.max(widest, width);
    width -= retiring[v]!;
  }
  return widest;
}
