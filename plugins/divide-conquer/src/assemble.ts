import type { BlockTour } from './base-tours.js';
import { KNIGHT_DX, KNIGHT_DY, moveIndex, NO_MOVE } from './knight-moves.js';

/** Blocks of a board: column widths, row heights, and each block's tour (cycles, and at most one open path). */
export interface Layout {
  readonly width: number;
  readonly height: number;
  readonly columns: readonly number[];
  readonly rows: readonly number[];
  /** The tour of block (row R, column C). */
  readonly tourOf: (R: number, C: number) => BlockTour;
  /** The block holding the open path, which must stay a leaf of the joining tree; absent for a closed tour. */
  readonly special?: { readonly R: number; readonly C: number; readonly parent: Direction };
}

/** Where a block's parent lies in the joining tree. */
export type Direction = 'left' | 'right' | 'down' | 'up';

/**
 * The two moves a join swaps, in local (row, col) of the block: a horizontal join takes the left block's corner
 * move (0, w-1)–(2, w-2) and the right block's (1,1)–(3,0), and replaces them by (0, w-1)–(1, w+1) and
 * (2, w-2)–(3, w): two knight's moves across the seam. A vertical join is the same figure transposed. Removing
 * one edge from each of two separate cycles (or a cycle and the path) and adding the two crossing edges always
 * leaves one cycle (or one path), so joining along any spanning tree of the blocks leaves a single tour.
 */
export function joinMove(direction: Direction, w: number, h: number): [[number, number], [number, number]] {
  switch (direction) {
    case 'left': // this block is the right one of a horizontal join
      return [[1, 1], [3, 0]];
    case 'right':
      return [[0, w - 1], [2, w - 2]];
    case 'down': // this block is the upper one of a vertical join
      return [[1, 1], [0, 3]];
    case 'up':
      return [[h - 1, 0], [h - 2, 2]];
  }
}

/** The move indices of a seam's four swaps: they never change, so they are computed once. */
const SEAM = {
  // Horizontal seam at column x, row y: u1 = (y, x-1), v1 = (y+2, x-2), u2 = (y+1, x+1), v2 = (y+3, x).
  horizontal: seamMoves([0, -1], [2, -2], [1, 1], [3, 0]),
  // Vertical seam at row y, column x: u1 = (y-1, x), v1 = (y-2, x+2), u2 = (y+1, x+1), v2 = (y, x+3).
  vertical: seamMoves([-1, 0], [-2, 2], [1, 1], [0, 3]),
};

function seamMoves(...squares: [number, number][]): { at: [number, number][]; from: number[]; to: number[] } {
  const [u1, v1, u2, v2] = squares as [[number, number], [number, number], [number, number], [number, number]];
  const move = (p: [number, number], q: [number, number]) => moveIndex(q[0] - p[0], q[1] - p[1]);
  // Edges u1–v1 and u2–v2 go; edges u1–u2 and v1–v2 come.
  return {
    at: [u1, v1, u2, v2],
    from: [move(u1, v1), move(v1, u1), move(u2, v2), move(v2, u2)],
    to: [move(u1, u2), move(v1, v2), move(u2, u1), move(v2, v1)],
  };
}

/**
 * Links every square of the board to its two tour neighbours: blocks copied, then joined along a spanning tree.
 * A band of blocks (one row of blocks) is filled square by square once and then copied with `copyWithin` to every
 * later band of the same height, which is what makes 10⁸ squares a matter of memory bandwidth.
 */
export function assembleLinks(layout: Layout): { a: Uint8Array; b: Uint8Array } {
  const { width, columns, rows, special } = layout;
  const size = width * layout.height;
  const a = new Uint8Array(size);
  const b = new Uint8Array(size);
  const colAt = offsets(columns);
  const rowAt = offsets(rows);
  const filledBand = new Map<number, number>();
  for (let R = 0; R < rows.length; R++) {
    const h = rows[R]!;
    const copyFrom = filledBand.get(h);
    if (copyFrom !== undefined && special?.R !== R) {
      a.copyWithin(rowAt[R]! * width, rowAt[copyFrom]! * width, (rowAt[copyFrom]! + h) * width);
      b.copyWithin(rowAt[R]! * width, rowAt[copyFrom]! * width, (rowAt[copyFrom]! + h) * width);
      continue;
    }
    for (let C = 0; C < columns.length; C++) {
      const { links, width: w } = layout.tourOf(R, C);
      for (let r = 0; r < h; r++) {
        let g = (rowAt[R]! + r) * width + colAt[C]!;
        for (let l = r * w * 2, end = l + w * 2; l < end; l += 2, g++) {
          a[g] = links[l]!;
          b[g] = links[l + 1]!;
        }
      }
    }
    if (special?.R !== R) filledBand.set(h, R);
  }
  const join = (seam: typeof SEAM.horizontal, y: number, x: number) => {
    for (let i = 0; i < 4; i++) relink(a, b, (y + seam.at[i]![0]) * width + x + seam.at[i]![1], seam.from[i]!, seam.to[i]!);
  };
  forEachTreeEdge(rows.length, columns.length, special, (R, C, direction) => {
    if (direction === 'left') join(SEAM.horizontal, rowAt[R]!, colAt[C]!);
    else if (direction === 'right') join(SEAM.horizontal, rowAt[R]!, colAt[C + 1]!);
    else if (direction === 'down') join(SEAM.vertical, rowAt[R]!, colAt[C]!);
    else join(SEAM.vertical, rowAt[R + 1]!, colAt[C]!);
  });
  return { a, b };
}

/** Replaces the link `from` of square `sq` by `to`. */
function relink(a: Uint8Array, b: Uint8Array, sq: number, from: number, to: number): void {
  if (a[sq] === from) a[sq] = to;
  else if (b[sq] === from) b[sq] = to;
  else throw new Error(`divide-conquer: square ${sq} has no link ${from} to swap (a join met a missing edge)`);
}

function offsets(parts: readonly number[]): number[] {
  const at = [0];
  for (const p of parts) at.push(at[at.length - 1]! + p);
  return at;
}

/**
 * Calls `join(R, C, direction)` for every block but the root, with the direction of its parent in a spanning tree
 * of the block grid. Without a special block the tree is a comb (column 0 up, then every row rightwards); with one,
 * a BFS tree of the other blocks, and the special block is hung on last so that it stays a leaf.
 */
function forEachTreeEdge(
  rowCount: number,
  colCount: number,
  special: Layout['special'],
  join: (R: number, C: number, direction: Direction) => void,
): void {
  if (!special) {
    for (let R = 0; R < rowCount; R++) {
      if (R > 0) join(R, 0, 'down');
      for (let C = 1; C < colCount; C++) join(R, C, 'left');
    }
    return;
  }
  const count = rowCount * colCount;
  if (count === 1) return;
  const skip = special.R * colCount + special.C;
  const seen = new Uint8Array(count);
  const queue = new Int32Array(count);
  const root = skip === 0 ? 1 : 0;
  seen[root] = 1;
  seen[skip] = 1;
  queue[0] = root;
  let head = 0;
  let tail = 1;
  const visit = (R: number, C: number, direction: Direction) => {
    const n = R * colCount + C;
    if (seen[n]) return;
    seen[n] = 1;
    queue[tail++] = n;
    join(R, C, direction);
  };
  while (head < tail) {
    const block = queue[head++]!;
    const R = (block / colCount) | 0;
    const C = block - R * colCount;
    if (C + 1 < colCount) visit(R, C + 1, 'left');
    if (R + 1 < rowCount) visit(R + 1, C, 'down');
    if (C > 0) visit(R, C - 1, 'right');
    if (R > 0) visit(R - 1, C, 'up');
  }
  join(special.R, special.C, special.parent);
}

/** Follows the links from `start` and writes the tour; a path's `start` must be one of its ends. */
export function walkLinks(width: number, a: Uint8Array, b: Uint8Array, start: number, length: number): Int32Array {
  const step = new Int32Array(8);
  for (let k = 0; k < 8; k++) step[k] = KNIGHT_DY[k]! * width + KNIGHT_DX[k]!;
  const path = new Int32Array(length);
  let prev = -1;
  let cur = start;
  path[0] = cur;
  for (let i = 1; i < length; i++) {
    const ka = a[cur]!;
    const next = ka !== NO_MOVE && cur + step[ka]! !== prev ? cur + step[ka]! : cur + step[b[cur]!]!;
    prev = cur;
    cur = next;
    path[i] = cur;
  }
  return path;
}
