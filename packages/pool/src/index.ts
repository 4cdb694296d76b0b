export { runSplit, SubTaskError, type LocalExecutor, type PoolProgress, type SplitRunOptions } from './run-split';
export { planSplit, splits, type KeyedSubTask, type SplitPlan } from './plan';
export { completeResult, subCountOf, Tally, type SubCount } from './tally';
export { ThreadPool } from './thread-pool';
export { Checkpoint, type CheckpointEntry, type CheckpointHeader } from './checkpoint';
