/**
 * The min-conflicts strategy: repairs on the one-piece-per-column model of @bezzel/columns.
 *
 * @module @bezzel/min-conflicts
 */
import { pluginModule } from '@bezzel/core';
import { minConflicts } from './strategy.js';

export { minConflicts };

/** The plugin: the min-conflicts strategy (its initial placements come with @bezzel/columns). */
export default pluginModule({ strategies: [minConflicts] });
