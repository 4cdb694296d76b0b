import { mapSquare, type Board, type Symmetry } from '@bezzel/core';

/**
 * Tests placements (sorted squares) for being the smallest of their orbit, like core's CanonicalTest, but
 * looks first at the smallest image square under each symmetry: most placements already lose there, and
 * finding a minimum costs far less than sorting the whole image (8 rooks on 8×8: about 2× faster overall).
 */
export class FastCanonicalTest {
  readonly #perms: Int32Array[];
  readonly #image: Int32Array;

  constructor(board: Board, group: readonly Symmetry[], maxPieces: number) {
    this.#perms = group
      .filter((s) => s.name !== 'identity')
      .map((s) => {
        const perm = new Int32Array(board.size);
        for (let sq = 0; sq < board.size; sq++) perm[sq] = mapSquare(board, s, sq);
        return perm;
      });
    this.#image = new Int32Array(Math.max(maxPieces, 1));
  }

  /** `sorted[0..length)` ascending: true when no symmetry maps it to a lexicographically smaller placement. */
  isCanonical(sorted: Int32Array, length: number): boolean {
    if (length === 0) return true;
    const first = sorted[0]!;
    for (const perm of this.#perms) {
      let min = perm[first]!;
      for (let i = 1; i < length; i++) {
        const sq = perm[sorted[i]!]!;
        if (sq < min) min = sq;
      }
      if (min < first) return false;
      if (min > first) continue;
      const image = this.#image;
      for (let i = 0; i < length; i++) image[i] = perm[sorted[i]!]!;
      const view = image.subarray(0, length).sort();
      for (let i = 1; i < length; i++) {
        if (view[i] !== sorted[i]) {
          if (view[i]! < sorted[i]!) return false;
          break;
        }
      }
    }
    return true;
  }
}
