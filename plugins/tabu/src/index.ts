/**
 * The tabu strategy: tabu search on one piece per column, h = attacking pairs.
 *
 * @module @bezzel/tabu
 */
import { pluginModule } from '@bezzel/core';
import { defaultTenure, tabu } from './strategy.js';

export { tabuSearch, type Neighbourhood, type TabuSettings, type TabuStop, type TabuTally } from './tabu.js';
export { tabuListAt, type TabuEntry } from './tabu-list.js';
export { defaultTenure, tabu };

/** The plugin: the tabu strategy. */
export default pluginModule({ strategies: [tabu] });
