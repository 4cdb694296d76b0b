import { pluginModule } from '@bezzel/core';
import { formula } from './strategy';

export { explicitQueens, queensSolvable } from './queens';
export { maximumPlacement, type Construction } from './maximum';
export { shapeOf, type KnownShape } from './shape';
export { formula };

export default pluginModule({ strategies: [formula] });
