/**
 * Knuth's Algorithm X with dancing links: placements of pieces that attack along whole lines, as exact covers.
 *
 * @module @bezzel/dlx
 */
import { pluginModule } from '@bezzel/core';
import { dlx } from './strategy.js';

export { dlx } from './strategy.js';
export { columnNames, formulate, type ExactCover, type Formulation, type LineFamily } from './formulation.js';
export { DancingLinks } from './links.js';
export { AlgorithmX, type SearchEnd, type SearchHooks } from './search.js';
export { estimateTree, type TreeEstimate } from './estimate.js';

/** The dlx strategy. */
export default pluginModule({ strategies: [dlx] });
