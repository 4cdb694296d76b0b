import { placementSearchSize, type Goal, type Instance } from '@bezzel/core';
import type { LineFamilies } from '@bezzel/min-conflicts';
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
 * The time model, calibrated on the reference machine (`pnpm bench csp` prints the figures it rests on). A node
 * costs work per column: testing a value against the assignment (none), forward checking and MRV's scan (a pass over
 * the columns), AC-3 (its arcs: a pass over the columns for each domain changed). The nodes of plain backtracking are
 * Knuth's estimate of the row-by-row tree (the same tree as the columns'); forward checking with MRV visits far fewer,
 * measured as fractions of that tree, and finds a first placement in about n·(1 + …) assignments on most boards.
 */
const MS_PER_RUN = 0.2;
const MS_PER_NODE = { none: 4e-6, 'forward-checking': 1.5e-5, mac: 2.5e-5 } as const;
const MS_PER_NODE_COLUMN = { none: 2e-6, 'forward-checking': 2e-6, mac: 1e-5 } as const;
/** Nodes relative to plain backtracking's tree, for the whole tree (counting). */
const TREE_SHARE = { none: 1, 'forward-checking': 0.3, mac: 0.15 } as const;
/** MRV's further share of a counting tree. */
const MRV_SHARE = 0.6;

export function cspMs(instance: Placement, lines: LineFamilies, settings: CspSettings): number {
  const { board, piece } = instance;
  const n = board.width;
  const goal = instance.task.goal;
  const { inference } = settings;
  const mrv = settings.ordering !== 'static';
  const perNode = MS_PER_NODE[inference] + MS_PER_NODE_COLUMN[inference] * n * (inference === 'mac' ? Math.sqrt(n) : 1) + (settings.values === 'lcv' ? 2e-6 * n : 0);
  let nodes: number;
  if (!lines.rank && !lines.diagonal && !lines.antiDiagonal) {
    nodes = goal === 'one' ? n : Number.MAX_VALUE;
  } else {
    const size = placementSearchSize(board, piece, n, lines.rank);
    const share = TREE_SHARE[inference] * (mrv && inference !== 'none' ? MRV_SHARE : 1);
    if (goal !== 'one') nodes = size.nodes * share;
    else if (mrv && inference !== 'none') nodes = 2 * n;
    else nodes = Math.min(size.nodes, Math.sqrt(size.nodes * Math.min(size.nodes, n / size.reached))) * TREE_SHARE[inference];
  }
  return MS_PER_RUN + perNode * nodes;
}
