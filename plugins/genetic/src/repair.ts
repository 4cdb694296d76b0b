import type { StrategyPart } from '@bezzel/core';
import type { TourWalk } from './walk.js';

export const REPAIR_KIND = 'tour-repair';

/** Replaces a chromosome's illegal or repeated move; injected into the genetic algorithm by the option `repair`. */
export interface TourRepair extends StrategyPart {
  readonly kind: typeof REPAIR_KIND;
  /** The move index to play from `square` instead of an illegal one, or -1 to end the walk there. */
  repair(walk: TourWalk, square: number): number;
}

/** No repair: the walk ends at the first illegal or repeated move, as in the plain genetic algorithm. */
export const noRepair: TourRepair = {
  kind: REPAIR_KIND,
  id: 'none',
  description: 'no repair: the walk ends at the first illegal or repeated move',
  repair: () => -1,
};

/**
 * Al-Gharaibeh, Qawagneh and Al-Zahawi (2007): replace the illegal move by Warnsdorff's choice, the free square
 * with the fewest free onward squares (first in vector order on ties).
 */
export const warnsdorffRepair: TourRepair = {
  kind: REPAIR_KIND,
  id: 'warnsdorff',
  description: "replace an illegal move by Warnsdorff's choice: the free square with the fewest onward moves",
  repair(walk: TourWalk, square: number): number {
    const count = walk.moves.count;
    let best = -1;
    let bestDegree = Infinity;
    for (let k = 0; k < count; k++) {
      const t = walk.free(square, k);
      if (t < 0) continue;
      let degree = 0;
      for (let j = 0; j < count; j++) if (walk.free(t, j) >= 0) degree++;
      if (degree < bestDegree) {
        best = k;
        bestDegree = degree;
      }
    }
    return best;
  },
};
