import { pluginModule } from '@bezzel/core';

/** Placeholder: the simulated-annealing strategy is being written. */
export default pluginModule({ strategies: [] });
