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
  /**
   * The vertex each vertex goes to in the mirror across the sweep (a line reversed, the lines kept in order),
   * when that mirror maps the move graph onto itself (no lopsided removed squares); undefined otherwise.
   */
  readonly mirror: Int32Array | undefined;
}

/**
 * The move graph with its squares numbered along the longer side, a line across the shorter side at a time
 * (column by column on a board wider than tall): a leaper's moves then reach back only a few lines, so the
 * frontier — the squares added so far that still have a neighbour to come — stays about `reach × shorter side`.
 * Within a line the squares go in the order that keeps the frontier narrowest (`lineOrder`).
 */
export function orderedGraph(board: Board, piece: Piece): OrderedGraph {
  const table = moveTable(board, piece);
  const acrossColumns = board.width >= board.height;
  const across = acrossColumns ? board.height : board.width;
  const lines = acrossColumns ? board.width : board.height;
  const squareAt = (line: number, k: number) => (acrossColumns ? board.at(k, line) : board.at(line, k));
  const within = lineOrder(board, table, across, lines, squareAt);
  const order: number[] = [];
  for (let line = 0; line < lines; line++) for (const k of within) order.push(squareAt(line, k));
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
  const mirrorSquare = (sq: number) => {
    const r = Math.floor(sq / board.width);
    const c = sq % board.width;
    return acrossColumns ? board.at(board.height - 1 - r, c) : board.at(r, board.width - 1 - c);
  };
  let mirror: Int32Array | undefined = Int32Array.from(squares, (sq) => index[mirrorSquare(sq)]!);
  for (const [i, set] of sets.entries()) {
    if (mirror[i]! < 0 || sets[mirror[i]!]!.size !== set.size || [...set].some((j) => !sets[mirror![i]!]!.has(mirror![j]!))) {
      mirror = undefined;
      break;
    }
  }
  return { n: squares.length, square: Int32Array.from(squares), neighbours, last, symmetric, mirror };
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

/** Lines a candidate order is scored on: the middle of a long board repeats, so a few lines show it. */
const SCORED_LINES = 12;

/**
 * The order of the squares within a line: of the candidates, the one whose frontier is narrowest at its widest,
 * then summed over the squares. Candidates are every order of a line up to 6 squares, and for up to 10 the
 * orders that add mirror pairs (k and across − 1 − k) together, so the added squares are closed under the mirror
 * after each pair (which `StepPlan.mirror` uses). On six ranks this is 1, 4, 2, 3, 0, 5: a frontier of 12 instead
 * of 13 for ranks in turn, and a quarter of the states.
 */
export function lineOrder(board: Board, table: { offsets: Int32Array; targets: Int32Array }, across: number, lines: number, squareAt: (line: number, k: number) => number): number[] {
  const identity = [...Array(across).keys()];
  const candidates: number[][] = across <= 6 ? permutations(identity) : across <= 10 ? pairOrders(across) : [identity];
  if (candidates.length === 1) return identity;
  const scored = Math.min(lines, SCORED_LINES);
  const position = new Int32Array(board.size);
  let best = identity;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    position.fill(-1);
    const order: number[] = [];
    for (let line = 0; line < scored; line++) {
      for (const k of candidate) {
        const sq = squareAt(line, k);
        if (board.isRemoved(sq)) continue;
        position[sq] = order.length;
        order.push(sq);
      }
    }
    // Each vertex leaves the frontier at its last neighbour; the frontier's width after each vertex.
    const retiring = new Int32Array(order.length + 1);
    for (const [i, sq] of order.entries()) {
      let last = i;
      for (let j = table.offsets[sq]!; j < table.offsets[sq + 1]!; j++) last = Math.max(last, position[table.targets[j]!]!);
      retiring[last]!++;
    }
    let width = 0;
    let widest = 0;
    let sum = 0;
    for (let v = 0; v < order.length; v++) {
      width++;
      widest = Math.max(widest, width);
      width -= retiring[v]!;
      sum += width;
    }
    // Narrowest first; then the most points in a line where the added squares are closed under the mirror.
    let closed = 0;
    for (let k = 1; k < across; k++) {
      const head = new Set(candidate.slice(0, k));
      if ([...head].every((r) => head.has(across - 1 - r))) closed++;
    }
    const score = widest * 1e9 - closed * 1e6 + sum;
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best;
}

function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [items.slice()];
  const out: number[][] = [];
  for (const [i, first] of items.entries()) for (const rest of permutations(items.filter((_, j) => j !== i))) out.push([first, ...rest]);
  return out;
}

/** Orders that take the mirror pairs (k, across − 1 − k) one pair after another, either square first; a middle square alone. */
function pairOrders(across: number): number[][] {
  const pairs: number[][] = [];
  for (let k = 0; k < across - 1 - k; k++) pairs.push([k, across - 1 - k]);
  if (across % 2 === 1) pairs.push([(across - 1) / 2]);
  const out: number[][] = [];
  for (const sequence of permutations([...pairs.keys()])) {
    for (let flips = 0; flips < 1 << pairs.length; flips++) {
      out.push(sequence.flatMap((p, i) => (flips & (1 << i) && pairs[p]!.length === 2 ? [pairs[p]![1]!, pairs[p]![0]!] : pairs[p]!)));
    }
  }
  return out;
}
