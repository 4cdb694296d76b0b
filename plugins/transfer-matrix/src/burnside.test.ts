import { Board, symmetryGroup, type Piece } from '@bezzel/core';
import { king } from '@bezzel/classic';
import { betzaPiece, zebra } from '@bezzel/fairy';
import { knight } from '@bezzel/knight';
import { describe, expect, it } from 'vitest';
import { bruteForceFixed } from './brute-force.testing.js';
import { fixedCounts } from './burnside.js';
import { buildLayout } from './layout.js';
import { rowModel } from './rows.js';

const fN = (betzaPiece('fN') as { ok: true; value: Piece }).value;
const trimmed = (t: readonly bigint[]) => {
  const out = [...t];
  while (out.length > 1 && out[out.length - 1] === 0n) out.pop();
  return out;
};

describe('fixed placements of each symmetry (the terms of Burnside)', () => {
  it('match brute force for every symmetry, method and k, on odd, even, rectangular and cut boards', () => {
    const cases: [Piece, number, number, number[]][] = [
      [knight, 4, 4, []], [knight, 5, 5, []], [king, 5, 5, []], [knight, 3, 5, []], [knight, 5, 3, []],
      [zebra, 5, 5, []], [knight, 4, 6, []], [knight, 6, 4, []], [fN, 4, 5, []], [king, 5, 5, [12]], [knight, 5, 5, [0, 4, 20, 24]],
    ];
    const methods = new Set<string>();
    for (const [piece, w, h, removed] of cases) {
      const board = new Board({ width: w, height: h, removed });
      const group = symmetryGroup(board, piece.movement);
      const expected = bruteForceFixed(board, piece, group);
      const layout = buildLayout(rowModel(board, piece.movement), 1 << 20)!;
      const fixed = fixedCounts(board, piece, layout, group, expected[0]!, () => false)!;
      for (const [i, f] of fixed.entries()) {
        methods.add(f.method);
        expect(trimmed(f.table), `${piece.id} ${w}×${h} −${removed} ${f.symmetry} (${f.method})`).toEqual(trimmed(expected[i]!));
      }
    }
    expect([...methods].sort()).toEqual(['folded half', 'orbit frontier', 'palindromic rows', 'row DP']);
  });
});
