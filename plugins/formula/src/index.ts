import { pluginModule } from '@bezzel/core';
import { formula } from './strategy.js';

export { explicitQueens, queensSolvable } from './queens.js';
export { maximumPlacement, type Construction } from './maximum.js';
export { shapeOf, type KnownShape } from './shape.js';
export { formula };

export default pluginModule({ strategies: [formula] });
