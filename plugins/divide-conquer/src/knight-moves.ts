/**
 * The eight knight moves, ordered so that moves `k` and `(k + 4) & 7` are opposite; a square stores its two tour
 * neighbours as two move indices, one byte each, which is what lets a 10⁸-square tour fit in memory.
 */
export const KNIGHT_DX = Int32Array.of(1, 2, 2, 1, -1, -2, -2, -1);
export const KNIGHT_DY = Int32Array.of(2, 1, -1, -2, -2, -1, 1, 2);
/** No neighbour: the free end of a path. */
export const NO_MOVE = 255;

export const opposite = (k: number): number => (k + 4) & 7;

/** The move index of the leap (dr, dc), or -1 when it is not a knight's move. */
export function moveIndex(dr: number, dc: number): number {
  for (let k = 0; k < 8; k++) if (KNIGHT_DX[k] === dc && KNIGHT_DY[k] === dr) return k;
  return -1;
}
