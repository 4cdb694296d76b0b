import { canonicalForm, conflictTable, mapSquare, symmetryGroup, type Board, type Piece, type Symmetry } from '@bezzel/core';

/**
 * Test oracle: every non-attacking placement enumerated square by square, counted by size. Independent of the
 * row DP (it knows nothing of rows), and only meant for boards of a few dozen squares.
 */
export function bruteForceTable(board: Board, piece: Piece, fundamental = false): { table: bigint[]; fundamental: bigint[] } {
  const table = conflictTable(board, piece);
  const group = symmetryGroup(board, piece.movement);
  const blocked = new Int32Array(board.size);
  const chosen: number[] = [];
  const counts: number[] = [];
  const orbits: number[] = [];
  const visit = (from: number) => {
    counts[chosen.length] = (counts[chosen.length] ?? 0) + 1;
    if (fundamental) {
      const canonical = canonicalForm(board, group, chosen);
      if (canonical.every((sq, i) => sq === chosen[i])) orbits[chosen.length] = (orbits[chosen.length] ?? 0) + 1;
    }
    for (let sq = from; sq < board.size; sq++) {
      if (board.isRemoved(sq) || blocked[sq]! > 0) continue;
      chosen.push(sq);
      for (let i = table.offsets[sq]!; i < table.offsets[sq + 1]!; i++) blocked[table.targets[i]!]!++;
      visit(sq + 1);
      for (let i = table.offsets[sq]!; i < table.offsets[sq + 1]!; i++) blocked[table.targets[i]!]!--;
      chosen.pop();
    }
  };
  visit(0);
  return { table: counts.map((c) => BigInt(c ?? 0)), fundamental: Array.from({ length: counts.length }, (_, k) => BigInt(orbits[k] ?? 0)) };
}

/** For each symmetry, the placements it maps onto themselves, counted by size: the terms of Burnside's sum. */
export function bruteForceFixed(board: Board, piece: Piece, symmetries: readonly Symmetry[]): bigint[][] {
  const table = conflictTable(board, piece);
  const perms = symmetries.map((s) => Array.from({ length: board.size }, (_, sq) => mapSquare(board, s, sq)));
  const fixed = symmetries.map(() => [] as number[]);
  const blocked = new Int32Array(board.size);
  const occupied = new Uint8Array(board.size);
  const chosen: number[] = [];
  const visit = (from: number) => {
    perms.forEach((perm, i) => {
      if (chosen.every((sq) => occupied[perm[sq]!] === 1)) fixed[i]![chosen.length] = (fixed[i]![chosen.length] ?? 0) + 1;
    });
    for (let sq = from; sq < board.size; sq++) {
      if (board.isRemoved(sq) || blocked[sq]! > 0) continue;
      chosen.push(sq);
      occupied[sq] = 1;
      for (let i = table.offsets[sq]!; i < table.offsets[sq + 1]!; i++) blocked[table.targets[i]!]!++;
      visit(sq + 1);
      for (let i = table.offsets[sq]!; i < table.offsets[sq + 1]!; i++) blocked[table.targets[i]!]!--;
      occupied[sq] = 0;
      chosen.pop();
    }
  };
  visit(0);
  return fixed.map((f) => Array.from({ length: f.length }, (_, k) => BigInt(f[k] ?? 0)));
}
