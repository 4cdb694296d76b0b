import { conflictTable, coverTable, type Board, type Piece, type Rng } from '@bezzel/core';

type Variant = 'plain' | 'independent' | 'total';

/** Who covers what, both ways, as compressed rows: what a piece on c covers, and who covers s. */
export interface Coverage {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  readonly byOffsets: Int32Array;
  readonly byTargets: Int32Array;
  readonly conflicts?: { readonly offsets: Int32Array; readonly targets: Int32Array };
  readonly usable: Uint8Array;
  readonly needed: number;
}

export function coverageOf(board: Board, piece: Piece, variant: Variant): Coverage {
  const table = coverTable(board, piece, variant === 'total');
  const counts = new Int32Array(board.size + 1);
  for (let i = 0; i < table.targets.length; i++) counts[table.targets[i]! + 1]!++;
  for (let s = 0; s < board.size; s++) counts[s + 1]! += counts[s]!;
  const byTargets = new Int32Array(table.targets.length);
  const fill = counts.slice(0, board.size);
  for (let c = 0; c < board.size; c++) for (let i = table.offsets[c]!; i < table.offsets[c + 1]!; i++) byTargets[fill[table.targets[i]!]!++] = c;
  const usable = new Uint8Array(board.size);
  for (let s = 0; s < board.size; s++) usable[s] = board.isRemoved(s) ? 0 : 1;
  return {
    offsets: table.offsets,
    targets: table.targets,
    byOffsets: counts,
    byTargets,
    ...(variant === 'independent' ? { conflicts: conflictTable(board, piece) } : {}),
    usable,
    needed: board.playable,
  };
}

/**
 * One greedy set: repeatedly the allowed square whose piece covers the most uncovered squares (ties broken by the
 * seeded RNG), gains kept up to date square by square; then pieces whose every square is covered twice are
 * dropped. Undefined when no allowed piece covers what is left (an independent choice can paint itself in).
 */
export function greedySet(cov: Coverage, size: number, rng: Rng): number[] | undefined {
  const gain = new Int32Array(size);
  const allowed = cov.usable.slice();
  for (let c = 0; c < size; c++) gain[c] = allowed[c] ? cov.offsets[c + 1]! - cov.offsets[c]! : 0;
  const times = new Int32Array(size);
  const set: number[] = [];
  let left = cov.needed;
  while (left > 0) {
    let best = -1;
    let bestGain = 0;
    let ties = 0;
    for (let c = 0; c < size; c++) {
      if (!allowed[c] || gain[c]! < bestGain) continue;
      if (gain[c]! > bestGain) {
        bestGain = gain[c]!;
        best = c;
        ties = 1;
      } else if (rng.below(++ties) === 0) best = c;
    }
    if (best < 0 || bestGain === 0) return undefined;
    set.push(best);
    allowed[best] = 0;
    if (cov.conflicts) for (let i = cov.conflicts.offsets[best]!; i < cov.conflicts.offsets[best + 1]!; i++) allowed[cov.conflicts.targets[i]!] = 0;
    for (let i = cov.offsets[best]!; i < cov.offsets[best + 1]!; i++) {
      const s = cov.targets[i]!;
      if (times[s]!++ > 0) continue;
      left--;
      for (let q = cov.byOffsets[s]!; q < cov.byOffsets[s + 1]!; q++) gain[cov.byTargets[q]!]!--;
    }
  }
  // Independent sets have no redundant piece to drop: every piece is its own only cover.
  if (cov.conflicts) return set;
  for (let i = set.length - 1; i >= 0; i--) {
    const c = set[i]!;
    let redundant = true;
    for (let q = cov.offsets[c]!; q < cov.offsets[c + 1]! && redundant; q++) redundant = times[cov.targets[q]!]! > 1;
    if (!redundant) continue;
    for (let q = cov.offsets[c]!; q < cov.offsets[c + 1]!; q++) times[cov.targets[q]!]!--;
    set.splice(i, 1);
  }
  return set.sort((a, b) => a - b);
}
