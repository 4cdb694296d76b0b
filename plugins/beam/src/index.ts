import { pluginModule } from '@bezzel/core';

/** Placeholder: the beam strategy is being written. */
export default pluginModule({ strategies: [] });
