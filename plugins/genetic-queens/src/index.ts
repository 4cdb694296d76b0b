/**
 * The textbook genetic algorithm for placements (Russell and Norvig): digit strings, a row per column, fitness =
 * non-attacking pairs.
 *
 * @module @bezzel/genetic-queens
 */
import { pluginModule } from '@bezzel/core';
import { geneticQueens } from './strategy.js';

export { PairCounter } from './fitness.js';
export { Population, type Crossover, type GaSettings, type GenerationSummary, type Selection } from './population.js';
export { geneticQueens };

/** The plugin: the genetic-queens strategy. It takes its initial placements from @bezzel/columns. */
export default pluginModule({ strategies: [geneticQueens] });
