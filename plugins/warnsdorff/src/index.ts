import { pluginModule } from '@bezzel/core';
import { warnsdorff } from './strategy.js';

export { BUDGET_STOP, GreedyTour, TIEBREAKS, type Tiebreak } from './greedy.js';
export { LeapGeometry } from './leaps.js';
export { leaperProblem, walkBytes, walkMs, warnsdorff } from './strategy.js';

export default pluginModule({ strategies: [warnsdorff] });
