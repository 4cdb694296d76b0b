import { pluginModule } from '@bezzel/core';
import { hillClimbing } from './strategy.js';

export { climb, type ClimbStop, type ClimbTally } from './climb.js';
export { hillClimbing };

export default pluginModule({ strategies: [hillClimbing] });
