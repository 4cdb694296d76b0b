/**
 * Piece silhouettes as SVG path data in a 100×100 box, drawn by hand from simple shapes so that an SVG shows the
 * same pieces everywhere: no fonts, no glyphs. Pieces without a drawing of their own get the generic marker.
 */
const BASE = 'M22 88 H78 V80 H22 Z M28 80 H72 L66 72 H34 Z';

/** Hand-drawn silhouettes by piece id: the classical pieces. */
export const PIECE_PATHS: Readonly<Record<string, string>> = {
  queen: `${BASE} M34 72 L24 30 L40 50 L50 22 L60 50 L76 30 L66 72 Z M24 24 a5 5 0 1 0 0.1 0 Z M50 14 a5 5 0 1 0 0.1 0 Z M76 24 a5 5 0 1 0 0.1 0 Z`,
  king: `${BASE} M34 72 L30 44 Q50 34 70 44 L66 72 Z M46 12 H54 V20 H62 V28 H54 V38 H46 V28 H38 V20 H46 Z`,
  rook: `${BASE} M34 72 L36 38 H64 L66 72 Z M30 38 V20 H38 V27 H46 V20 H54 V27 H62 V20 H70 V38 Z`,
  bishop: `${BASE} M36 72 Q30 50 50 18 Q70 50 64 72 Z M50 8 a5 5 0 1 0 0.1 0 Z`,
  knight: `${BASE} M34 72 L40 50 L26 52 L22 42 L42 20 L46 12 L52 20 Q76 30 68 72 Z`,
  pawn: `${BASE} M38 72 Q42 56 44 46 H56 Q58 56 62 72 Z M50 22 a12 12 0 1 0 0.1 0 Z`,
};

/** A fairy or user piece: a disc with a ring, so it reads as "a piece" without pretending to be a chess man. */
export const GENERIC_PIECE = 'M50 14 a36 36 0 1 0 0.1 0 Z M50 30 a20 20 0 1 1 -0.1 0 Z';

/** A piece's silhouette: its own drawing, or the generic marker. */
export function piecePath(id: string): string {
  return PIECE_PATHS[id] ?? GENERIC_PIECE;
}
