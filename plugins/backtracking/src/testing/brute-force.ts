import { canonicalForm, mapSquare, symmetryGroup, validatePlacement, type Board, type Piece } from '@bezzel/core';

/**
 * Counts placements of k pieces by trying every subset of the squares (boards of up to about 20 squares).
 * Which pairs attack comes from the core Validator, which shares no code with the search; orbits come from
 * `canonicalForm`, not from the `CanonicalTest` the search uses, over a group checked pair by pair.
 */
export function bruteForce(board: Board, piece: Piece, k: number): { count: number; fundamental: number } {
  const squares: number[] = [];
  for (let sq = 0; sq < board.size; sq++) if (!board.isRemoved(sq)) squares.push(sq);
  const n = squares.length;
  if (n > 22) throw new Error(`brute force over ${n} squares would take too long`);
  const clash = squares.map((a, i) => {
    let mask = 0;
    squares.forEach((b, j) => {
      if (i !== j && !validatePlacement(board, piece, [a, b]).valid) mask |= 1 << j;
    });
    return mask;
  });
  const clashes = (a: number, b: number) => (clash[squares.indexOf(a)]! & (1 << squares.indexOf(b))) !== 0;
  // A piece with its own rule keeps only the symmetries under which the same pairs attack.
  const group = symmetryGroup(board, piece.movement).filter(
    (s) => !piece.attacks || squares.every((a) => squares.every((b) => clashes(a, b) === clashes(mapSquare(board, s, a), mapSquare(board, s, b)))),
  );
  const orbits = new Set<string>();
  let count = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    if (popcount(mask) !== k) continue;
    let ok = true;
    for (let i = 0; i < n && ok; i++) if (mask & (1 << i) && clash[i]! & mask) ok = false;
    if (!ok) continue;
    count++;
    const chosen = squares.filter((_, i) => mask & (1 << i));
    orbits.add(canonicalForm(board, group, chosen).join(','));
  }
  return { count, fundamental: orbits.size };
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}
