import { pluginModule } from '@bezzel/core';
import { initialPlacements } from './initial';
import { minConflicts } from './strategy';

export { greedyPlacement, formulaPlacement, randomPlacement, INITIAL_PLACEMENT, type InitialPlacement } from './initial';
export { LineBoard } from './line-board';
export { columnProblem, lineFamilies, type LineFamilies } from './lines';
export { minConflicts };
export { traceStart } from './strategy';

export default pluginModule({ strategies: [minConflicts], parts: initialPlacements });
