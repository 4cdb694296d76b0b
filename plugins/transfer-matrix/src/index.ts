import { pluginModule } from '@bezzel/core';
import { transferMatrix } from './strategy.js';

export { transferMatrix } from './strategy.js';
export { countTable } from './count.js';
export { cellBytes, cellModel, countCells, profileStates } from './cells.js';
export { buildLayout } from './layout.js';
export { rowModel } from './rows.js';
export { fixedCounts, averageOverGroup } from './burnside.js';
// The loop and its carriers, so a benchmark can measure one carrier against another.
export { transfer } from './transfer.js';
export { MaxKernel, ModularKernel, TotalKernel, type Kernel } from './kernels.js';
export { BigIntKernel, sumBigIntStates } from './bigint-kernel.js';

/** The transfer-matrix counting strategy. */
export default pluginModule({ strategies: [transferMatrix] });
