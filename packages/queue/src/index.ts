export { assertReachable, parseQueueAddress, type QueueAddress } from './connection';
export { submitCount, type SubmitOptions } from './submit';
export { CountWorker, type CountWorkerOptions } from './worker';
export { CountClient, QueueCountError, type AwaitOptions, type CountStatus } from './client';
export type { CountJobData, CountReturn, SubTaskJobData, SubTaskReturn } from './protocol';
