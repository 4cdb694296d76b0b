import { pluginModule } from '@bezzel/core';
import { hillClimbing } from './strategy';

export { climb, type ClimbStop, type ClimbTally } from './climb';
export { hillClimbing };

export default pluginModule({ strategies: [hillClimbing] });
