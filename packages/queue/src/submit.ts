import type { SplitPlan } from '@bezzel/pool';
import { FlowProducer } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { assertReachable, type QueueAddress } from './connection.js';
import { COUNTS, SUB_TASKS, type CountJobData, type SubTaskJobData } from './protocol.js';

export interface SubmitOptions {
  readonly address: QueueAddress;
  readonly plan: SplitPlan;
  /** Plugin specifiers the sub-tasks need, as a worker will look them up. */
  readonly plugins: readonly string[];
  /** Runs of one sub-task before the count fails; default 3. */
  readonly attempts?: number;
}

/** A job id a user can type: what is counted, and a random tail. */
function countJobId(plan: SplitPlan): string {
  const { board, piece } = plan.instance;
  const what = `${piece.id}-${board.width}x${board.height}`.replace(/[^a-z0-9-]+/gi, '-');
  return `${what}-${randomBytes(4).toString('hex')}`;
}

/**
 * Puts a count on the queue as one BullMQ flow: the count's job is the parent, each sub-task a child that fails
 * the parent when it fails for good. Returns the count's job id, which `status` and `result` take later.
 */
export async function submitCount(options: SubmitOptions): Promise<string> {
  const { address, plan } = options;
  await assertReachable(address);
  const id = countJobId(plan);
  const data: CountJobData = { task: plan.task, strategy: plan.strategy.meta.id, parts: plan.parts, subTasks: plan.subTasks.length, plugins: options.plugins };
  const flows = new FlowProducer({ connection: address.connection, prefix: address.prefix });
  try {
    await flows.add({
      name: 'count',
      queueName: COUNTS,
      data,
      opts: { jobId: id },
      children: plan.subTasks.map(({ sub, key }, index) => ({
        name: 'sub-task',
        queueName: SUB_TASKS,
        data: { key, weight: sub.weight, task: sub.task, plugins: options.plugins } satisfies SubTaskJobData,
        opts: {
          // Ids fixed by the count and index: adding the same sub-task twice cannot make two jobs.
          jobId: `${id}.${index}`,
          attempts: options.attempts ?? 3,
          backoff: { type: 'exponential', delay: 2000 },
          failParentOnFailure: true,
        },
      })),
    });
  } finally {
    await flows.close();
  }
  return id;
}
