import { createBezzel, isFullySymmetric, leaper, pluginModule, singleLeap } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import fairy, { amazon, betzaPiece, fairyPieces, giraffe, nightrider } from './index.js';

describe('fairy pieces', () => {
  it('registers every named piece with its Betza string', async () => {
    const bezzel = await createBezzel({ plugins: [fairy] });
    expect(bezzel.pieces.map((p) => p.id)).toEqual(fairyPieces.map((p) => p.id));
    for (const p of bezzel.pieces) {
      expect(p.betza).toBeTruthy();
      expect(isFullySymmetric(p.movement), p.id).toBe(true);
    }
    expect(amazon.betza).toBe('QN');
    expect(singleLeap(giraffe.movement)).toEqual({ a: 1, b: 4 });
    expect(nightrider.movement.rides).toHaveLength(8);
  });

  it('makes ad-hoc pieces that load as a one-piece plugin', async () => {
    const nc = betzaPiece('NC');
    expect(nc.ok && nc.value.id).toBe('betza-nc');
    const fn = betzaPiece('fN');
    const FN = betzaPiece('FN');
    expect(fn.ok && FN.ok && fn.value.id !== FN.value.id).toBe(true);
    const paren = betzaPiece('(4,1)');
    expect(paren.ok && paren.value.movement.leaps).toEqual(leaper(1, 4).leaps);
    if (!nc.ok) return;
    const bezzel = await createBezzel({ plugins: [fairy, pluginModule({ pieces: [nc.value] })] });
    expect(bezzel.piece('betza-nc')?.betza).toBe('NC');
    expect(betzaPiece('pR').ok).toBe(false);
  });
});
