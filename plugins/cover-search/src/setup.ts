import { isLeaper, mapSquare, symmetryGroup, type Instance } from '@bezzel/core';
import { CoverEngine, type EngineOptions } from './engine.js';
import { greedyPacking } from './greedy-packing.js';
import { buildModel, type CoverModel } from './model.js';
import { rootPacking } from './packing-lp.js';
import { orbitModels, type OrbitModel } from './orbit-models.js';

/**
 * Beyond this many rows (orbits of pieces) the root LP is skipped and the search starts from flat weights: 250 rows
 * take up to about half a second (knights, queens, kings up to 44×44 with the board's symmetry; 250 squares without).
 */
const MAX_LP_ROWS = 250;

export type DominateInstance = Extract<Instance, { kind: 'dominate' }>;

/** What every run of one instance shares: the masks, the root LP and its bound, the symmetries. */
export interface Setup {
  readonly model: CoverModel;
  /** Starting weights of the Lagrangian bound, for leapers (see Bounds). */
  readonly weights?: Float64Array;
  /** The LP bound at the root, where it was computed. */
  readonly lp?: number;
  /** A lower bound on the pieces needed before any search: the best of the LP's, a greedy packing's and the coverage count's. */
  readonly lower: number;
  readonly symmetries: readonly Int32Array[];
  /**
   * The problems of the sets a quarter turn, or a half turn, leaves unchanged (see `symmetricSet`), where defined;
   * built on first use, since only searches for one set use them (a count's sub-tasks never do).
   */
  readonly orbitModels: () => readonly OrbitModel[];
}

/** `stop`, read now and then while the LP is solved, ends it early with the (weaker, still true) bound reached. */
export function setUp(instance: DominateInstance, stop?: () => boolean): Setup {
  const { board, piece, variant } = instance;
  const model = buildModel(board, piece, variant);
  const needed = board.playable;
  const coverage = needed === 0 ? 0 : Math.ceil(needed / Math.max(1, model.maxCover));
  // A piece with its own attack rule may break the board's symmetry in ways its vectors do not show.
  const group = piece.attacks ? [] : symmetryGroup(board, piece.movement).filter((s) => s.name !== 'identity');
  const symmetries = group.map((s) => Int32Array.from({ length: board.size }, (_, sq) => mapSquare(board, s, sq)));
  // Riders cover whole lines, and the count of uncovered squares is the sharp test for them; leapers cover small
  // patches whose overlaps only the LP's weights see (knights 10×10: hundreds of nodes with them, 1.5 million without).
  const dual = needed > 0 ? rootPacking(model, symmetries, MAX_LP_ROWS, stop) : undefined;
  const lp = dual?.value;
  const weights = dual && !piece.attacks && isLeaper(piece.movement) ? dual.y : undefined;
  const lower = Math.max(coverage, greedyPacking(model), lp === undefined ? 0 : Math.ceil(lp - 1e-6));
  const turn = (name: string) => symmetries[group.findIndex((s) => s.name === name)];
  const [quarter, half, threeQuarters] = [turn('rotate 90°'), turn('rotate 180°'), turn('rotate 270°')];
  let orbits: OrbitModel[] | undefined;
  const orbitsOf = () =>
    (orbits ??= model.conflicts ? [] : [...(quarter && half && threeQuarters ? orbitModels(model, [quarter, half, threeQuarters]) : []), ...(half ? orbitModels(model, [half]) : [])]);
  return { model, ...(weights ? { weights } : {}), ...(lp !== undefined ? { lp } : {}), lower, symmetries, orbitModels: orbitsOf };
}

export function engineOf(setup: Setup, options: Pick<EngineOptions, 'stop' | 'onSet' | 'trace' | 'fromTheBack' | 'onSwept'> & { readonly symmetric?: boolean } = {}): CoverEngine {
  const { symmetric, ...rest } = options;
  return new CoverEngine(setup.model, { ...(setup.weights ? { weights: setup.weights } : {}), ...(symmetric ? { symmetries: setup.symmetries } : {}), ...rest });
}
