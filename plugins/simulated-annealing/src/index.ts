/**
 * The simulated-annealing strategy: one piece per column, h = attacking pairs, four cooling schedules.
 *
 * @module @bezzel/simulated-annealing
 */
import { pluginModule } from '@bezzel/core';
import { defaultAlpha, simulatedAnnealing } from './strategy.js';

export { anneal, automaticT0, makePermutation, temperatureAt, type AnnealSettings, type AnnealStop, type AnnealTally, type Move, type Schedule } from './anneal.js';
export { defaultAlpha, simulatedAnnealing };

/** The plugin: the simulated-annealing strategy. */
export default pluginModule({ strategies: [simulatedAnnealing] });
