import { pluginModule } from '@bezzel/core';
import { transferMatrix } from './strategy';

export { transferMatrix } from './strategy';
export { countTable } from './count';
export { buildLayout } from './layout';
export { rowModel } from './rows';
export { fixedCounts, averageOverGroup } from './burnside';
// The loop and its carriers, so a benchmark can measure one carrier against another.
export { transfer } from './transfer';
export { MaxKernel, ModularKernel, TotalKernel, type Kernel } from './kernels';
export { BigIntKernel, sumBigIntStates } from './bigint-kernel';

/** The transfer-matrix counting strategy. */
export default pluginModule({ strategies: [transferMatrix] });
