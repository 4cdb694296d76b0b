import { pluginModule } from '@bezzel/core';
import { ilp } from './strategy.js';

export { ilp } from './strategy.js';
export { lpModel, type LpModel } from './lp-model.js';
export { runHighs, type HighsAnswer, type HighsRequest } from './highs-run.js';

/** Domination by integer programming (HiGHS). */
export default pluginModule({ strategies: [ilp] });
