import { pluginModule } from '@bezzel/core';
import { noRepair, warnsdorffRepair } from './repair.js';
import { genetic } from './strategy.js';

export { noRepair, REPAIR_KIND, warnsdorffRepair, type TourRepair } from './repair.js';
export { genetic } from './strategy.js';
export { MoveTable, TourWalk } from './walk.js';

export default pluginModule({ strategies: [genetic], parts: [warnsdorffRepair, noRepair] });
