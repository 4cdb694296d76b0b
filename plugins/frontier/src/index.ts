import { pluginModule } from '@bezzel/core';
import { frontierDp } from './strategy.js';

export { frontierDp, MAX_FRONTIER } from './strategy.js';
export { countWalks, type FrontierCount, type Part, type Walk } from './dp.js';
export { countCyclesSpilled, cycleBoundLog2, fromResidues, SpillSweep, threadRunner, type SpillProgress, type SpillResult } from './spill.js';
export { frontierWidth, frontiers, orderedGraph, type OrderedGraph } from './graph.js';

/** Tour counts by frontier dynamic programming. */
export default pluginModule({ strategies: [frontierDp] });
