import { Board, Rng, type BoardSpec, type ProgressEvent, type Result, type Task } from '@bezzel/core';
import { graphSymmetries, mapsGraphOntoItself, moveGraph } from '@bezzel/tour-graph';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf } from '../../../test/support/solve.js';
import backtrackingModule, { backtracking } from './index.js';
import { noOrdering } from './tour/orderings/none.js';
import { countStarts, type TourInstance } from './tour/solve-tour.js';
import { TourSearch } from './tour/tour-search.js';
import { bruteForceTours } from './testing/brute-tours.js';
import { testPieceModule } from './testing/pieces.js';

const bezzel = await bezzelWith(testPieceModule, backtrackingModule);

const tour = (board: BoardSpec, piece = 'knight', extra: { start?: number; closed?: boolean; goal?: Task['goal'] } = {}): Task => ({
  problem: {
    kind: 'tour',
    board,
    piece,
    ...(extra.start === undefined ? {} : { start: extra.start }),
    ...(extra.closed ? { closed: true } : {}),
  },
  goal: extra.goal ?? 'count',
  strategy: 'backtracking',
});

const instanceOf = (task: Task): TourInstance => {
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  if (instance.value.kind !== 'tour') throw new Error('not a tour');
  return instance.value;
};

/** The starts a count of this task searches, with their weights. */
const startsOf = (task: Task) => {
  const instance = instanceOf(task);
  return countStarts(instance, new TourSearch(instance.board, instance.piece, noOrdering, new Rng(0)));
};

/** A count, reading a theorem's "impossible" as 0 (the solver answers such tours without searching). */
const countOrZero = (result: Result): bigint => (result.status === 'impossible' && result.proof === 'theorem' ? 0n : countOf(result));

const playable = (spec: BoardSpec): number[] => {
  const board = new Board(spec);
  return [...Array(board.size).keys()].filter((sq) => !board.isRemoved(sq));
};

/** The open count without a start the way it was before symmetries: one count per start square, summed, and their nodes. */
async function everyStart(spec: BoardSpec, piece: string): Promise<{ count: bigint; nodes: number }> {
  let count = 0n;
  let nodes = 0;
  for (const start of playable(spec)) {
    const result = await bezzel.solve(tour(spec, piece, { start }));
    count += countOrZero(result);
    nodes += result.stats.nodes;
  }
  return { count, nodes };
}

describe('open tour counts without a start, one start per symmetry orbit', () => {
  it('equal the sum over every start square on a sweep of boards and pieces, and what goal all streams', async () => {
    const cases: [BoardSpec, string][] = [
      [{ width: 3, height: 4 }, 'knight'],
      [{ width: 4, height: 3 }, 'knight'],
      [{ width: 4, height: 5 }, 'knight'],
      [{ width: 5, height: 4 }, 'knight'],
      [{ width: 5, height: 5 }, 'knight'],
      [{ width: 3, height: 7 }, 'knight'],
      [{ width: 7, height: 3 }, 'knight'],
      [{ width: 3, height: 8 }, 'knight'],
      [{ width: 4, height: 6 }, 'knight'],
      [{ width: 4, height: 4 }, 'knight'],
      // Holes kept by every symmetry (the centre), by the half turn only, by the half turn and both diagonals,
      // by the left-right mirror only, and by none.
      [{ width: 5, height: 5, removed: [12] }, 'knight'],
      [{ width: 5, height: 4, removed: [0, 19] }, 'knight'],
      [{ width: 4, height: 4, removed: [5, 10] }, 'king'],
      [{ width: 4, height: 4, removed: [1, 2] }, 'king'],
      [{ width: 5, height: 4, removed: [1] }, 'knight'],
      [{ width: 3, height: 3 }, 'king'],
      [{ width: 4, height: 3 }, 'king'],
      [{ width: 5, height: 5 }, 'camel'],
      // One-way moves: the turner keeps only the a1-h8 diagonal mirror on a square board.
      [{ width: 4, height: 4 }, 'turner'],
      [{ width: 4, height: 3 }, 'turner'],
      // Tori: the wrap is checked against the move graph the search walks.
      [{ width: 3, height: 3, torus: true }, 'knight'],
      [{ width: 4, height: 4, torus: true }, 'knight'],
      [{ width: 2, height: 3, torus: true }, 'king'],
      [{ width: 3, height: 3, torus: true }, 'turner'],
      [{ width: 4, height: 4, torus: true }, 'turner'],
      // Its own attacks rule: every start, weight 1.
      [{ width: 4, height: 4 }, 'slanter'],
    ];
    const seen: string[] = [];
    for (const [spec, piece] of cases) {
      const what = `${piece} on ${JSON.stringify(spec)}`;
      const plain = await everyStart(spec, piece);
      const result = await bezzel.solve(tour(spec, piece));
      const symmetric = countOrZero(result);
      expect(symmetric, what).toBe(plain.count);
      // And a brute force with no shared code, where it is quick.
      if (!bezzel.piece(piece)!.attacks && playable(spec).length <= 12) {
        expect(symmetric, `${what}: brute force`).toBe(BigInt(bruteForceTours(new Board(spec), bezzel.piece(piece)!.movement.leaps, false)));
      }
      if (result.status === 'complete') {
        let streamed = 0n;
        const all = await bezzel.solve(tour(spec, piece, { goal: 'all' }), { onSolution: () => streamed++ });
        expect(countOf(all), what).toBe(symmetric);
        expect(streamed, what).toBe(symmetric);
      }
      const starts = startsOf(tour(spec, piece));
      expect(starts.reduce((sum, s) => sum + s.weight, 0), `${what}: the orbits cover every square once`).toBe(playable(spec).length);
      if (symmetric > 0n) seen.push(what);
    }
    // The sweep is not all zeros.
    expect(seen.length).toBeGreaterThan(18);
    expect(countOf(await bezzel.solve(tour({ width: 5, height: 5 })))).toBe(1728n);
  });

  it('searches one start per orbit: 6 on 5×5 and on 6×6, weighted by the orbit sizes', () => {
    expect(startsOf(tour({ width: 5, height: 5 }))).toEqual([
      { square: 0, weight: 4 },
      { square: 1, weight: 8 },
      { square: 2, weight: 4 },
      { square: 6, weight: 4 },
      { square: 7, weight: 4 },
      { square: 12, weight: 1 },
    ]);
    expect(startsOf(tour({ width: 6, height: 6 })).map((s) => s.weight)).toEqual([4, 8, 8, 4, 8, 4]);
    // A rectangle keeps its four symmetries; a hole kept by the left-right mirror only leaves pairs.
    expect(startsOf(tour({ width: 4, height: 3 })).map((s) => s.weight)).toEqual([4, 4, 2, 2]);
    expect(startsOf(tour({ width: 5, height: 5, removed: [1, 3] }))).toHaveLength(14);
    // No symmetry: every square, weight 1.
    expect(startsOf(tour({ width: 5, height: 4, removed: [1] })).every((s) => s.weight === 1)).toBe(true);
    expect(startsOf(tour({ width: 4, height: 4 }, 'slanter'))).toHaveLength(16);
    // The turner's moves are kept by the diagonal mirror alone.
    expect(startsOf(tour({ width: 4, height: 4 }, 'turner'))).toHaveLength(10);
    // Given starts and closed tours are as before.
    expect(startsOf(tour({ width: 5, height: 5 }, 'knight', { start: 1 }))).toEqual([{ square: 1, weight: 1 }]);
    expect(startsOf(tour({ width: 6, height: 6 }, 'knight', { closed: true }))).toEqual([{ square: 0, weight: 1 }]);
  });

  it('keeps only symmetries that map the move graph onto itself', () => {
    const board = new Board({ width: 4, height: 4 });
    const knight = bezzel.piece('knight')!;
    const graph = moveGraph(board, knight);
    expect(graphSymmetries(board, knight, graph)).toHaveLength(7);
    const identity = Int32Array.from({ length: board.size }, (_, sq) => sq);
    expect(mapsGraphOntoItself(board, graph, identity)).toBe(true);
    // A shift by one file is no symmetry of the plain board's graph, nor is a map that is not a permutation.
    const shift = identity.map((sq) => board.row(sq) * 4 + ((board.col(sq) + 1) % 4));
    expect(mapsGraphOntoItself(board, graph, shift)).toBe(false);
    expect(mapsGraphOntoItself(board, graph, new Int32Array(16))).toBe(false);
    // On a torus that shift is one (the search does not use it, but the check agrees with the wrap).
    const torus = new Board({ width: 4, height: 4, torus: true });
    expect(mapsGraphOntoItself(torus, moveGraph(torus, knight), shift)).toBe(true);
    // The slanter's vectors are symmetric, its attacks rule is not: its mirror image is no symmetry.
    const slanter = bezzel.piece('slanter')!;
    const mirrored = identity.map((sq) => board.row(sq) * 4 + (3 - board.col(sq)));
    expect(mapsGraphOntoItself(board, moveGraph(board, slanter), mirrored)).toBe(false);
    expect(graphSymmetries(board, slanter, moveGraph(board, slanter))).toEqual([]);
  });

  it('searches fewer nodes on 5×5 than the count from every start did, split or not', async () => {
    const spec = { width: 5, height: 5 };
    // Goal all still searches every start square, as the count did before.
    const all = await bezzel.solve(tour(spec, 'knight', { goal: 'all' }));
    const before = all.stats.nodes;
    expect(countOf(all)).toBe(1728n);
    const result = await bezzel.solve(tour(spec));
    expect(countOf(result)).toBe(1728n);
    expect(result.stats.nodes).toBeLessThan(before / 4);

    const instance = instanceOf(tour(spec));
    const subs = backtracking.split!(instance, 40)!;
    expect(subs.length).toBeGreaterThanOrEqual(40);
    const starts = new Set(subs.map((s) => String(s.task.options!.prefix).split('-')[0]));
    // Walking each tour once (from its end in the earlier orbit), c2's orbit (the other colour) and the centre
    // (its only allowed end is itself) have no tours left to walk, so no prefixes start there.
    expect([...starts].map(Number).sort((a, b) => a - b)).toEqual([0, 1, 2, 6]);
    let sum = 0n;
    let nodes = 0;
    for (const sub of subs) {
      const part = await bezzel.solve(sub.task);
      sum += BigInt(sub.weight) * countOf(part);
      nodes += part.stats.nodes;
    }
    expect(sum).toBe(1728n);
    expect(nodes).toBeLessThan(before / 4);
  });

  it('reports progress over the starts it searches, with the weighted count so far', async () => {
    // 5×6 (four symmetries): 9 orbits, and enough nodes for progress events.
    const spec = { width: 5, height: 6 };
    expect(startsOf(tour(spec))).toHaveLength(9);
    const events: ProgressEvent[] = [];
    const result = await bezzel.solve(tour(spec), { onProgress: (e) => events.push(e) });
    const { count } = await everyStart(spec, 'knight');
    expect(countOf(result)).toBe(count);
    expect(events.length).toBeGreaterThan(3);
    expect(events.every((e) => e.total === 9 && e.done! >= 0 && e.done! < 9)).toBe(true);
    const counts = events.map((e) => e.solutions!);
    expect(counts.every((n, i) => n <= (counts[i + 1] ?? count))).toBe(true);
  });

  it('leaves goal all streaming every directed tour from every start', async () => {
    const starts = new Set<number>();
    let streamed = 0;
    const all = await bezzel.solve(tour({ width: 5, height: 5 }, 'knight', { goal: 'all' }), {
      onSolution: (s) => {
        streamed++;
        if (s.kind === 'tour') starts.add(s.path[0]!);
      },
    });
    expect(countOf(all)).toBe(1728n);
    expect(streamed).toBe(1728);
    // Only squares of the larger colour start an open 5×5 knight's tour.
    expect(starts.size).toBe(13);
  });
});
