import { pluginModule } from '@bezzel/core';
import { bitboard } from './strategy.js';

export { bitboard } from './strategy.js';
export { formatPrefix, parsePrefix } from './prefix.js';

export default pluginModule({ strategies: [bitboard] });
