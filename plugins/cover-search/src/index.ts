import { pluginModule } from '@bezzel/core';
import { coverSearch } from './strategy.js';

export { coverSearch } from './strategy.js';
export { buildModel, type CoverModel } from './model.js';
export { CoverEngine, type Mode } from './engine.js';
export { packingDual } from './packing-lp.js';

/** The exact domination search. */
export default pluginModule({ strategies: [coverSearch] });
