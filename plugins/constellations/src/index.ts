import { pluginModule } from '@bezzel/core';
import { halvesStrategy } from './halves-strategy.js';
import { constellationsStrategy } from './strategy.js';

export { constellationsStrategy } from './strategy.js';
export { halvesStrategy } from './halves-strategy.js';
export { constellations, type Constellation } from './constellations.js';

export default pluginModule({ strategies: [constellationsStrategy, halvesStrategy] });
