import { pluginModule } from '@bezzel/core';
import { pipeline } from './strategy.js';

export { pipeline };

export default pluginModule({ strategies: [pipeline] });
