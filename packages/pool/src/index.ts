export { runSplit, SubTaskError, type PoolProgress, type SplitRunOptions } from './run-split';
export { Checkpoint, type CheckpointEntry, type CheckpointHeader } from './checkpoint';
