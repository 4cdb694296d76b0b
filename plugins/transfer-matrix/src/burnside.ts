import type { Board, Piece, Symmetry } from '@bezzel/core';
import { countTable } from './count.js';
import { countOrbitSets, orbitGraph } from './frontier.js';
import { foldedCount } from './fold.js';
import { buildLayout, type Layout } from './layout.js';
import { rowModel, type RowModel } from './rows.js';

/** How the placements fixed by one symmetry were counted, for the stats. */
export interface FixedCount {
  readonly symmetry: string;
  readonly method: 'row DP' | 'palindromic rows' | 'folded half' | 'orbit frontier';
  readonly table: readonly bigint[];
}

/**
 * Burnside's lemma: the number of placements up to symmetry is the average, over the group, of the placements each
 * symmetry leaves unchanged. The identity fixes everything (the main row DP); the mirror that reverses each row
 * of the DP fixes exactly the placements whose rows are palindromes (the same DP, other rows skipped — or, on a
 * square board, the board turned a quarter so that this mirror folds it like the next one); the mirror
 * across the middle rank and the half turn fix placements determined by their lower half (the DP on half the rows,
 * see fold.ts); the quarter turns and diagonal mirrors fix the independent sets of their orbit graphs, counted by
 * a frontier DP.
 */
export function fixedCounts(
  board: Board,
  piece: Piece,
  layout: Layout,
  group: readonly Symmetry[],
  identity: readonly bigint[],
  stop: (work: number) => boolean,
): FixedCount[] | undefined {
  const out: FixedCount[] = [];
  for (const symmetry of group) {
    const method = methodFor(layout.model, symmetry);
    if (method === 'row DP') {
      out.push({ symmetry: symmetry.name, method: 'row DP', table: identity });
    } else if (method === 'palindromic rows') {
      // On a square board, turning the board a quarter makes this mirror the one across the middle rank, which the
      // DP counts over half the rows — cheaper than palindromes over all rows, if the turned states are no more.
      const turned = board.isSquare ? buildLayout(rowModel(board, piece.movement, !layout.model.transposed), layout.states) : undefined;
      const folded = turned && foldedCount(turned, false);
      const run = folded ? countTable(folded.layout, { stop, finish: folded.finish }) : countTable(layout, { stop, rowFilter: palindromeTest(layout.model.width) });
      if (run.stopped) return undefined;
      out.push({ symmetry: symmetry.name, method: folded ? 'folded half' : 'palindromic rows', table: run.table });
    } else if (method === 'folded half') {
      const folded = foldedCount(layout, symmetry.name === 'rotate 180°');
      const run = countTable(folded.layout, { stop, finish: folded.finish });
      if (run.stopped) return undefined;
      out.push({ symmetry: symmetry.name, method: 'folded half', table: run.table });
    } else {
      const run = countOrbitSets(orbitGraph(board, piece, symmetry), () => stop(0));
      if (!run) return undefined;
      out.push({ symmetry: symmetry.name, method: 'orbit frontier', table: run.table });
    }
  }
  return out;
}

/** Which method counts each symmetry's fixed placements (names are the original board's; the DP may be transposed). */
export function methodFor(model: RowModel, symmetry: Symmetry): FixedCount['method'] {
  const rowMirror = model.transposed ? 'mirror top-bottom' : 'mirror left-right';
  const rankMirror = model.transposed ? 'mirror left-right' : 'mirror top-bottom';
  if (symmetry.name === 'identity') return 'row DP';
  if (symmetry.name === rowMirror) return 'palindromic rows';
  if (symmetry.name === rankMirror || symmetry.name === 'rotate 180°') return 'folded half';
  return 'orbit frontier';
}

/** Σ fixed / |G| for every k; the division is exact by Burnside's lemma, so a remainder is a bug. */
export function averageOverGroup(fixed: readonly FixedCount[]): bigint[] {
  const length = Math.max(...fixed.map((f) => f.table.length));
  const size = BigInt(fixed.length);
  const out: bigint[] = [];
  for (let k = 0; k < length; k++) {
    const sum = fixed.reduce((s, f) => s + (f.table[k] ?? 0n), 0n);
    if (sum % size !== 0n) throw new Error(`Burnside sum ${sum} for k = ${k} is not divisible by the group order ${size}`);
    out.push(sum / size);
  }
  return out;
}

function palindromeTest(width: number): (mask: number) => boolean {
  const reverse = (mask: number) => {
    let out = 0;
    for (let c = 0; c < width; c++) if (mask & (1 << c)) out |= 1 << (width - 1 - c);
    return out >>> 0;
  };
  if (width > 20) return (mask) => reverse(mask) === mask;
  const table = new Uint8Array(2 ** width);
  for (let m = 0; m < table.length; m++) table[m] = reverse(m) === m ? 1 : 0;
  return (mask) => table[mask] === 1;
}
