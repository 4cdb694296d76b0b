import { pluginModule } from '@bezzel/core';

/** Placeholder: the genetic-queens strategy is being written. */
export default pluginModule({ strategies: [] });
