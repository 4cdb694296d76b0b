import { pluginModule } from '@bezzel/core';
import { formulaPlacement } from './start.js';
import { formula } from './strategy.js';

export { explicitQueens, queensSolvable } from './queens.js';
export { maximumPlacement, type Construction } from './maximum.js';
export { shapeOf, type KnownShape } from './shape.js';
export { formula, formulaPlacement };

/** The formula strategy, and `formula` as a column search's initial placement. */
export default pluginModule({ strategies: [formula], parts: [formulaPlacement] });
