import { leaper, pluginModule, type Piece } from '@bezzel/core';

/** The knight leaps (1,2) in every direction. */
export const knight: Piece = {
  id: 'knight',
  name: 'knight',
  symbols: { unicode: '♞', ascii: 'N' },
  betza: 'N',
  movement: leaper(1, 2),
};

export default pluginModule({ pieces: [knight] });
