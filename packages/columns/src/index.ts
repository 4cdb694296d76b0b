/**
 * The one-piece-per-column model that every column search shares (min-conflicts, hill climbing, simulated
 * annealing, tabu, beam, genetic-queens, random, csp and the web page's views): a {@link LineBoard} with O(1)
 * counters per rank and diagonal, the line families a piece rides ({@link lineFamilies}), the checks of a
 * strategy's `supports` ({@link columnTask}) and the start of its `run` ({@link columnStart}), its outcomes, and the
 * part kind `initial-placement` with the starts `random` and `greedy` (`formula` comes with @bezzel/formula).
 *
 * @module @bezzel/columns
 */
import { pluginModule } from '@bezzel/core';
import { initialPlacements } from './initial.js';

export { columnStart, columnTask, solvedOutcome, traceStart, unsolvedOutcome, type ColumnLimits, type ColumnStart, type ColumnTask } from './column-search.js';
export { greedyPlacement, placeFrom, randomPlacement, INITIAL_PLACEMENT, type InitialPlacement } from './initial.js';
export { LineBoard } from './line-board.js';
export { columnProblem, lineFamilies, type LineFamilies, type NotLines } from './lines.js';

/** The plugin: the initial placements `random` and `greedy`, which every column search's `initial` option names. */
export default pluginModule({ parts: initialPlacements });
