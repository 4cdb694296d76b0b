import { pluginModule } from '@bezzel/core';
import { portfolio } from './strategy.js';

export { portfolio };

export default pluginModule({ strategies: [portfolio] });
