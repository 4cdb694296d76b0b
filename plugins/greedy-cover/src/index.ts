import { pluginModule } from '@bezzel/core';
import { greedyCover } from './strategy.js';

export { greedyCover } from './strategy.js';
export { coverageOf, greedySet, type Coverage } from './greedy.js';

/** Greedy upper bounds for domination on large boards. */
export default pluginModule({ strategies: [greedyCover] });
