import { pluginModule } from '@bezzel/core';

/** Placeholder: the dlx strategy is being written. */
export default pluginModule({ strategies: [] });
