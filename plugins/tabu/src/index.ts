import { pluginModule } from '@bezzel/core';

/** Placeholder: the tabu strategy is being written. */
export default pluginModule({ strategies: [] });
