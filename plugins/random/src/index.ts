import { pluginModule } from '@bezzel/core';
import { random } from './strategy';

export { generateAndTest, type GenerateTally } from './generate-and-test';
export { random };

export default pluginModule({ strategies: [random] });
