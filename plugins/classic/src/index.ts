import { combine, leaper, pluginModule, rider, type Piece } from '@bezzel/core';

/** The rook rides ranks and files. */
export const rook: Piece = {
  id: 'rook',
  name: 'rook',
  symbols: { unicode: '♜', ascii: 'R' },
  betza: 'R',
  movement: rider(0, 1),
};

/** The bishop rides diagonals. */
export const bishop: Piece = {
  id: 'bishop',
  name: 'bishop',
  symbols: { unicode: '♝', ascii: 'B' },
  betza: 'B',
  movement: rider(1, 1),
};

/** The king steps one square in any direction. */
export const king: Piece = {
  id: 'king',
  name: 'king',
  symbols: { unicode: '♚', ascii: 'K' },
  betza: 'K',
  movement: combine(leaper(0, 1), leaper(1, 1)),
};

export default pluginModule({ pieces: [rook, bishop, king] });
