import { nodesToFirst, placementSearchSize, type CountFloor, type Goal, type Instance } from '@bezzel/core';
import type { LineFamilies } from '@bezzel/columns';
import type { CspSettings } from './search.js';

type Placement = Extract<Instance, { kind: 'placement' }>;

/** The largest board: a variable·n + value must fit an Int32 trail entry, and past this the quadratic parts (the trail, MAC's queue) outgrow a run. */
export const MAX_N = 10_000;

/** Bytes: domains, conflict sets and the per-depth arrays (words per variable), the trail (up to n² entries), MAC's arc queue, LCV's lists. */
export function bytesOf(n: number, settings: CspSettings, goal: Goal): number {
  const words = (n + 31) >>> 5;
  const perVariable = 4 * words * (settings.backjumping ? 4 : 2) + 64;
  const trail = settings.inference === 'none' ? 0 : 4 * n * Math.min(n, 64);
  const mac = settings.inference === 'mac' ? 5 * n * n : 0;
  const lcv = settings.values === 'lcv' ? 4 * n * Math.min(n, 64) : 0;
  const symmetry = goal === 'count-fundamental' ? 4 * 7 * n * n : 0;
  return n * perVariable + trail + mac + lcv + symmetry;
}

/**
 * The time model, measured on the reference machine with counts of 8 to 13 queens (after warm-up). A node costs
 * work per column: forward checking passes over the unassigned columns (about 0.035 µs a column), plain
 * backtracking tests the value against the assignment (0.07 µs a column), and the quadratic parts cost per column²:
 * MRV without inference recounting legal values (0.012 µs), AC-3 (0.017 µs), LCV and the degree heuristic (0.002
 * µs each). Nodes are shares of plain backtracking's tree, Knuth's estimate of the row-by-row tree (the same tree
 * as the columns'): forward checking keeps 0.75 of it, MRV (with or without inference, which counts the same legal
 * values) 0.55, MAC with MRV 0.28. A first placement with MRV and inference comes after about 10n assignments on
 * small boards but on some larger ones after far more (200 queens: 640,000), which n^2.5/10 covers within an
 * order of magnitude from 8 to 2000 queens; without MRV it is found as the backtracking strategy finds it.
 */
const MS_PER_RUN = 0.2;
const MS_PER_NODE_COLUMN = { none: 7e-5, 'forward-checking': 3.5e-5, mac: 3.5e-5 } as const;
const MS_PER_NODE_COLUMN2 = { legal: 1.2e-5, mac: 1.7e-5, lcv: 2e-6, degree: 2e-6 } as const;
const TREE_SHARE = { plain: 1, forwardChecking: 0.75, mrv: 0.55, macMrv: 0.28, mac: 0.45 } as const;
const MS_PER_STREAMED = 2.5e-3;
const MS_PER_CANONICAL_IMAGE = 4e-5;

/**
 * What `cspMs` charges a count or listing at least, whatever the settings: the cheapest node of one column (n ≥ 1)
 * on the smallest share of the tree.
 */
export const COUNT_FLOOR: CountFloor = { perNode: Math.min(...Object.values(MS_PER_NODE_COLUMN)) * Math.min(...Object.values(TREE_SHARE)) };

export function cspMs(instance: Placement, lines: LineFamilies, settings: CspSettings): number {
  const { board, piece } = instance;
  const n = board.width;
  const goal = instance.task.goal;
  const { inference } = settings;
  const mrv = settings.ordering !== 'static';
  const quadratic =
    (inference === 'mac' ? MS_PER_NODE_COLUMN2.mac : 0) +
    (inference === 'none' && (mrv || settings.values === 'lcv') ? MS_PER_NODE_COLUMN2.legal : 0) +
    (settings.values === 'lcv' ? MS_PER_NODE_COLUMN2.lcv : 0) +
    (settings.ordering === 'mrv+degree' ? MS_PER_NODE_COLUMN2.degree : 0);
  const perNode = MS_PER_NODE_COLUMN[inference] * n + quadratic * n * n;
  if (!lines.rank && !lines.diagonal && !lines.antiDiagonal) {
    // No constraint between columns: every assignment is a solution.
    return MS_PER_RUN + perNode * (goal === 'one' ? n : n ** n) + (goal === 'all' ? MS_PER_STREAMED * n ** n : 0);
  }
  const share =
    inference === 'mac' ? (mrv ? TREE_SHARE.macMrv : TREE_SHARE.mac)
    : mrv ? TREE_SHARE.mrv
    : inference === 'forward-checking' ? TREE_SHARE.forwardChecking
    : TREE_SHARE.plain;
  if (goal === 'one' && mrv) return MS_PER_RUN + perNode * (10 * n + n ** 2.5 / 10);
  const size = placementSearchSize(board, piece, n, lines.rank);
  if (goal === 'one') return MS_PER_RUN + perNode * share * Math.min(size.nodes, Math.sqrt(size.nodes * nodesToFirst(size, n)));
  const perSolution = goal === 'all' ? MS_PER_STREAMED : goal === 'count-fundamental' ? MS_PER_CANONICAL_IMAGE * n * 8 : 0;
  return MS_PER_RUN + perNode * share * size.nodes + perSolution * size.solutions;
}
