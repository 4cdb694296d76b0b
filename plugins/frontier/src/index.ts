import { pluginModule } from '@bezzel/core';
import { frontierDp } from './strategy.js';

export { frontierDp, MAX_FRONTIER } from './strategy.js';
export { countWalks, type FrontierCount, type Walk } from './dp.js';
export { countSpilled, type SpillProgress, type SpillResult } from './spill.js';
export { SpillSweep } from './spill-sweep.js';
export { threadRunner } from './spill-threads.js';
export { fromResidues, walkBoundLog2 } from './residues.js';
export { chooseRoute, type Route } from './route.js';
export { frontierWidth, frontiers, orderedGraph, type OrderedGraph } from './graph.js';

/** Tour counts by frontier dynamic programming. */
export default pluginModule({ strategies: [frontierDp] });
