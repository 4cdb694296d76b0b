import type { Board } from '@bezzel/core';
import type { MoveGraph } from '@bezzel/tour-graph';

/**
 * Beverley's quartes: the structure of the first semi-magic knight's tour (William Beverley, 1848), made a method
 * by Wenzelides (1850) and written up by H. J. R. Murray and G. P. Jelliss (Knight's Tour Notes, vol. 9, "method
 * of quartes"). Cut the board into 4×4 blocks and the numbers 1…N into runs of four, 4x+1…4x+4 (quarte x, place
 * n = 1…4 in it). A regular tour keeps each quarte inside one block, one square in each of the block's ranks and
 * files. Then every rank of a band of blocks takes exactly one number from each quarte of the band, so
 *
 *   rank sum = 4 · (sum of the quarte indices x in the band) + (sum of the places n on the rank),
 *
 * and the tour is semi-magic exactly when each band of blocks holds quartes whose indices sum to w(wh−4)/8 (the
 * share of a band) and each rank's places sum to 5w/2 (files alike, with h). Both are sums over few small terms
 * that the search can bound from the first quarte on, where a plain search learns that a rank misses only when
 * it is nearly full; that is what makes an 8×8 semi-magic tour a search of seconds rather than months. It finds
 * regular tours only: Beverley's is one, and not every semi-magic tour is.
 */
export class QuarteLayout {
  /** Each square's block, bit within its block (4·local rank + local file), rank band and file band. */
  readonly block: Int32Array;
  readonly bit: Int32Array;
  readonly localRank: Uint8Array;
  readonly localFile: Uint8Array;
  readonly rankBand: Int32Array;
  readonly fileBand: Int32Array;
  readonly blocks: number;
  readonly rankBands: number;
  readonly fileBands: number;
  /** Quartes in the tour: N / 4. */
  readonly quartes: number;
  /** What the quarte indices of a band of ranks (of files) sum to, and how many quartes a band holds. */
  readonly rankBandTarget: number;
  readonly fileBandTarget: number;
  readonly quartesPerRankBand: number;
  readonly quartesPerFileBand: number;
  /** What the places (1…4) on one rank (one file) sum to. */
  readonly rankPlaces: number;
  readonly filePlaces: number;

  private constructor(
    board: Board,
    /** `fillable[mask]`: the block's squares in `mask` split into quartes (a 4×4 block has 2¹⁶ subsets). */
    readonly fillable: Uint8Array,
  ) {
    const { width: w, height: h } = board;
    const size = w * h;
    this.rankBands = h / 4;
    this.fileBands = w / 4;
    this.blocks = this.rankBands * this.fileBands;
    this.quartes = size / 4;
    this.block = new Int32Array(size);
    this.bit = new Int32Array(size);
    this.localRank = new Uint8Array(size);
    this.localFile = new Uint8Array(size);
    this.rankBand = new Int32Array(size);
    this.fileBand = new Int32Array(size);
    for (let sq = 0; sq < size; sq++) {
      const row = Math.floor(sq / w);
      const col = sq - row * w;
      this.rankBand[sq] = row >> 2;
      this.fileBand[sq] = col >> 2;
      this.block[sq] = (row >> 2) * this.fileBands + (col >> 2);
      this.localRank[sq] = row & 3;
      this.localFile[sq] = col & 3;
      this.bit[sq] = 1 << (4 * (row & 3) + (col & 3));
    }
    this.rankBandTarget = (w * (size - 4)) / 8;
    this.fileBandTarget = (h * (size - 4)) / 8;
    this.quartesPerRankBand = w;
    this.quartesPerFileBand = h;
    this.rankPlaces = (5 * w) / 2;
    this.filePlaces = (5 * h) / 2;
  }

  /**
   * The layout for a board and move graph, or the reason quartes do not apply: both sides a multiple of 4, a plain
   * board (no torus, no holes), and moves that join the squares of every block alike, in paths of four squares
   * on distinct ranks and files that tile the whole block.
   */
  static of(board: Board, graph: MoveGraph): QuarteLayout | string {
    if (board.width % 4 !== 0 || board.height % 4 !== 0) return `the sides of ${board} are not multiples of 4`;
    if (board.torus || board.hasRemoved()) return 'they need a plain board, without holes or wrap-around';
    const paths = blockPaths(board, graph, 0, 0);
    for (let row = 0; row < board.height; row += 4) {
      for (let col = 0; col < board.width; col += 4) {
        const here = blockPaths(board, graph, row, col);
        if (here.length !== paths.length || here.some((mask, i) => mask !== paths[i])) return 'the moves join the squares of different blocks differently';
      }
    }
    const fillable = tilings(paths);
    if (!fillable[0xffff]) return "no four of the piece's moves cross a 4×4 block on four ranks and four files";
    return new QuarteLayout(board, fillable);
  }
}

/**
 * The sets of four squares of the block at (row, col) that one quarte can take: a path of three moves through
 * squares on four different ranks and four different files of the block, as masks of local bits, ascending.
 */
function blockPaths(board: Board, graph: MoveGraph, row: number, col: number): number[] {
  const cells = Array.from({ length: 16 }, (_, i) => board.at(row + (i >> 2), col + (i & 3)));
  const joined = (a: number, b: number) => {
    const from = cells[a]!;
    for (let i = graph.outOffsets[from]!; i < graph.outOffsets[from + 1]!; i++) if (graph.outTargets[i] === cells[b]) return true;
    return false;
  };
  const masks = new Set<number>();
  const extend = (path: number[], ranks: number, files: number) => {
    if (path.length === 4) {
      masks.add(path.reduce((mask, cell) => mask | (1 << cell), 0));
      return;
    }
    for (let next = 0; next < 16; next++) {
      if (ranks & (1 << (next >> 2)) || files & (1 << (next & 3)) || !joined(path.at(-1)!, next)) continue;
      extend([...path, next], ranks | (1 << (next >> 2)), files | (1 << (next & 3)));
    }
  };
  for (let first = 0; first < 16; first++) extend([first], 1 << (first >> 2), 1 << (first & 3));
  return [...masks].sort((a, b) => a - b);
}

/** Which subsets of a block split into quarte paths: a subset does when removing some path leaves one that does. */
function tilings(paths: readonly number[]): Uint8Array {
  const fillable = new Uint8Array(1 << 16);
  fillable[0] = 1;
  for (let mask = 1; mask < 1 << 16; mask++) {
    for (const path of paths) {
      if ((mask & path) === path && fillable[mask ^ path]) {
        fillable[mask] = 1;
        break;
      }
    }
  }
  return fillable;
}
