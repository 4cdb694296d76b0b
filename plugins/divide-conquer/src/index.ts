import { pluginModule } from '@bezzel/core';
import { divideConquer } from './strategy';

export { divideConquer, layoutFor } from './strategy';
export { structuredCycle } from './base-tours';

export default pluginModule({ strategies: [divideConquer] });
