/**
 * Splitting a board side into block sides. Blocks are mostly 8 wide (an 8×8 base tour is found instantly and
 * copies fast); an even side uses a part of 6, 10 or 12 for the remainder, an odd side one odd part of 5…11.
 */
export function evenParts(side: number): number[] | undefined {
  if (side === 0) return [];
  if (side < 6 || side % 2 === 1) return undefined;
  if (side <= 12) return [side];
  const parts = new Array<number>(Math.floor(side / 8)).fill(8);
  const rest = side % 8;
  if (rest === 2) parts[0] = 10;
  else if (rest === 4) parts[0] = 12;
  else if (rest === 6) parts.push(6);
  return parts;
}

/** A side split into parts, with the index of the one odd part (or -1). */
export interface SideSplit {
  readonly parts: readonly number[];
  readonly oddIndex: number;
}

const ODD_PARTS = [7, 9, 11, 5];

/** All ways worth trying to split an odd side so that the odd part covers `cover` (any position when -1). */
export function oddSplits(side: number, cover: number): SideSplit[] {
  const splits: SideSplit[] = [];
  if (side <= 11) return [{ parts: [side], oddIndex: 0 }];
  for (const odd of ODD_PARTS) {
    if (odd === 5 && side !== 5) continue;
    const lo = cover < 0 ? 0 : Math.max(0, cover - odd + 1);
    const hi = cover < 0 ? 0 : Math.min(cover, side - odd);
    for (let before = lo - (lo & 1); before <= hi; before += 2) {
      if (before < lo) continue;
      const left = evenParts(before);
      const right = evenParts(side - before - odd);
      if (left && right) splits.push({ parts: [...left, odd, ...right], oddIndex: left.length });
    }
  }
  return splits;
}

/** The split of a side into parts: all even for an even side, with one odd part covering `cover` for an odd one. */
export function sideSplits(side: number, cover: number): SideSplit[] {
  if (side % 2 === 0) {
    const parts = evenParts(side);
    return parts ? [{ parts, oddIndex: -1 }] : [];
  }
  return oddSplits(side, cover);
}
