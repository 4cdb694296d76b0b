/**
 * The beam strategy: local beam search and stochastic beam search on one piece per column, h = attacking pairs.
 *
 * @module @bezzel/beam
 */
import { pluginModule } from '@bezzel/core';
import { beam } from './strategy.js';

export { Beam, beamSearch, type BeamSettings, type BeamStop, type BeamTally } from './beam.js';
export { beam };

/** The plugin: the beam strategy. */
export default pluginModule({ strategies: [beam] });
