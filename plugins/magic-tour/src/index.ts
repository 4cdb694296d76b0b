import { pluginModule } from '@bezzel/core';
import { magicTour } from './strategy.js';

export { LineLayout, LineNeeds } from './lines.js';
export { QuarteLayout } from './quartes.js';
export { MagicTourSearch, type MagicRun, type MagicVisitor, type SearchEnd } from './search.js';
export { startSquares, type WeightedStart } from './starts.js';
export { magicTour, METHODS } from './strategy.js';

/** The magic-tour strategy: semi-magic and magic tours of any leaper. */
export default pluginModule({ strategies: [magicTour] });
