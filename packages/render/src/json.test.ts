import { Board, type Solution } from '@bezzel/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnsOf, jsonChunks, solutionToJSON, stringify } from './json.js';

const text = (value: unknown) => [...jsonChunks(value)].join('');

describe('jsonChunks', () => {
  it('writes what JSON.stringify writes (bigints as strings, typed arrays as arrays), for any JSON-like value', () => {
    const leaf = fc.oneof(fc.integer(), fc.double(), fc.bigInt(), fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('tree')), fc.dictionary(fc.string(), tie('tree')), fc.array(fc.integer()).map((a) => Int32Array.from(a))),
    }));
    fc.assert(
      // (A value on its own that JSON cannot hold, such as undefined, is no document at all: not asked of it.)
      fc.property(tree.filter((value) => value !== undefined), (value) => {
        expect(text(value)).toBe(stringify(value));
      }),
    );
  });

  it('cuts a long array of numbers into chunks, and writes numbers JSON cannot hold as null', () => {
    const long = Array.from({ length: 40_000 }, (_, i) => (i === 20_000 ? Number.NaN : i === 30_000 ? Infinity : i - 7));
    const chunks = [...jsonChunks({ long })];
    expect(chunks.length).toBeGreaterThan(4);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(200_000);
    expect(chunks.join('')).toBe(JSON.stringify({ long }));
    const typed = Int32Array.from({ length: 50_000 }, (_, i) => i * 7919);
    expect(text(typed)).toBe(JSON.stringify(Array.from(typed)));
  });
});

describe('numbers written digit by digit', () => {
  it('writes every safe integer as JSON.stringify does, at the edges of each digit count and of 32 bits', () => {
    const edges = [0, -0, 1, 9, 10, 99, 100, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 10 ** 15 - 1, 10 ** 15, Number.MAX_SAFE_INTEGER];
    const values = [...edges, ...edges.map((v) => -v), ...Array.from({ length: 15 }, (_, d) => 10 ** d - 1)];
    expect(text(values)).toBe(JSON.stringify(values));
    // Long arrays go the digit-writing way too, a chunk at a time.
    const long = Array.from({ length: 20_000 }, (_, i) => values[i % values.length]! * (i % 3 === 0 ? 1 : -1) + (i % 2 === 0 ? 0 : 0.5));
    expect(text(long)).toBe(JSON.stringify(long));
  });

  it('agrees with JSON.stringify on any array of numbers, long or short', () => {
    const number = fc.oneof(fc.maxSafeInteger(), fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 2));
    fc.assert(
      fc.property(fc.array(number, { maxLength: 50 }), fc.nat({ max: 20_000 }), (some, repeat) => {
        const values = repeat > 17_000 ? Array.from({ length: repeat }, (_, i) => some[i % Math.max(1, some.length)] ?? i) : some;
        expect(text(values)).toBe(JSON.stringify(values));
        expect(text(Float64Array.from(values))).toBe(JSON.stringify(Array.from(Float64Array.from(values))));
      }),
      { numRuns: 300 },
    );
  });
});

describe('solution shapes', () => {
  const board = new Board({ width: 8, height: 8 });
  it('gives a placement with one piece on every rank as the file of each rank', () => {
    const squares = [8, 25, 42, 59, 20, 5, 54, 39];
    const json = solutionToJSON(board, { kind: 'placement', squares });
    expect(json).toEqual({ kind: 'placement', columns: Int32Array.from([5, 0, 4, 1, 7, 2, 6, 3]), names: ['f1', 'a2', 'e3', 'b4', 'h5', 'c6', 'g7', 'd8'] });
    const columns = json.columns as Int32Array;
    expect(Array.from(columns, (col, row) => board.at(row, col)).sort((a, b) => a - b)).toEqual([...squares].sort((a, b) => a - b));
  });

  it('gives any other placement as its squares, and a tour as its path', () => {
    expect(solutionToJSON(board, { kind: 'placement', squares: [0, 2, 4] })).toEqual({ kind: 'placement', squares: [0, 2, 4], names: ['a1', 'c1', 'e1'] });
    // Eight pieces, but two on the first rank: not one a rank.
    expect(columnsOf(board, [0, 1, 17, 25, 33, 41, 49, 57])).toBeUndefined();
    const tour: Solution = { kind: 'tour', path: Int32Array.from([0, 10]), closed: false };
    expect(text(solutionToJSON(new Board({ width: 30, height: 30 }), tour))).toBe('{"kind":"tour","closed":false,"path":[0,10]}');
  });
});
