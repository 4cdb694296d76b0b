import { combine, leaper, pluginModule, rider, type Board, type Movement, type Piece } from '@bezzel/core';

const piece = (id: string, movement: Movement, extra: Partial<Piece> = {}): Piece => ({
  id,
  name: id,
  symbols: { unicode: id[0]!, ascii: id[0]! },
  movement,
  ...extra,
});

/**
 * Pieces for this plugin's own tests, defined here so the plugin depends on no piece plugin: the classic ones
 * and a few fairy ones that exercise ranged rides, long leaps and a one-way move.
 */
export const testPieces: readonly Piece[] = [
  piece('queen', combine(rider(0, 1), rider(1, 1))),
  piece('rook', rider(0, 1)),
  piece('bishop', rider(1, 1)),
  piece('king', combine(leaper(0, 1), leaper(1, 1))),
  piece('knight', leaper(1, 2)),
  piece('nightrider', rider(1, 2)),
  piece('camel', leaper(1, 3)),
  piece('short-rook', rider(0, 1, 2)),
  // Attacks only forwards diagonally, like a pawn: the conflict table must look both ways.
  piece('pawn', { leaps: [{ dx: 1, dy: 1 }, { dx: -1, dy: 1 }], rides: [] }),
  // Steps right, up or back down-left: a one-way leaper whose tours are directed.
  piece('turner', { leaps: [{ dx: 1, dy: 0 }, { dx: 0, dy: 1 }, { dx: -1, dy: -1 }], rides: [] }),
  // Its own rule attacks two right and one up, which the (symmetric) vectors it declares do not say.
  piece('slanter', leaper(0, 1), {
    attacks: (board: Board, from: number) => {
      const sq = board.squareAt(board.row(from) + 1, board.col(from) + 2);
      return sq >= 0 ? [sq] : [];
    },
  }),
];

export const testPieceModule = pluginModule({ pieces: testPieces });
