/**
 * The min-conflicts strategy, and the part kind `initial-placement` that it and hill climbing take: an
 * {@link InitialPlacement} fills a {@link LineBoard}, one piece per column. Also what every one-piece-per-column
 * search shares: {@link columnTask} for `supports`, {@link columnStart} for `run`, and its outcomes.
 *
 * @module @bezzel/min-conflicts
 */
import { pluginModule } from '@bezzel/core';
import { initialPlacements } from './initial.js';
import { minConflicts } from './strategy.js';

export { columnStart, columnTask, solvedOutcome, traceStart, unsolvedOutcome, type ColumnLimits, type ColumnStart, type ColumnTask } from './column-search.js';
export { greedyPlacement, formulaPlacement, placeFrom, randomPlacement, INITIAL_PLACEMENT, type InitialPlacement } from './initial.js';
export { LineBoard } from './line-board.js';
export { columnProblem, lineFamilies, type LineFamilies, type NotLines } from './lines.js';
export { minConflicts };

/** The plugin: the min-conflicts strategy and the initial placements `random`, `greedy` and `formula`. */
export default pluginModule({ strategies: [minConflicts], parts: initialPlacements });
