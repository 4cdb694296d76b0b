import type { Goal } from './problem.js';
import type { CountFloor, Instance } from './strategy.js';
import { onePieceARow, placementSearchSize } from './search-size.js';

/** The goals a count floor speaks of: those that visit every placement (goal one stops at the first). */
export const COUNT_FLOOR_GOALS: readonly Goal[] = ['count', 'count-fundamental', 'all'];
/** Boards past this many squares get no floor: the estimate it needs is not worth its probes there. */
const FLOOR_SQUARES = 1 << 14;

/** The floor a {@link CountFloor} gives an instance, in ms: 0 where it says nothing (a tour, goal one, a big board). */
export function countFloorMs(floor: CountFloor | undefined, instance: Instance): number {
  if (!floor || instance.kind !== 'placement' || !COUNT_FLOOR_GOALS.includes(instance.task.goal) || instance.board.playable > FLOOR_SQUARES) return 0;
  const { board, piece, k } = instance;
  const rows = onePieceARow(board, piece, k);
  const perNode = rows ? (floor.perNode ?? 0) : 0;
  const perSolution = floor.perSolution ?? 0;
  if (perNode <= 0 && perSolution <= 0) return 0;
  const size = placementSearchSize(board, piece, k, rows);
  return perNode * size.nodes + perSolution * size.solutions;
}
