import { nodesToFirst, onePieceARow, placementSearchSize, symmetryGroup, type CountFloor, type Instance } from '@bezzel/core';

type Placement = Extract<Instance, { kind: 'placement' }>;
type Tour = Extract<Instance, { kind: 'tour' }>;

/**
 * The time and memory models, calibrated by bench/sections/85-auto.ts on the reference machine. The core builds a
 * table through a list and a set per square, so building costs per entry and, more, per square (a 1000×1000
 * knight's conflict table: 8 million entries, 12 s, 450 MB). A placement search costs per node (a piece placed),
 * its nodes estimated by Knuth's probes (placementSearchSize); count-fundamental tests each placement found against
 * the board's symmetries, goal `all` streams each. A tour that Warnsdorff's ordering leads straight through costs
 * per square; a tour count grows exponentially with the squares, at the rate measured on 5×5 to 6×6 boards.
 */
const MS_PER_RUN = 0.3;
const MS_PER_CONFLICT_ENTRY = 4e-4;
const MS_PER_CONFLICT_SQUARE = 9e-3;
const MS_PER_MOVE_ENTRY = 1.5e-4;
const MS_PER_MOVE_SQUARE = 9e-4;
/** A node places and lifts a piece over its conflicts: a little per node, and per conflict of a square. */
const MS_PER_NODE = 4e-5;
const MS_PER_NODE_CONFLICT = 2e-5;
const MS_PER_CANONICAL_IMAGE = 4e-5;
const MS_PER_STREAMED = 2.5e-3;
const MS_PER_TOUR_STEP = 1.5e-3;
/**
 * Nodes of a tour count ≈ e^(rate · squares): ln(nodes) / squares was 0.36–0.46 for knights and wazirs (3.2 to 4.4
 * moves a square on average) and 0.79–0.82 for kings (5.3 to 5.5), on 4×4 to 6×6, open from a start or from every
 * square, and closed; fitted as 0.4 until the moves a square pass 4.5, then rising by 0.5 a move.
 */
const TOUR_RATE = 0.4;
const TOUR_RATE_PER_MOVE = 0.5;
const TOUR_RATE_FROM_MOVES = 3.7;
/** Bytes: the table's build lists and sets per entry and per square, then the search's own arrays per square. */
const BYTES_PER_ENTRY = { placement: 24, tour: 28 } as const;
const BYTES_PER_SQUARE = { placement: 260, tour: 131 } as const;

/** What `placementMs` charges a count or listing at least: every node of the tree, MS_PER_NODE and more. */
export const COUNT_FLOOR: CountFloor = { perNode: MS_PER_NODE };

export function bytesOf(instance: Placement | Tour, entries: number): number {
  return BYTES_PER_ENTRY[instance.kind] * entries + BYTES_PER_SQUARE[instance.kind] * instance.board.size;
}

export function placementMs(instance: Placement, entries: number): number {
  const { board, piece, k } = instance;
  const goal = instance.task.goal;
  const rowByRow = onePieceARow(board, piece, k);
  const size = placementSearchSize(board, piece, k, rowByRow);
  // Taking the first free square first, it finds a placement about as a restarting random search would, except one
  // piece a row (queens), where its first solution may lie far into the tree (see bitboard's firstPlacementNodes).
  const nodes = goal !== 'one' ? size.nodes : rowByRow ? Math.sqrt(size.nodes * nodesToFirst(size, k)) : nodesToFirst(size, k);
  const perSolution =
    goal === 'count-fundamental' ? MS_PER_CANONICAL_IMAGE * k * symmetryGroup(board, piece.movement).length
    : goal === 'all' ? MS_PER_STREAMED
    : 0;
  const build = MS_PER_CONFLICT_ENTRY * entries + MS_PER_CONFLICT_SQUARE * board.size;
  const perNode = MS_PER_NODE + (MS_PER_NODE_CONFLICT * entries) / board.size;
  return MS_PER_RUN + build + perNode * nodes + perSolution * size.solutions;
}

export function tourMs(instance: Tour, entries: number): number {
  const build = MS_PER_MOVE_ENTRY * entries + MS_PER_MOVE_SQUARE * instance.board.size;
  const squares = instance.board.playable;
  if (instance.task.goal === 'one') return MS_PER_RUN + build + MS_PER_TOUR_STEP * squares;
  const moves = entries / Math.max(squares, 1);
  const rate = Math.max(TOUR_RATE, TOUR_RATE_PER_MOVE * (moves - TOUR_RATE_FROM_MOVES));
  return MS_PER_RUN + build + MS_PER_TOUR_STEP * Math.exp(Math.min(rate * squares, 700));
}
