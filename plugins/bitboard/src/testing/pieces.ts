import { combine, leaper, pluginModule, rider, type Piece } from '@bezzel/core';

const piece = (id: string, movement: Piece['movement'], extra: Partial<Piece> = {}): Piece => ({
  id,
  name: id,
  symbols: { unicode: id[0]!.toUpperCase(), ascii: id[0]!.toUpperCase() },
  movement,
  ...extra,
});

const queenMoves = combine(rider(0, 1), rider(1, 1));

/** Fixture pieces for this plugin's tests: compound, leaping and one-way movements, and ones it must decline. */
export const amazon = piece('amazon', combine(queenMoves, leaper(1, 2)));
export const camel = piece('camel', leaper(1, 3));
export const knight = piece('knight', leaper(1, 2));
export const mann = piece('mann', combine(leaper(0, 1), leaper(1, 1)));
export const shortRook = piece('short-rook', rider(0, 1, 2));
export const nightrider = piece('nightrider', rider(1, 2));
export const pawn = piece('pawn', { leaps: [{ dx: 1, dy: 1 }, { dx: -1, dy: 1 }], rides: [] });
export const customAttacker = piece('custom', leaper(0, 1), { attacks: () => [] });

export const fixturePieces = pluginModule({ pieces: [amazon, camel, knight, mann, shortRook, nightrider, pawn, customAttacker] });
