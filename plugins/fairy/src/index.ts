import { pluginModule } from '@bezzel/core';
import { fairyPieces } from './pieces.js';

export { fromBetza } from './betza.js';
export { selectVectors } from './directions.js';
export * from './pieces.js';

/** The named fairy pieces, each defined by its Betza string. */
export default pluginModule({ pieces: fairyPieces });
