import { pluginModule } from '@bezzel/core';
import { divideConquer } from './strategy.js';

export { divideConquer, layoutFor } from './strategy.js';
export { structuredCycle } from './base-tours.js';

export default pluginModule({ strategies: [divideConquer] });
