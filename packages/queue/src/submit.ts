import type { Task } from '@bezzel/core';
import type { SplitPlan } from '@bezzel/pool';
import { FlowProducer } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { BEZZEL_VERSION, capabilityOf, type PluginRequirement } from './capability.js';
import { registerCapability } from './capability-registry.js';
import { assertReachable, type QueueAddress } from './connection.js';
import { COUNTS, DEFAULT_KEEP_MS, type CountJobData, type SubTaskJobData } from './protocol.js';

export interface SubmitOptions {
  readonly address: QueueAddress;
  readonly plan: SplitPlan;
  /** The plugins the sub-tasks need, by the specifier a worker looks them up by, with their versions. */
  readonly plugins: readonly PluginRequirement[];
  /** Runs of one sub-task before the count fails; default 3. */
  readonly attempts?: number;
  /** How long the finished count stays on the queue (default a week). */
  readonly keepMs?: number;
}

/** A job id a user can type: what is counted, and a random tail. */
function countJobId(plan: SplitPlan): string {
  const { board, piece } = plan.instance;
  const what = `${piece.id}-${board.width}x${board.height}`.replace(/[^a-z0-9-]+/gi, '-');
  return `${what}-${randomBytes(4).toString('hex')}`;
}

/** A task as a queue holds it: which count, not how long one run may take (the waiting client keeps that clock). */
function withoutBudget(task: Task): Task {
  const { budget: _budget, ...rest } = task;
  return rest;
}

/**
 * Puts a count on the queue as one BullMQ flow: the count's job is the parent, each sub-task a child on the queue
 * of the count's capability, which fails the parent when it fails for good. Returns the count's job id, which
 * `status` and `result` take later.
 */
export async function submitCount(options: SubmitOptions): Promise<string> {
  const { address, plan } = options;
  await assertReachable(address);
  const id = countJobId(plan);
  const capability = capabilityOf(options.plugins);
  const flows = new FlowProducer({ connection: address.connection, prefix: address.prefix });
  try {
    const subTaskQueue = await registerCapability(await flows.client, address.prefix, capability);
    const data: CountJobData = {
      task: withoutBudget(plan.task),
      strategy: plan.strategy.meta.id,
      parts: plan.parts,
      subTasks: plan.subTasks.length,
      bezzel: BEZZEL_VERSION,
      capability,
      subTaskQueue,
      keepMs: options.keepMs ?? DEFAULT_KEEP_MS,
    };
    await flows.add({
      name: 'count',
      queueName: COUNTS,
      data,
      opts: { jobId: id },
      children: plan.subTasks.map(({ sub, key }, index) => ({
        name: 'sub-task',
        queueName: subTaskQueue,
        data: { key, weight: sub.weight, task: withoutBudget(sub.task) } satisfies SubTaskJobData,
        opts: {
          // Ids fixed by the count and index: adding the same sub-task twice cannot make two jobs.
          jobId: `${id}.${index}`,
          attempts: options.attempts ?? 3,
          backoff: { type: 'exponential', delay: 2000 },
          failParentOnFailure: true,
          // Its result lives on in the count's record of its children; the job itself is not needed.
          removeOnComplete: true,
        },
      })),
    });
  } finally {
    await flows.close();
  }
  return id;
}
