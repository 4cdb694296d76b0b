import { combine, pluginModule, rider, type Piece } from '@bezzel/core';

/** The queen rides ranks, files and diagonals. */
export const queen: Piece = {
  id: 'queen',
  name: 'queen',
  symbols: { unicode: '♛', ascii: 'Q' },
  betza: 'Q',
  movement: combine(rider(0, 1), rider(1, 1)),
};

export default pluginModule({ pieces: [queen] });
