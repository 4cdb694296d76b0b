import { pluginModule } from '@bezzel/core';
import { constellationsStrategy } from './strategy.js';

export { constellationsStrategy } from './strategy.js';
export { constellations, type Constellation } from './constellations.js';

export default pluginModule({ strategies: [constellationsStrategy] });
