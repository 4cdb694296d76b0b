export { assertReachable, parseQueueAddress, type QueueAddress } from './connection.js';
export { submitCount, type SubmitOptions } from './submit.js';
export { CountWorker, type CountWorkerOptions } from './worker.js';
export { CountClient, QueueCountError, type AwaitOptions, type CountStatus } from './client.js';
export type { CountJobData, CountReturn, SubTaskJobData, SubTaskReturn } from './protocol.js';
