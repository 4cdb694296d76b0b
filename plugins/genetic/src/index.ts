import { pluginModule } from '@bezzel/core';
import { noRepair, warnsdorffRepair } from './repair';
import { genetic } from './strategy';

export { noRepair, REPAIR_KIND, warnsdorffRepair, type TourRepair } from './repair';
export { genetic } from './strategy';
export { MoveTable, TourWalk } from './walk';

export default pluginModule({ strategies: [genetic], parts: [warnsdorffRepair, noRepair] });
