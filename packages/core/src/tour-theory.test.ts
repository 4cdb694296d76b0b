import { describe, expect, it } from 'vitest';
import { Board } from './board.js';
import { leaper } from './movement.js';
import type { Piece } from './piece.js';
import { impossibleTour } from './tour-theory.js';

const piece = (id: string, a: number, b: number): Piece => ({ id, name: id, symbols: { unicode: id[0]!, ascii: id[0]! }, movement: leaper(a, b) });
const knight = piece('knight', 1, 2);
const board = (w: number, h = w) => new Board({ width: w, height: h });

describe('impossibleTour', () => {
  it('uses colour parity on 5×5: no tour from a square of the 12-square colour', () => {
    const b = board(5);
    expect(impossibleTour(b, knight, false, b.at(0, 1))).toMatch(/b1 is on the smaller one/);
    expect(impossibleTour(b, knight, false, b.at(0, 0))).toBeUndefined();
    expect(impossibleTour(b, knight, true, undefined)).toMatch(/closed tour .* as many squares of each colour/);
  });

  it("applies Schwenk's theorem to closed tours", () => {
    expect(impossibleTour(board(4), knight, true, undefined)).toMatch(/Schwenk/);
    expect(impossibleTour(board(8, 3), knight, true, undefined)).toMatch(/3×8|Schwenk/);
    expect(impossibleTour(board(6), knight, true, undefined)).toBeUndefined();
    expect(impossibleTour(board(10, 3), knight, true, undefined)).toBeUndefined();
  });

  it('applies the open-tour conditions of Cull, De Curtins and Conrad', () => {
    expect(impossibleTour(board(4), knight, false, undefined)).toMatch(/Conrad/);
    expect(impossibleTour(board(4, 3), knight, false, undefined)).toBeUndefined();
    expect(impossibleTour(board(5, 3), knight, false, undefined)).toMatch(/Conrad/);
    expect(impossibleTour(board(1), knight, false, undefined)).toBeUndefined();
  });

  it('refuses a colour-bound leaper and a disconnected move graph', () => {
    expect(impossibleTour(board(8), piece('camel', 1, 3), false, undefined)).toMatch(/never leaves its square's colour/);
    expect(impossibleTour(board(3), piece('dabbaba', 0, 2), false, undefined)).toMatch(/never leaves|cannot get/);
    expect(impossibleTour(board(4), piece('zebra', 2, 3), false, undefined)).toMatch(/cannot get from a1/);
  });
});
