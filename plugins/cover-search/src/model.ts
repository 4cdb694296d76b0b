import { conflictTable, coverTable, type Board, type DominationVariant, type Piece } from '@bezzel/core';

/**
 * A domination problem as bit masks over the board's squares, in 32-bit words (square s is bit s & 31 of word
 * s >>> 5). Removed squares need no cover and hold no piece. Built once per run; the search only reads it.
 */
export interface CoverModel {
  readonly size: number;
  readonly words: number;
  /** `cover[c * words + w]`: the squares a piece on c covers. */
  readonly cover: Int32Array;
  /** The same as lists: `coverTargets[coverOffsets[c] .. coverOffsets[c + 1]]`. */
  readonly coverOffsets: Int32Array;
  readonly coverTargets: Int32Array;
  /** `coverers[s * words + w]`: the squares whose piece would cover s. */
  readonly coverers: Int32Array;
  /** Independent domination: the squares that must stay empty once c holds a piece (c itself included). */
  readonly conflicts?: Int32Array;
  /** The squares to cover, and the squares a piece may stand on. */
  readonly needed: Int32Array;
  readonly usable: Int32Array;
  /** The most squares one piece covers. */
  readonly maxCover: number;
}

export function buildModel(board: Board, piece: Piece, variant: DominationVariant): CoverModel {
  const size = board.size;
  const words = (size + 31) >>> 5;
  const table = coverTable(board, piece, variant === 'total');
  const cover = new Int32Array(size * words);
  const coverers = new Int32Array(size * words);
  let maxCover = 0;
  for (let c = 0; c < size; c++) {
    const from = table.offsets[c]!;
    const to = table.offsets[c + 1]!;
    maxCover = Math.max(maxCover, to - from);
    for (let i = from; i < to; i++) {
      const s = table.targets[i]!;
      cover[c * words + (s >>> 5)]! |= 1 << (s & 31);
      coverers[s * words + (c >>> 5)]! |= 1 << (c & 31);
    }
  }
  const needed = new Int32Array(words);
  for (let s = 0; s < size; s++) if (!board.isRemoved(s)) needed[s >>> 5]! |= 1 << (s & 31);
  const model = { size, words, cover, coverOffsets: table.offsets, coverTargets: table.targets, coverers, needed, usable: needed.slice(), maxCover };
  if (variant !== 'independent') return model;
  const conflicts = new Int32Array(size * words);
  const graph = conflictTable(board, piece);
  for (let c = 0; c < size; c++) {
    conflicts[c * words + (c >>> 5)]! |= 1 << (c & 31);
    for (let i = graph.offsets[c]!; i < graph.offsets[c + 1]!; i++) {
      const t = graph.targets[i]!;
      conflicts[c * words + (t >>> 5)]! |= 1 << (t & 31);
    }
  }
  return { ...model, conflicts };
}

/** Set bits in a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Whether square s is in a mask of words. */
export function has(mask: Int32Array, s: number): boolean {
  return (mask[s >>> 5]! & (1 << (s & 31))) !== 0;
}

/** The index of the lowest set bit of a non-zero word. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}
