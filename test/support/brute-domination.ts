import { type Board, type DominationVariant, forEachAttack, type Piece } from '@bezzel/core';

/**
 * The reference for tiny boards (at most 20 squares): every subset of squares as a bit mask, tested by OR-ing the
 * squares each piece covers. It shares nothing with the strategies but `forEachAttack`, the core's rule of what a
 * piece attacks. Returns the fewest pieces, how many sets of that size dominate and every size some set has, or
 * undefined when none does.
 */
export function bruteDomination(board: Board, piece: Piece, variant: DominationVariant): { gamma: number; sets: number; sizes: ReadonlySet<number> } | undefined {
  const squares = Array.from({ length: board.size }, (_, s) => s).filter((s) => !board.isRemoved(s));
  const n = squares.length;
  if (n > 20) throw new Error('bruteDomination is for boards of at most 20 squares');
  const index = new Map(squares.map((s, i) => [s, i]));
  const covers = squares.map((s) => {
    let mask = variant === 'total' ? 0 : 1 << index.get(s)!;
    forEachAttack(board, piece, s, () => false, (t) => (mask |= 1 << index.get(t)!));
    return mask;
  });
  const attacks = squares.map((s) => {
    let mask = 0;
    forEachAttack(board, piece, s, () => false, (t) => (mask |= 1 << index.get(t)!));
    return mask;
  });
  const all = n === 0 ? 0 : (2 ** n - 1) | 0;
  const best = new Map<number, number>();
  for (let set = 0; set < 2 ** n; set++) {
    let covered = 0;
    let independent = true;
    for (let i = 0; i < n; i++) {
      if (!(set & (1 << i))) continue;
      covered |= covers[i]!;
      if (variant === 'independent' && attacks[i]! & set) independent = false;
    }
    if ((covered | 0) !== all || !independent) continue;
    const size = popcount(set);
    best.set(size, (best.get(size) ?? 0) + 1);
  }
  if (best.size === 0) return undefined;
  const gamma = Math.min(...best.keys());
  return { gamma, sets: best.get(gamma)!, sizes: new Set(best.keys()) };
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}
