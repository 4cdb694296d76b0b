export { runSplit, SubTaskError, type LocalExecutor, type PoolProgress, type SplitRunOptions } from './run-split.js';
export { planSplit, splits, type KeyedSubTask, type SplitPlan } from './plan.js';
export { completeResult, subCountOf, Tally, type SubCount } from './tally.js';
export { ThreadPool } from './thread-pool.js';
export { Checkpoint, type CheckpointEntry, type CheckpointHeader } from './checkpoint.js';
export { SearchSession } from './search-session.js';
export { ModuleTimeout, probeModule, solveInThread, startInThread, threadedElsewhere, type SearchThreadOptions } from './search-thread.js';
export { containerOf } from './container.js';
