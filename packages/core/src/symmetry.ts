import type { Board } from './board.js';
import type { Movement, Vector } from './movement.js';

/** One element of the board's dihedral group, acting on coordinates. */
export interface Symmetry {
  /** In words: `identity`, `rotate 90°`, `mirror left-right`… */
  readonly name: string;
  /** Image of (row, col) as [row, col]. */
  map(row: number, col: number, width: number, height: number): [number, number];
  /** Image of a displacement under the linear part, to test whether a piece's movement is preserved. */
  mapVector(v: Vector): Vector;
  /** Swaps width and height: only on square boards is it a symmetry. */
  readonly transposes: boolean;
}

const D4: readonly Symmetry[] = [
  { name: 'identity', transposes: false, map: (r, c) => [r, c], mapVector: (v) => v },
  { name: 'rotate 180°', transposes: false, map: (r, c, w, h) => [h - 1 - r, w - 1 - c], mapVector: (v) => ({ dx: -v.dx, dy: -v.dy }) },
  { name: 'mirror left-right', transposes: false, map: (r, c, w) => [r, w - 1 - c], mapVector: (v) => ({ dx: -v.dx, dy: v.dy }) },
  { name: 'mirror top-bottom', transposes: false, map: (r, c, _w, h) => [h - 1 - r, c], mapVector: (v) => ({ dx: v.dx, dy: -v.dy }) },
  { name: 'rotate 90°', transposes: true, map: (r, c, w) => [c, w - 1 - r], mapVector: (v) => ({ dx: -v.dy, dy: v.dx }) },
  { name: 'rotate 270°', transposes: true, map: (r, c, _w, h) => [h - 1 - c, r], mapVector: (v) => ({ dx: v.dy, dy: -v.dx }) },
  { name: 'mirror a1-h8 diagonal', transposes: true, map: (r, c) => [c, r], mapVector: (v) => ({ dx: v.dy, dy: v.dx }) },
  {
    name: 'mirror a8-h1 diagonal',
    transposes: true,
    map: (r, c, w, h) => [w - 1 - c, h - 1 - r],
    mapVector: (v) => ({ dx: -v.dy, dy: -v.dx }),
  },
];

/**
 * The symmetries of a board that also preserve a piece's movement and the removed squares: 8 for a square,
 * 4 for a rectangle, fewer for a one-way piece or an irregular board. The identity comes first.
 */
export function symmetryGroup(board: Board, movement?: Movement): Symmetry[] {
  return D4.filter((s) => {
    if (s.transposes && !board.isSquare) return false;
    if (movement && !preservesMovement(s, movement)) return false;
    return board.removed.every((sq) => board.isRemoved(mapSquare(board, s, sq)));
  });
}

function preservesMovement(s: Symmetry, m: Movement): boolean {
  const leaps = new Set(m.leaps.map((v) => `${v.dx},${v.dy}`));
  const rides = new Set(m.rides.map((v) => `${v.dx},${v.dy},${v.range ?? ''}`));
  return (
    m.leaps.every((v) => {
      const w = s.mapVector(v);
      return leaps.has(`${w.dx},${w.dy}`);
    }) &&
    m.rides.every((v) => {
      const w = s.mapVector(v);
      return rides.has(`${w.dx},${w.dy},${v.range ?? ''}`);
    })
  );
}

/** The image of one square under a symmetry. */
export function mapSquare(board: Board, s: Symmetry, sq: number): number {
  const [r, c] = s.map(board.row(sq), board.col(sq), board.width, board.height);
  return r * board.width + c;
}

/** The sorted image of a set of squares. */
export function mapSquares(board: Board, s: Symmetry, squares: readonly number[]): number[] {
  return squares.map((sq) => mapSquare(board, s, sq)).sort((a, b) => a - b);
}

function compareSorted(a: ArrayLike<number>, b: ArrayLike<number>, length: number): number {
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The canonical form of a placement: the lexicographically smallest sorted image under the group. */
export function canonicalForm(board: Board, group: readonly Symmetry[], squares: readonly number[]): number[] {
  let best = [...squares].sort((a, b) => a - b);
  for (const s of group) {
    const image = mapSquares(board, s, squares);
    if (compareSorted(image, best, best.length) < 0) best = image;
  }
  return best;
}

/** How many distinct placements the group makes of this one (1, 2, 4 or 8 for a square board). */
export function orbitSize(board: Board, group: readonly Symmetry[], squares: readonly number[]): number {
  return new Set(group.map((s) => mapSquares(board, s, squares).join(','))).size;
}

/**
 * Tests many placements for being canonical without allocating: permutations of the squares are tabulated
 * once. This is what depth-first counting calls per solution, so it looks first at the smallest square of
 * each image: most placements already lose (or win) there, and finding a minimum costs far less than sorting
 * the whole image (8 rooks on 8×8: about 2× faster overall). Only a tie sorts the image into a scratch buffer.
 */
export class CanonicalTest {
  readonly #perms: Int32Array[];
  readonly #scratch: Int32Array;

  constructor(board: Board, group: readonly Symmetry[], maxPieces: number) {
    this.#perms = group
      .filter((s) => s.name !== 'identity')
      .map((s) => {
        const perm = new Int32Array(board.size);
        for (let sq = 0; sq < board.size; sq++) perm[sq] = mapSquare(board, s, sq);
        return perm;
      });
    this.#scratch = new Int32Array(Math.max(maxPieces, 1));
  }

  /** `sorted[0..length)` must be ascending. True when no symmetry maps it to something smaller. */
  isCanonical(sorted: ArrayLike<number>, length: number): boolean {
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
      const image = this.#scratch.subarray(0, length);
      for (let i = 0; i < length; i++) image[i] = perm[sorted[i]!]!;
      image.sort();
      if (compareSorted(image, sorted, length) < 0) return false;
    }
    return true;
  }
}
