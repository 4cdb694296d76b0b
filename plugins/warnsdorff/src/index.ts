import { pluginModule } from '@bezzel/core';
import { warnsdorff } from './strategy.js';

export { leaperProblem, warnsdorff } from './strategy.js';

export default pluginModule({ strategies: [warnsdorff] });
