import { pluginModule } from '@bezzel/core';
import { bitboard } from './strategy';

export { bitboard } from './strategy';
export { formatPrefix, parsePrefix } from './prefix';
export { rowRules, type RowRules } from './row-rules';

export default pluginModule({ strategies: [bitboard] });
