import { pluginModule } from '@bezzel/core';
import { antColony } from './strategy.js';

export { Colony, type ColonySettings } from './colony.js';
export { antColony } from './strategy.js';

export default pluginModule({ strategies: [antColony] });
