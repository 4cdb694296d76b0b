import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from './board.js';
import { formatBytes, MEMORY_LIMIT_BYTES, overAnswerSize, overMemory } from './memory.js';
import { combine, leaper, rider } from './movement.js';
import type { Piece } from './piece.js';
import { nodesToFirst, placementSearchSize, probe } from './search-size.js';

const piece = (id: string, movement: Piece['movement']): Piece => ({ id, name: id, symbols: { unicode: id, ascii: id }, movement });
const queen = piece('queen', combine(rider(0, 1), rider(1, 1)));
const rook = piece('rook', rider(0, 1));
const zebra = piece('zebra', leaper(2, 3));
const knight = piece('knight', leaper(1, 2));

/** Within a factor of the truth, either way. */
const near = (estimate: number, truth: number, factor: number) => estimate / truth < factor && truth / estimate < factor;

describe('placementSearchSize: Knuth probes against counts and trees known exactly', () => {
  it('estimates the placements (the count) within 10% where probes reach the bottom', () => {
    expect(near(placementSearchSize(Board.square(8), zebra, 4, false).solutions, 438_984, 1.1)).toBe(true);
    // One rook a row: every probe reaches the bottom, and the tree has exactly n! leaves.
    expect(near(placementSearchSize(Board.square(8), rook, 8, true).solutions, 40_320, 1.01)).toBe(true);
  });

  it('estimates the nodes of the one-queen-a-row tree within 30% (8, 12 and 16 queens)', () => {
    // Nodes of the row-by-row search, without its root, as backtracking counts them.
    for (const [n, nodes] of [
      [8, 2_056],
      [12, 856_188],
      [16, 1_126_417_795],
    ] as const) {
      expect(near(placementSearchSize(Board.square(n), queen, n, true).nodes, nodes, 1.3), `${n} queens`).toBe(true);
    }
  });

  it('answers tiny trees with their bound, unprobed, and k = 0 with the empty placement', () => {
    expect(placementSearchSize(Board.square(3), knight, 2, false)).toEqual({ nodes: 9 + 36, solutions: 36, reached: 1 });
    expect(placementSearchSize(Board.square(8), knight, 0, false).solutions).toBe(1);
  });

  it('probes a board of 25 million squares without allocating it, in milliseconds', () => {
    const started = performance.now();
    const size = placementSearchSize(Board.square(5_000), knight, 5, false);
    expect(performance.now() - started).toBeLessThan(2_000);
    // Five knights hardly meet on 5000×5000: about C(25·10⁶, 5) placements.
    const choose5 = (25e6 * (25e6 - 1) * (25e6 - 2) * (25e6 - 3) * (25e6 - 4)) / 120;
    expect(near(size.solutions, choose5, 1.01)).toBe(true);
    expect(nodesToFirst(size, 5)).toBe(5);
  });
});

describe('memory limits: one line with the estimate', () => {
  it('says how much, in binary units, and nothing below the limit', () => {
    expect(formatBytes(3 * 2 ** 30)).toBe('about 3.00 GiB');
    expect(formatBytes(640 * 2 ** 20)).toBe('about 640 MiB');
    expect(overMemory(MEMORY_LIMIT_BYTES, 'a table')).toBeUndefined();
    expect(overMemory(2.2 * 2 ** 30, 'its arrays on 20000×20000')).toBe('its arrays on 20000×20000 would need about 2.20 GiB, more than the 1 GiB a run may use');
    expect(overAnswerSize(50_000_000, 'a largest placement')).toBeUndefined();
    expect(overAnswerSize(200_000_000, 'a largest placement of knights on 20000×20000')).toBe(
      'a largest placement of knights on 20000×20000 would be an answer of 200,000,000 squares, more than the 50,000,000 one may hold',
    );
  });
});

describe('probe: one piece a row on a flat board walks only the vectors that go down, a row a bitmask', () => {
  // Any movement (leaps, rides with and without a range, one-way), any flat board: the free squares of the rows
  // still to come are the same, so every draw and the estimate are too.
  const vector = fc.record({ dx: fc.integer({ min: -3, max: 3 }), dy: fc.integer({ min: -3, max: 3 }) }).filter((v) => v.dx !== 0 || v.dy !== 0);
  const movement = fc.record({
    leaps: fc.array(vector, { maxLength: 4 }),
    rides: fc.array(fc.record({ dx: fc.integer({ min: -2, max: 2 }), dy: fc.integer({ min: -2, max: 2 }), range: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }) }).filter((v) => v.dx !== 0 || v.dy !== 0), { maxLength: 4 }),
  });
  it('gives the estimate of the walk along every vector', () => {
    fc.assert(
      fc.property(movement, fc.integer({ min: 1, max: 32 }), fc.integer({ min: 1, max: 9 }), fc.array(fc.nat(287), { maxLength: 12 }), (m, width, height, holes) => {
        // One piece a row: it rides its rank (what makes a search one piece a row), plus what was drawn; holes
        // (which end rides) on some boards.
        const p = piece('p', combine(rider(0, 1), { leaps: m.leaps, rides: m.rides.map((r) => (r.range === undefined ? { dx: r.dx, dy: r.dy } : r)) }));
        const removed = [...new Set(holes.filter((sq) => sq < width * height))];
        const board = new Board({ width, height, removed });
        expect(probe(board, p, height, true)).toEqual(probe(board, p, height, true, false));
      }),
      { numRuns: 300, seed: 34 },
    );
  });
  it('changes no estimate of the queens (8, 12, 16 and 32 a row)', () => {
    for (const n of [8, 12, 16, 32]) expect(probe(Board.square(n), queen, n, true)).toEqual(probe(Board.square(n), queen, n, true, false));
  });
});
