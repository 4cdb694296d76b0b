import { pluginModule } from '@bezzel/core';
import { initialPlacements } from './initial.js';
import { minConflicts } from './strategy.js';

export { greedyPlacement, formulaPlacement, placeFrom, randomPlacement, INITIAL_PLACEMENT, type InitialPlacement } from './initial.js';
export { LineBoard } from './line-board.js';
export { columnProblem, lineFamilies, type LineFamilies } from './lines.js';
export { minConflicts };
export { traceStart } from './strategy.js';

export default pluginModule({ strategies: [minConflicts], parts: initialPlacements });
