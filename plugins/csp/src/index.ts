import { pluginModule } from '@bezzel/core';

/** Placeholder: the csp strategy is being written. */
export default pluginModule({ strategies: [] });
