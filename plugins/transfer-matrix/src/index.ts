import { pluginModule } from '@bezzel/core';
import { transferMatrix } from './strategy';

export { transferMatrix } from './strategy';
export { countTable } from './count';
export { buildLayout } from './layout';
export { rowModel } from './rows';
export { fixedCounts, averageOverGroup } from './burnside';

/** The transfer-matrix counting strategy. */
export default pluginModule({ strategies: [transferMatrix] });
