import { pluginModule } from '@bezzel/core';
import { random } from './strategy.js';

export { generateAndTest, type GenerateTally } from './generate-and-test.js';
export { random };

export default pluginModule({ strategies: [random] });
