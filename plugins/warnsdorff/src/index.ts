import { pluginModule } from '@bezzel/core';
import { warnsdorff } from './strategy';

export { BUDGET_STOP, GreedyTour, TIEBREAKS, type Tiebreak } from './greedy';
export { LeapGeometry } from './leaps';
export { leaperProblem, warnsdorff } from './strategy';

export default pluginModule({ strategies: [warnsdorff] });
