/**
 * {{name}}: a piece for bezzel. A piece is data: an id, a name, the symbols a board is drawn with, and how it
 * attacks. Change its movement below, then `npm test` and
 * `bezzel place {{name}} -n 8 -k 8 --plugin .` (from this folder) show what it does.
 */
import { leaper, pluginModule, type Piece } from '@bezzel/core';

export const piece: Piece = {
  id: '{{name}}',
  name: '{{name}}',
  symbols: { unicode: '{{Symbol}}', ascii: '{{Symbol}}' },
  // The (1,3) leap in all eight directions. A rider repeats its step: rider(1, 1) is the bishop's;
  // combine(rider(0, 1), leaper(1, 2)) rides like a rook and leaps like a knight.
  movement: leaper(1, 3),
};

export default pluginModule({ pieces: [piece] });
