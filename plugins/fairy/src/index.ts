import { pluginModule } from '@bezzel/core';
import { fairyPieces } from './pieces';

export { fromBetza } from './betza';
export { selectVectors } from './directions';
export * from './pieces';

/** The named fairy pieces, each defined by its Betza string. */
export default pluginModule({ pieces: fairyPieces });
