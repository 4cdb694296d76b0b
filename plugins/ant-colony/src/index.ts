import { pluginModule } from '@bezzel/core';
import { antColony } from './strategy';

export { Colony, type ColonySettings } from './colony';
export { antColony } from './strategy';

export default pluginModule({ strategies: [antColony] });
