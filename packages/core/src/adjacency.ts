/**
 * Whether `image` maps a square-to-squares relation onto itself: every pair a→b to a pair image(a)→image(b), each
 * square keeping as many. The relation is in compressed rows (`offsets`, and `targets` ascending within each
 * square's range): a piece's moves for tours, its conflicts for placements. With `image` a permutation this makes
 * it an automorphism, under which solutions correspond one to one.
 */
export function preservesAdjacency(size: number, offsets: Int32Array, targets: Int32Array, image: (square: number) => number): boolean {
  for (let a = 0; a < size; a++) {
    const b = image(a);
    const from = offsets[b]!;
    const to = offsets[b + 1]!;
    if (offsets[a + 1]! - offsets[a]! !== to - from) return false;
    for (let i = offsets[a]!; i < offsets[a + 1]!; i++) if (!sortedIncludes(targets, from, to, image(targets[i]!))) return false;
  }
  return true;
}

/** Binary search in `list[from..to)`, ascending. */
function sortedIncludes(list: Int32Array, from: number, to: number, value: number): boolean {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && list[lo] === value;
}
